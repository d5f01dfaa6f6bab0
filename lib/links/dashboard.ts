import { and, count, desc, eq } from "drizzle-orm";
import { payments, type Payment, type PaymentStatus } from "@/db/schema";
import type { DomainContext } from "@/lib/context";
import { maskPhone } from "@/lib/log";
import { paymentAsOf } from "@/lib/payments/as-of";
import { pagination, type Pagination } from "./pagination";
import type { LinkResource } from "./schemas";
import { linkResource } from "./serialize";
import { findOwnLink, linkTotals } from "./service";

/** A payment made through a link, as the link's dashboard page lists it: the customer's number masked. */
export type LinkPayment = {
  id: string;
  status: PaymentStatus;
  amount: number;
  created_at: string;
  customer_name: string | null;
  customer_phone: string;
};

export type LinkDetail = { link: LinkResource; payments: LinkPayment[]; pagination: Pagination };

const linkPayment = (p: Payment): LinkPayment => ({
  id: p.id,
  status: p.status,
  amount: p.amount,
  created_at: p.createdAt.toISOString(),
  customer_name: p.customerName,
  customer_phone: maskPhone(p.customerPhone) ?? "",
});

/**
 * One of the merchant's links (deleted ones too: their payments stay readable) with a page of the
 * payments made through it, newest first, in every status as of now (lib/payments/as-of.ts).
 * Another merchant's link, or the other mode's, is LINK_NOT_FOUND like GET /v1/payment-links/by-id.
 */
export async function linkDetail(ctx: DomainContext, id: string, q: { page: number; limit: number }): Promise<LinkDetail> {
  const link = await findOwnLink(ctx, id, { byIdOnly: true });
  const where = and(eq(payments.purpose, "payment_link"), eq(payments.purposeRef, link.id), eq(payments.merchantId, ctx.merchant.id), eq(payments.mode, ctx.mode));
  // One query at a time: a request never holds two pooled connections at once.
  const rows = await ctx.db.select().from(payments).where(where).orderBy(desc(payments.createdAt), desc(payments.id)).limit(q.limit).offset((q.page - 1) * q.limit);
  const [{ n }] = await ctx.db.select({ n: count() }).from(payments).where(where);
  const totals = (await linkTotals(ctx.db, ctx.merchant.id, [link.id])).get(link.id);
  return {
    link: linkResource(link, totals),
    payments: rows.map((row) => linkPayment(paymentAsOf(row, ctx.now))),
    pagination: pagination(q.page, q.limit, Number(n)),
  };
}
