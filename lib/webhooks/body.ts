import type { EventPayload } from "@/db/schema";

/**
 * The exact bytes sent for an event, the same on every attempt and to every endpoint:
 * `{id, type, timestamp, livemode, data: {object}}`. The stored payload is read back from
 * jsonb, whose key order is fixed, so the same event always serializes to the same body.
 */
export function eventBody(payload: EventPayload): string {
  return JSON.stringify(eventResource(payload));
}

/** The event as the API shows it (events routes) and as receivers get it. */
export function eventResource(payload: EventPayload): EventPayload {
  return { id: payload.id, type: payload.type, timestamp: payload.timestamp, livemode: payload.livemode, data: { object: payload.data.object } };
}
