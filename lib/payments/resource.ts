import { inArray, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { aliasedColumns, compiledStatement, tableRow } from "@/db/statement";
import { lateCollections, payments, refundRequests, type Payment, type RefundRequest } from "@/db/schema";
import type { DomainContext } from "@/lib/context";
import { expireIfDue } from "./expire";
import { paymentNotFound } from "./get";
import { LATE_COLLECTABLE_STATUSES, lateCollectionOf } from "./late-collection";
import type { PaymentResource } from "./schemas";
import { paymentResource } from "./serialize";

// The payment object as the API shows it, with its late collection. Apart from recording one
// (./late-collection.ts, which settling calls), so settling never imports the reads that expire.
const collectable = new Set<string>(LATE_COLLECTABLE_STATUSES);

/** The keyed payment object with its `late_collection` (looked up only for an ended payment, the only kind that can have one). */
export async function paymentResourceOf(db: Database, payment: Payment): Promise<PaymentResource> {
  if (payment.status === "SUCCESS") return paymentResource(payment, null, await refundsOf(db, [payment.id]));
  return paymentResource(payment, collectable.has(payment.status) ? await lateCollectionOf(db, payment.id) : null);
}

// Refund requests exist only for SUCCESS payments (lib/refunds): only those are looked up.
const refundsOf = (db: Database, paymentIds: string[]): Promise<RefundRequest[]> =>
  paymentIds.length ? db.select().from(refundRequests).where(inArray(refundRequests.paymentId, paymentIds)) : Promise.resolve([]);

// GET /v1/payments/{id} with a key, the hottest read: the payment, its late collection and its refund requests in one
// statement compiled once, its row mapped from the driver's without the query builder's layers
// (db/statement.ts, docs/performance.md).
const paymentWithLateById = compiledStatement(
  "payment_with_late_by_id",
  sql`select p.*, ${aliasedColumns(lateCollections, "l", "late_")}, rr.refund_rows from ${payments} p
    left join ${lateCollections} l on l.payment_id = p.id
    left join lateral (select json_agg(r) as refund_rows from ${refundRequests} r where r.payment_id = p.id) rr on p.status = 'SUCCESS'
    where p.id = ${sql.placeholder("id")}::text and p.merchant_id = ${sql.placeholder("merchantId")}::text and p.mode = ${sql.placeholder("mode")}::text
    limit 1`,
);
const paymentOf = tableRow(payments);
const lateOf = tableRow(lateCollections, "late_");
const refundOf = tableRow(refundRequests);

/** The keyed payment object of one of the merchant's payments in the key's mode, expired if due: findPayment and paymentResourceOf in one round trip. */
export async function findPaymentResource(ctx: DomainContext, id: string): Promise<PaymentResource> {
  const [raw] = await paymentWithLateById(ctx.db, { id, merchantId: ctx.merchant.id, mode: ctx.mode });
  if (!raw) throw paymentNotFound(id);
  // Expiring now cannot come with a late collection: one is only recorded for a payment that had already ended.
  const payment = await expireIfDue(ctx.db, paymentOf(raw), ctx.now);
  // json_agg arrives as text or parsed, depending on the driver's type parsers.
  const rows = typeof raw.refund_rows === "string" ? JSON.parse(raw.refund_rows) : raw.refund_rows;
  const refunds = payment.status === "SUCCESS" && Array.isArray(rows) ? (rows as Record<string, unknown>[]).map(refundOf) : [];
  return paymentResource(payment, collectable.has(payment.status) && raw.late_id !== null ? lateOf(raw) : null, refunds);
}

/** paymentResourceOf for a page of payments: one query for the ended ones. */
export async function paymentResourcesOf(db: Database, rows: Payment[]): Promise<PaymentResource[]> {
  const ended = rows.filter((p) => collectable.has(p.status)).map((p) => p.id);
  const late = ended.length
    ? await db.select().from(lateCollections).where(inArray(lateCollections.paymentId, ended))
    : [];
  const byPayment = new Map(late.map((l) => [l.paymentId, l]));
  const refunds = await refundsOf(db, rows.filter((p) => p.status === "SUCCESS").map((p) => p.id));
  return rows.map((p) => paymentResource(p, byPayment.get(p.id) ?? null, refunds.filter((r) => r.paymentId === p.id)));
}
