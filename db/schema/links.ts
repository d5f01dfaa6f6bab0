import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, boolean } from "drizzle-orm/pg-core";
import type { Mode } from "./merchants";

/** FIXED: one price set at creation. OPEN: the customer chooses an amount between min and max. */
export type LinkAmountMode = "FIXED" | "OPEN";

/**
 * Payment links. The slug is unique across the service (the public URL has no merchant in it)
 * and is never reused, not even after the link is archived: an archived link's URL and QR keep
 * answering 410 instead of pointing at someone else's link.
 */
export const paymentLinks = pgTable(
  "payment_links",
  {
    id: text("id").primaryKey(),
    merchantId: text("merchant_id").notNull(),
    applicationId: text("application_id").notNull(),
    mode: text("mode").$type<Mode>().notNull(),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    description: text("description"),
    amountMode: text("amount_mode").$type<LinkAmountMode>().notNull(),
    amount: integer("amount"),
    minAmount: integer("min_amount"),
    maxAmount: integer("max_amount"),
    successRedirectUrl: text("success_redirect_url"),
    isActive: boolean("is_active").notNull().default(true),
    // A link made by POST /v1/billing/subscriptions/with-payment pays that subscription's first period.
    subscriptionId: text("subscription_id"),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("payment_links_slug_idx").on(t.slug),
    index("payment_links_list_idx").on(t.merchantId, t.mode, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("payment_links_subscription_idx").on(t.subscriptionId).where(sql`subscription_id is not null`),
  ],
);

export type PaymentLink = typeof paymentLinks.$inferSelect;
