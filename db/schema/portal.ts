import { index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { Mode } from "./merchants";

/**
 * Customer-portal sessions. The URL carries a random token; only its SHA-256 is stored, so a
 * database read does not hand out working portal links.
 */
export const portalSessions = pgTable(
  "portal_sessions",
  {
    id: text("id").primaryKey(),
    merchantId: text("merchant_id").notNull(),
    applicationId: text("application_id").notNull(),
    mode: text("mode").$type<Mode>().notNull(),
    customerId: text("customer_id").notNull(),
    tokenHash: text("token_hash").notNull(),
    returnUrl: text("return_url"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("portal_sessions_token_idx").on(t.tokenHash), index("portal_sessions_customer_idx").on(t.customerId)],
);

export type PortalSession = typeof portalSessions.$inferSelect;
