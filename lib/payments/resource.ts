import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { preparedQuery } from "@/db/prepared";
import { lateCollections, payments, type Payment } from "@/db/schema";
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
  return paymentResource(payment, collectable.has(payment.status) ? await lateCollectionOf(db, payment.id) : null);
}

// GET /v1/payments/{id} with a key, the hottest read: the payment and its late collection in one statement (db/prepared.ts).
const paymentWithLateById = preparedQuery((db) =>
  db
    .select({ payment: payments, late: lateCollections })
    .from(payments)
    .leftJoin(lateCollections, eq(lateCollections.paymentId, payments.id))
    .where(and(eq(payments.id, sql.placeholder("id")), eq(payments.merchantId, sql.placeholder("merchantId")), eq(payments.mode, sql.placeholder("mode"))))
    .limit(1)
    .prepare("payment_with_late_by_id"),
);

/** The keyed payment object of one of the merchant's payments in the key's mode, expired if due: findPayment and paymentResourceOf in one round trip. */
export async function findPaymentResource(ctx: DomainContext, id: string): Promise<PaymentResource> {
  const [row] = await paymentWithLateById(ctx.db).execute({ id, merchantId: ctx.merchant.id, mode: ctx.mode });
  if (!row) throw paymentNotFound(id);
  // Expiring now cannot come with a late collection: one is only recorded for a payment that had already ended.
  const payment = await expireIfDue(ctx.db, row.payment, ctx.now);
  return paymentResource(payment, collectable.has(payment.status) ? row.late : null);
}

/** paymentResourceOf for a page of payments: one query for the ended ones. */
export async function paymentResourcesOf(db: Database, rows: Payment[]): Promise<PaymentResource[]> {
  const ended = rows.filter((p) => collectable.has(p.status)).map((p) => p.id);
  const late = ended.length
    ? await db.select().from(lateCollections).where(inArray(lateCollections.paymentId, ended))
    : [];
  const byPayment = new Map(late.map((l) => [l.paymentId, l]));
  return rows.map((p) => paymentResource(p, byPayment.get(p.id) ?? null));
}
