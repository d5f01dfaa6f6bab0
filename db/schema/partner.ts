import { index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { Mode } from "./merchants";

/** Proposed by a partner merchant, validated (or not) by the service's staff; DELETE archives. */
export type PartnerProductStatus = "PENDING_REVIEW" | "APPROVED" | "REJECTED" | "ARCHIVED";

export const partnerProducts = pgTable(
  "partner_products",
  {
    id: text("id").primaryKey(),
    // The partner merchant that proposed it.
    merchantId: text("merchant_id").notNull(),
    mode: text("mode").$type<Mode>().notNull(),
    name: text("name").notNull(),
    description: text("description"),
    // Integer XOF; the validated price that payment items are checked against.
    price: integer("price").notNull(),
    currency: text("currency").notNull().default("XOF"),
    imageUrl: text("image_url"),
    status: text("status").$type<PartnerProductStatus>().notNull(),
    reviewNote: text("review_note"),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    reviewedBy: text("reviewed_by"),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("partner_products_merchant_idx").on(t.merchantId, t.mode, t.createdAt.desc().nullsFirst()),
    index("partner_products_status_idx").on(t.mode, t.status, t.createdAt),
  ],
);

/** One royalty per merchant, mode and calendar month ("YYYY-MM"): re-running the job never pays twice. */
export const partnerRoyalties = pgTable(
  "partner_royalties",
  {
    id: text("id").primaryKey(),
    merchantId: text("merchant_id").notNull(),
    mode: text("mode").$type<Mode>().notNull(),
    month: text("month").notNull(),
    salesCount: integer("sales_count").notNull(),
    salesVolume: integer("sales_volume").notNull(),
    rateBps: integer("rate_bps").notNull(),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull().default("XOF"),
    journalId: text("journal_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("partner_royalties_month_idx").on(t.merchantId, t.mode, t.month)],
);

export type PartnerProduct = typeof partnerProducts.$inferSelect;
export type PartnerRoyalty = typeof partnerRoyalties.$inferSelect;
