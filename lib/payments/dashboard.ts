import { and, asc, count, desc, eq, gte, inArray, like, lt, or, type SQL } from "drizzle-orm";
import { events, payments, webhookDeliveries, webhookEndpoints, type PaymentStatus } from "@/db/schema";
import type { DomainContext } from "@/lib/context";
import { logResource } from "@/lib/webhooks/logs";
import { countPayments } from "./counts";
import { findPayment, expireDueForMerchant } from "./get";
import { paymentResource } from "./serialize";

/**
 * The dashboard's payments table: the same merchant+mode scope as GET /v1/payments, plus a
 * date range [from, to) and a search that matches the client reference exactly or the customer
 * phone by its digits (a merchant types "70000001" or "+223 70 00 00 01").
 */
export async function dashboardPayments(
  ctx: DomainContext,
  q: { page: number; limit: number; status?: PaymentStatus; from?: Date; to?: Date; search?: string },
) {
  await expireDueForMerchant(ctx);
  const term = q.search?.trim();
  const digits = term?.replace(/\D/g, "") ?? "";
  const searchWhere: SQL | undefined = term
    ? digits.length >= 4
      ? or(eq(payments.clientReference, term), like(payments.customerPhone, `%${digits}%`))
      : eq(payments.clientReference, term)
    : undefined;
  const where = and(
    eq(payments.merchantId, ctx.merchant.id),
    eq(payments.mode, ctx.mode),
    q.status ? eq(payments.status, q.status) : undefined,
    q.from ? gte(payments.createdAt, q.from) : undefined,
    q.to ? lt(payments.createdAt, q.to) : undefined,
    searchWhere,
  );
  const filtered = Boolean(q.from || q.to || searchWhere);
  const [rows, total] = await Promise.all([
    ctx.db.select().from(payments).where(where).orderBy(desc(payments.createdAt), desc(payments.id)).limit(q.limit).offset((q.page - 1) * q.limit),
    // Unfiltered (but for status), the database's counters answer; a date range or a search counts its matches.
    filtered
      ? ctx.db.select({ n: count() }).from(payments).where(where).then(([row]) => Number(row?.n ?? 0))
      : countPayments(ctx.db, { merchantId: ctx.merchant.id, mode: ctx.mode, status: q.status }),
  ]);
  return { payments: rows.map(paymentResource), pagination: { page: q.page, limit: q.limit, total, pages: Math.ceil(total / q.limit) } };
}

/**
 * What a payment caused, for its detail page: the events emitted for it (its status timeline,
 * oldest first) and the webhook deliveries of those events. 404 like findPayment for another
 * merchant's or the other mode's payment.
 */
export async function paymentActivity(ctx: DomainContext, id: string) {
  const payment = await findPayment(ctx, id);
  const rows = await ctx.db
    .select({ id: events.id, type: events.type, createdAt: events.createdAt })
    .from(events)
    .where(and(eq(events.merchantId, ctx.merchant.id), eq(events.mode, ctx.mode), eq(events.objectId, payment.id)))
    .orderBy(asc(events.createdAt), asc(events.id));
  const eventIds = rows.map((r) => r.id);
  const deliveries = eventIds.length
    ? await ctx.db
        .select({ delivery: webhookDeliveries, url: webhookEndpoints.url })
        .from(webhookDeliveries)
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
        .where(and(eq(webhookDeliveries.merchantId, ctx.merchant.id), eq(webhookDeliveries.mode, ctx.mode), inArray(webhookDeliveries.eventId, eventIds)))
        .orderBy(asc(webhookDeliveries.createdAt), asc(webhookDeliveries.id))
    : [];
  return {
    timeline: rows.map((r) => ({ event_id: r.id, type: r.type, at: r.createdAt.toISOString() })),
    deliveries: deliveries.map((d) => logResource(d.delivery, d.url)),
  };
}
