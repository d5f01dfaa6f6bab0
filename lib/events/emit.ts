import type { Database } from "@/db/client";
import { events, type EventPayload, type Mode } from "@/db/schema";
import { newId } from "@/lib/ids";
import { isEventType, type EventType } from "@/lib/webhooks/event-types";
import { notifyEventsCommitted } from "./notify";

export type EmitInput = {
  merchantId: string;
  applicationId: string;
  mode: Mode;
  /** From the catalogue (GET /v1/webhook-event-types): a type missing from it does not compile. */
  type: EventType;
  /** The resource as the API shows it (the same serializer as the route's response). */
  object: Record<string, unknown> & { id: string };
  at: Date;
};

/**
 * Writes an event to the outbox. Call it with the transaction that makes the change, so the
 * event exists if and only if the change committed (docs/architecture.md, "Data": the transactional outbox).
 */
export async function emitEvent(db: Database, input: EmitInput): Promise<EventPayload> {
  const [payload] = await emitEvents(db, [input]);
  return payload;
}

/** emitEvent for many changes of one transaction (a sweep's batch): one statement, one nudge. */
export async function emitEvents(db: Database, inputs: EmitInput[]): Promise<EventPayload[]> {
  if (inputs.length === 0) return [];
  const rows = inputs.map((input) => {
    // A cast or a plain-JS caller gets past the type; no endpoint could subscribe to what it would write.
    if (!isEventType(input.type)) throw new Error(`event type ${String(input.type)} is not in the catalogue`);
    const id = newId("evt");
    const payload: EventPayload = { id, type: input.type, timestamp: input.at.toISOString(), livemode: input.mode === "live", data: { object: input.object } };
    return { id, merchantId: input.merchantId, applicationId: input.applicationId, mode: input.mode, type: input.type, objectId: input.object.id, payload };
  });
  await db.insert(events).values(rows);
  notifyEventsCommitted();
  return rows.map((row) => row.payload);
}
