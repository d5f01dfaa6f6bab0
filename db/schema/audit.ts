import { index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Append-only record of every staff action (ops CLI or ops console): who, what, when, before
 * and after. A trigger (migration `audit_append_only`) refuses UPDATE and DELETE on this table.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: text("id").primaryKey(),
    // "cli:<os user>" for the command line, "staff:<id or e-mail>" for the console.
    actor: text("actor").notNull(),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    before: jsonb("before").$type<Record<string, unknown> | null>(),
    after: jsonb("after").$type<Record<string, unknown> | null>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("audit_log_target_idx").on(t.targetType, t.targetId, t.createdAt), index("audit_log_created_idx").on(t.createdAt)],
);

export type AuditRow = typeof auditLog.$inferSelect;
