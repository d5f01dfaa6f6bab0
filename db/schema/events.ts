import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { Mode } from "./merchants";

/**
 * The transactional outbox: an event row commits with the change it describes.
 * `payload` is {id, type, timestamp, livemode, data: {object}}; what receivers get is built from it
 * when sent (lib/webhooks/body.ts: `data` becomes the object itself), the same bytes every time.
 */
export const events = pgTable(
  "events",
  {
    id: text("id").primaryKey(),
    merchantId: text("merchant_id").notNull(),
    applicationId: text("application_id").notNull(),
    mode: text("mode").$type<Mode>().notNull(),
    type: text("type").notNull(),
    objectId: text("object_id").notNull(),
    payload: jsonb("payload").$type<EventPayload>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    // Set once the event has been fanned out to webhook deliveries.
    dispatchedAt: timestamp("dispatched_at", { withTimezone: true }),
  },
  (t) => [
    index("events_app_idx").on(t.applicationId, t.mode, t.id),
    index("events_object_idx").on(t.objectId),
    index("events_undispatched_idx").on(t.createdAt).where(sql`dispatched_at is null`),
  ],
);

export type EventPayload = {
  id: string;
  type: string;
  timestamp: string;
  livemode: boolean;
  data: { object: Record<string, unknown> };
};

export type EventRow = typeof events.$inferSelect;
