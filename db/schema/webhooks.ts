import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { events } from "./events";
import { applications, merchants, type Mode } from "./merchants";

export type WebhookDeliveryStatus = "PENDING" | "SUCCESS" | "FAILED";
export type WebhookAttemptTrigger = "automatic" | "manual";
/** `http`: the merchant's endpoint, POSTed by the worker; `cli`: a `cauri listen` session, whose stream hands its deliveries to the CLI (lib/webhooks/listen). */
export type WebhookEndpointKind = "http" | "cli";
/** HTTP headers in the order sent or received, as [name, value] pairs (a name may repeat). */
export type HeaderPairs = [string, string][];

/**
 * A merchant's webhook endpoint, per application and mode. The signing secret (`whsec_…`) is
 * shown once; at rest it is AES-256-GCM ciphertext under a server key (lib/webhooks/secret.ts).
 * After a roll with a grace period the previous secret also signs until `previous_secret_expires_at`.
 * Deleting an endpoint sets `deleted_at` so its delivery log stays readable.
 * Its health (lib/webhooks/endpoint-health.ts): `slow_until`, while in the future, limits it to one
 * attempt in flight (its attempts time out); `auto_disabled_at` is when it was last disabled for
 * failing continuously (lib/notifications/webhook-failing.ts).
 * A `cli` endpoint is a listen session (docs/decisions/listen.md): never POSTed by the worker, not
 * listed nor counted with the merchant's endpoints; `last_seen_at` is its stream's heartbeat, and
 * a session unseen for a minute is closed (deleted_at).
 */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: text("id").primaryKey(),
    merchantId: text("merchant_id").notNull().references(() => merchants.id),
    applicationId: text("application_id").notNull().references(() => applications.id),
    mode: text("mode").$type<Mode>().notNull(),
    url: text("url").notNull(),
    description: text("description"),
    // Event types this endpoint receives; ["*"] means every type.
    enabledEvents: jsonb("enabled_events").$type<string[]>().notNull().default(["*"]),
    enabled: boolean("enabled").notNull().default(true),
    secretCiphertext: text("secret_ciphertext").notNull(),
    previousSecretCiphertext: text("previous_secret_ciphertext"),
    previousSecretExpiresAt: timestamp("previous_secret_expires_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    slowUntil: timestamp("slow_until", { withTimezone: true }),
    autoDisabledAt: timestamp("auto_disabled_at", { withTimezone: true }),
    kind: text("kind").$type<WebhookEndpointKind>().notNull().default("http"),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }),
  },
  (t) => [index("webhook_endpoints_app_idx").on(t.applicationId, t.mode), check("webhook_endpoints_kind_check", sql`${t.kind} in ('http', 'cli')`)],
);

/**
 * One event to one endpoint: the "webhook delivery log" record of the contract. The row is the
 * truth for status and schedule, whichever runner (embedded worker or Inngest) sends it.
 * Unclaimed, `next_attempt_at` is on the merchant's clock (the sandbox clock applies in test
 * mode); a worker that claims the row sets `claim_token` and `next_attempt_at` to the end of a
 * lease in real time (a clock advance must not end a lease early), so a crashed worker's claim
 * simply expires and the attempt is made again. Other timestamps are real time.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: text("id").primaryKey(),
    merchantId: text("merchant_id").notNull().references(() => merchants.id),
    applicationId: text("application_id").notNull(),
    mode: text("mode").$type<Mode>().notNull(),
    endpointId: text("endpoint_id").notNull().references(() => webhookEndpoints.id),
    eventId: text("event_id").notNull().references(() => events.id),
    eventType: text("event_type").notNull(),
    status: text("status").$type<WebhookDeliveryStatus>().notNull().default("PENDING"),
    // Every attempt made (automatic and manual); automatic ones alone walk the retry schedule.
    attemptCount: integer("attempt_count").notNull().default(0),
    autoAttempts: integer("auto_attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    claimToken: text("claim_token"),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    lastStatusCode: integer("last_status_code"),
    lastError: text("last_error"),
    lastResponseExcerpt: text("last_response_excerpt"),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("webhook_deliveries_event_endpoint_idx").on(t.eventId, t.endpointId),
    index("webhook_deliveries_app_idx").on(t.applicationId, t.mode, t.createdAt),
    index("webhook_deliveries_due_idx").on(t.nextAttemptAt).where(sql`status = 'PENDING'`),
    index("webhook_deliveries_endpoint_idx").on(t.endpointId),
    // Per endpoint: its due deliveries in order and its live claims (lib/webhooks/claim.ts).
    index("webhook_deliveries_endpoint_due_idx").on(t.endpointId, t.nextAttemptAt).where(sql`status = 'PENDING'`),
    check("webhook_deliveries_status_check", sql`${t.status} in ('PENDING', 'SUCCESS', 'FAILED')`),
  ],
);

/**
 * Every HTTP attempt of a delivery, as made: the headers sent (signatures included, never a
 * secret), the status and headers received or the network error, the first 1 KiB of the body,
 * the duration. Header columns are null for attempts recorded before they existed.
 */
export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: text("id").primaryKey(),
    deliveryId: text("delivery_id").notNull().references(() => webhookDeliveries.id),
    number: integer("number").notNull(),
    trigger: text("trigger").$type<WebhookAttemptTrigger>().notNull(),
    url: text("url").notNull(),
    status: text("status").$type<"SUCCESS" | "FAILED">().notNull(),
    statusCode: integer("status_code"),
    error: text("error"),
    responseExcerpt: text("response_excerpt"),
    requestHeaders: jsonb("request_headers").$type<HeaderPairs>(),
    responseHeaders: jsonb("response_headers").$type<HeaderPairs>(),
    durationMs: integer("duration_ms").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("webhook_attempts_delivery_idx").on(t.deliveryId, t.number)],
);

export type WebhookEndpoint = typeof webhookEndpoints.$inferSelect;
export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;
export type WebhookAttempt = typeof webhookAttempts.$inferSelect;
