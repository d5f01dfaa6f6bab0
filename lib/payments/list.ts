import { and, count, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import { payments, type PaymentStatus } from "@/db/schema";
import type { DomainContext } from "@/lib/context";
import { columnValue, compiledStatement } from "@/db/statement";
import { countPayments, paymentTotal } from "./counts";
import { isDue, paymentAsOf, statusAsOf } from "./as-of";
import { ApiError } from "@/lib/core/errors";
import { paymentResourceOf, paymentResourcesOf } from "./resource";
import type { PaymentResource } from "./schemas";
import { paymentListItem } from "./serialize";

const scoped = (ctx: DomainContext, ...more: (SQL | undefined)[]) =>
  and(eq(payments.merchantId, ctx.merchant.id), eq(payments.mode, ctx.mode), ...more);

const newestFirst = [desc(payments.createdAt), desc(payments.id)];

async function total(ctx: DomainContext, where: SQL | undefined): Promise<number> {
  const [row] = await ctx.db.select({ n: count() }).from(payments).where(where);
  return Number(row?.n ?? 0);
}

const pagesOf = (n: number, limit: number) => Math.ceil(n / limit);

/**
 * GET /v1/payments: the key's merchant and mode, newest first, one page, statuses as of now
 * (lib/payments/as-of.ts). Without a client_reference the total comes from the counters, which
 * the expiry job moves from PENDING to EXPIRED within seconds of expires_at; the counters know
 * no references, so a reference's total is counted on its index.
 */
export async function listPayments(ctx: DomainContext, q: { page: number; limit: number; status?: PaymentStatus; client_reference?: string }) {
  if (!q.status && q.client_reference === undefined) return listAll(ctx, q);
  const where = scoped(ctx, q.status ? statusAsOf(q.status, ctx.now) : undefined, q.client_reference === undefined ? undefined : eq(payments.clientReference, q.client_reference));
  const [rows, n] = await Promise.all([
    ctx.db
      .select({
        id: payments.id,
        status: payments.status,
        amount: payments.amount,
        expiresAt: payments.expiresAt,
        createdAt: payments.createdAt,
        customerPhone: payments.customerPhone,
        customerName: payments.customerName,
        customerEmail: payments.customerEmail,
      })
      .from(payments)
      .where(where)
      .orderBy(...newestFirst)
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    // From the counters, not count(*), whenever they can answer: the total costs the same with 100 payments or 10 million.
    q.client_reference === undefined ? countPayments(ctx.db, { merchantId: ctx.merchant.id, mode: ctx.mode, status: q.status }) : total(ctx, where),
  ]);
  const items = rows.map((row) => paymentListItem(isDue(row, ctx.now) ? { ...row, status: "EXPIRED" } : row));
  return { payments: items, pagination: { page: q.page, limit: q.limit, total: n, pages: pagesOf(n, q.limit) } };
}

const ph = (name: string) => sql.placeholder(name);

/**
 * The unfiltered list, the one every dashboard and integration polls, in one statement compiled
 * once (db/statement.ts): the total from the counters and the page beside it, one round trip and
 * one snapshot. An empty page still answers one row, carrying the total.
 */
const everyPayment = compiledStatement(
  "payment_list_all",
  sql`select t.total::text as total, p.* from (select ${paymentTotal(sql`${ph("merchantId")}::text`, sql`${ph("mode")}::text`)} as total) t
    left join lateral (
      select id, status, amount, expires_at, created_at, customer_phone, customer_name, customer_email from ${payments}
      where merchant_id = ${ph("merchantId")}::text and mode = ${ph("mode")}::text
      order by created_at desc, id desc limit ${ph("limit")}::integer offset ${ph("offset")}::integer
    ) p on true`,
);

type ListRow = { total: string; id: string | null; status: PaymentStatus; amount: number; expires_at: unknown; created_at: unknown; customer_phone: string; customer_name: string | null; customer_email: string | null };

async function listAll(ctx: DomainContext, q: { page: number; limit: number }) {
  const rows = await everyPayment<ListRow>(ctx.db, { merchantId: ctx.merchant.id, mode: ctx.mode, limit: q.limit, offset: (q.page - 1) * q.limit });
  const n = Number(rows[0]?.total ?? 0);
  const items = rows
    .filter((r) => r.id !== null)
    .map((r) => {
      const row = {
        id: r.id!,
        status: r.status,
        amount: r.amount,
        expiresAt: columnValue(payments.expiresAt, r.expires_at),
        createdAt: columnValue(payments.createdAt, r.created_at),
        customerPhone: r.customer_phone,
        customerName: r.customer_name,
        customerEmail: r.customer_email,
      };
      return paymentListItem(isDue(row, ctx.now) ? { ...row, status: "EXPIRED" } : row);
    });
  return { payments: items, pagination: { page: q.page, limit: q.limit, total: n, pages: pagesOf(n, q.limit) } };
}

/**
 * GET /v1/payments/search: the most recent payment with this exact client_reference (a merchant
 * may reuse one; GET /v1/payments?client_reference= lists them all), as GET /v1/payments/{id} shows it.
 */
export async function findPaymentByReference(ctx: DomainContext, clientReference: string): Promise<PaymentResource> {
  const [row] = await ctx.db.select().from(payments).where(scoped(ctx, eq(payments.clientReference, clientReference))).orderBy(...newestFirst).limit(1);
  if (!row) {
    const other = ctx.mode === "test" ? "live" : "test";
    throw new ApiError(
      "NOT_FOUND",
      `No payment has client_reference ${JSON.stringify(clientReference)} in ${ctx.mode} mode. References match exactly (case and spaces included), and a key sees only its own mode: a ${other} payment is found with a ${other} key.`,
    );
  }
  return paymentResourceOf(ctx.db, paymentAsOf(row, ctx.now));
}

/** GET /v1/payments/history: offset pagination over created_at ∈ [from, to), the shape existing clients read. */
export async function paymentHistory(ctx: DomainContext, q: { limit: number; offset: number; status?: PaymentStatus; from?: Date; to?: Date }) {
  const where = scoped(
    ctx,
    q.status ? statusAsOf(q.status, ctx.now) : undefined,
    q.from ? gte(payments.createdAt, q.from) : undefined,
    q.to ? lt(payments.createdAt, q.to) : undefined,
  );
  const [rows, n] = await Promise.all([
    ctx.db.select().from(payments).where(where).orderBy(...newestFirst).limit(q.limit).offset(q.offset),
    total(ctx, where),
  ]);
  return { transactions: await paymentResourcesOf(ctx.db, rows.map((row) => paymentAsOf(row, ctx.now))), pagination: { limit: q.limit, offset: q.offset, total: n } };
}
