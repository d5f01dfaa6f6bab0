import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import type { Mode } from "./merchants";

/** One row per (application, mode, key): reserved atomically before the work runs. */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    applicationId: text("application_id").notNull(),
    mode: text("mode").$type<Mode>().notNull(),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    state: text("state").$type<"in_progress" | "done">().notNull(),
    owner: text("owner").notNull(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }).notNull(),
    responseStatus: integer("response_status"),
    responseBody: jsonb("response_body"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.applicationId, t.mode, t.key] })],
);

/**
 * The dashboard's request log: the last 24 hours of /v1 requests made with a key, per
 * application and mode. Written in batches off the request path and pruned as it goes
 * (lib/request-log/store.ts); never holds a query string or header. The JSON bodies are kept
 * masked (keys, secrets, delivery codes, passwords, tokens, phone numbers: lib/request-log/mask.ts)
 * and cut at 8 KB each.
 */
export const apiRequestLog = pgTable(
  "api_request_log",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    merchantId: text("merchant_id").notNull(),
    applicationId: text("application_id").notNull(),
    mode: text("mode").$type<Mode>().notNull(),
    method: text("method").notNull(),
    path: text("path").notNull(),
    status: integer("status").notNull(),
    durationMs: integer("duration_ms").notNull(),
    requestId: text("request_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    // Null when the request had no JSON body (a GET) or the answer was not JSON (an image).
    requestBody: text("request_body"),
    responseBody: text("response_body"),
  },
  (t) => [index("api_request_log_app_idx").on(t.applicationId, t.mode, t.createdAt.desc().nullsFirst()), index("api_request_log_created_idx").on(t.createdAt)],
);
