import { bigint, date, index, integer, pgTable, primaryKey, smallint, text } from "drizzle-orm/pg-core";
import type { Mode } from "./merchants";
import type { PaymentPurpose, PaymentStatus } from "./payments";

/**
 * The figures page's sums (lib/figures), per merchant, mode, Bamako day of creation, purpose,
 * status, failure reason and whole seconds from push to confirmation, so a 90-day page reads a few
 * thousand rows instead of every payment. Kept like payment_counts: a trigger on `payments`
 * appends ±1 rows to `payment_figure_deltas` (insert-only, so a payment's transaction never waits
 * on a shared row) and the `payment-figures-compaction` job folds them in here; a read sums both.
 * `reason` is '' where it does not apply, `confirm_seconds` -1 for anything but a pushed SUCCESS.
 */
const key = () => ({
  merchantId: text("merchant_id").notNull(),
  mode: text("mode").$type<Mode>().notNull(),
  day: date("day", { mode: "string" }).notNull(),
  purpose: text("purpose").$type<PaymentPurpose>().notNull(),
  status: text("status").$type<PaymentStatus>().notNull(),
  reason: text("reason").notNull(),
  confirmSeconds: integer("confirm_seconds").notNull(),
});

export const paymentDayFigures = pgTable(
  "payment_day_figures",
  { ...key(), n: bigint("n", { mode: "number" }).notNull(), amount: bigint("amount", { mode: "number" }).notNull() },
  (t) => [primaryKey({ name: "payment_day_figures_pk", columns: [t.merchantId, t.mode, t.day, t.purpose, t.status, t.reason, t.confirmSeconds] })],
);

export const paymentFigureDeltas = pgTable(
  "payment_figure_deltas",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    ...key(),
    n: smallint("n").notNull(),
    amount: bigint("amount", { mode: "number" }).notNull(),
  },
  (t) => [index("payment_figure_deltas_scope_idx").on(t.merchantId, t.mode, t.day)],
);
