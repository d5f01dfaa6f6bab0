import { index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Append-only record of every staff action (ops CLI or ops console) and of every team change and
 * sensitive action in a merchant's dashboard: who, what, when, before and after. `merchant_id`
 * names the merchant a row concerns (null for actions on no merchant), which is the merchant's own
 * audit log in the dashboard. A trigger (migration `audit_append_only`) refuses UPDATE and DELETE.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: text("id").primaryKey(),
    // "cli:<os user>" for the command line, "staff:<id or e-mail>" for the console, "user:<id>" for a merchant's user.
    actor: text("actor").notNull(),
    merchantId: text("merchant_id"),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    before: jsonb("before").$type<Record<string, unknown> | null>(),
    after: jsonb("after").$type<Record<string, unknown> | null>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("audit_log_target_idx").on(t.targetType, t.targetId, t.createdAt),
    index("audit_log_created_idx").on(t.createdAt),
    index("audit_log_merchant_idx").on(t.merchantId, t.createdAt),
  ],
);

export type AuditRow = typeof auditLog.$inferSelect;
