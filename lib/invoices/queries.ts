import { and, asc, count, desc, eq, gte, ilike, isNull, lt, or, type SQL } from "drizzle-orm";
import { invoiceActivity, invoices } from "@/db/schema";
import type { DomainContext } from "@/lib/context";
import { likePattern, pagination } from "@/lib/links/pagination";
import { dayOf } from "./days";
import type { ListInvoicesQuery } from "./schemas";
import { invoiceResource } from "./serialize";
import { findInvoice } from "./store";

export async function getInvoice(ctx: DomainContext, id: string) {
  return invoiceResource(await findInvoice(ctx, id), ctx.now);
}

/** OVERDUE and OPEN are one stored state split by the due date on the merchant's clock. */
function statusCondition(status: ListInvoicesQuery["status"], today: string): SQL | undefined {
  if (!status) return undefined;
  if (status === "OVERDUE") return and(eq(invoices.status, "OPEN"), lt(invoices.dueDate, today));
  if (status === "OPEN") return and(eq(invoices.status, "OPEN"), or(isNull(invoices.dueDate), gte(invoices.dueDate, today)));
  return eq(invoices.status, status);
}

/** GET /v1/invoices: newest first, filtered by status, customer and a search in number, name and client_reference. */
export async function listInvoices(ctx: DomainContext, query: ListInvoicesQuery) {
  const where = and(
    eq(invoices.merchantId, ctx.merchant.id),
    eq(invoices.mode, ctx.mode),
    statusCondition(query.status, dayOf(ctx.now)),
    query.customer_phone ? eq(invoices.customerPhone, query.customer_phone) : undefined,
    query.search
      ? or(ilike(invoices.number, likePattern(query.search)), ilike(invoices.customerName, likePattern(query.search)), ilike(invoices.clientReference, likePattern(query.search)))
      : undefined,
  );
  const rows = await ctx.db.select().from(invoices).where(where).orderBy(desc(invoices.createdAt), desc(invoices.id)).limit(query.limit).offset((query.page - 1) * query.limit);
  const [{ total }] = await ctx.db.select({ total: count() }).from(invoices).where(where);
  return { items: rows.map((row) => invoiceResource(row, ctx.now)), pagination: pagination(query.page, query.limit, Number(total)) };
}

/** The invoice's timeline, oldest first: sends, views, reminders, payment attempts and the end. */
export async function invoiceTimeline(ctx: DomainContext, id: string) {
  await findInvoice(ctx, id);
  const rows = await ctx.db.select().from(invoiceActivity).where(eq(invoiceActivity.invoiceId, id)).orderBy(asc(invoiceActivity.at), asc(invoiceActivity.id));
  return rows.map((r) => ({ kind: r.kind, channel: r.channel, detail: r.detail, at: r.at.toISOString() }));
}
