import type { EventPayload } from "@/db/schema";
import { withCurrentFields } from "@/lib/events/current-fields";
import { EVENT_VERSION } from "./event-types";
import type { WebhookEventBody } from "./schemas";

/**
 * The exact bytes sent for an event, the same on every attempt and to every endpoint. The stored
 * payload is read back from jsonb, whose key order is fixed, so the same event always serializes
 * to the same body.
 */
export function eventBody(payload: EventPayload): string {
  return JSON.stringify(eventResource(payload));
}

/**
 * The event as receivers get it and the API shows it: `{id, type, event, version, timestamp,
 * livemode, data}`, `data` being the object itself and `event` repeating `type`, a shape the
 * previous service's client libraries read as well as ours. The outbox keeps `{data: {object}}`,
 * as every stored event always has: the shape is built here, at send and read time, so events
 * written before this shape are delivered in it too and no stored row is rewritten; so are the
 * fields `data` gained since (lib/events/current-fields.ts).
 */
export function eventResource(payload: EventPayload): WebhookEventBody {
  return {
    id: payload.id,
    type: payload.type,
    event: payload.type,
    version: EVENT_VERSION,
    timestamp: payload.timestamp,
    livemode: payload.livemode,
    data: withCurrentFields(payload.type, payload.data.object),
  };
}
