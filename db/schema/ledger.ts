import { bigint, bigserial, index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { Mode } from "./merchants";

/**
 * Accounts of the double-entry ledger. Signs: a positive amount on a merchant account is
 * money the service owes the merchant; every journal's entries sum to zero.
 */
export type LedgerAccount =
  | "merchant_available"
  | "merchant_reserved"
  | "escrow_held"
  | "platform_fees"
  | "operator_clearing"
  | "operator_payouts"
  | "customer_refunds"
  | "partner_royalties"
  | "partner_sales"
  // Collected by the operator for a payment that had already ended; held until staff credit the
  // merchant or refund the customer (late_collections).
  | "late_collections_suspense";

export const journals = pgTable(
  "journals",
  {
    id: text("id").primaryKey(),
    merchantId: text("merchant_id").notNull(),
    mode: text("mode").$type<Mode>().notNull(),
    kind: text("kind").notNull(),
    refType: text("ref_type").notNull(),
    refId: text("ref_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // One journal per (kind, ref): posting the same movement twice is impossible.
  (t) => [uniqueIndex("journals_kind_ref_idx").on(t.kind, t.refId), index("journals_ref_idx").on(t.refType, t.refId)],
);

export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    journalId: text("journal_id").notNull().references(() => journals.id),
    merchantId: text("merchant_id").notNull(),
    mode: text("mode").$type<Mode>().notNull(),
    account: text("account").$type<LedgerAccount>().notNull(),
    amount: bigint("amount", { mode: "number" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("ledger_entries_balance_idx").on(t.merchantId, t.mode, t.account),
    index("ledger_entries_journal_idx").on(t.journalId),
    // The balance history reads a merchant's entries newest first, by entry number (lib/books).
    index("ledger_entries_history_idx").on(t.merchantId, t.mode, t.id),
  ],
);

export type Journal = typeof journals.$inferSelect;
export type LedgerEntry = typeof ledgerEntries.$inferSelect;
