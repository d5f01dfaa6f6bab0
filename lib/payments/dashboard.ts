import { and, asc, count, desc, eq, gte, inArray, like, lt, or, sql, type SQL } from "drizzle-orm";
import {
  events,
  journals,
  ledgerEntries,
  payments,
  secureOrders,
  webhookDeliveries,
  webhookEndpoints,
  type LedgerAccount,
  type Payment,
  type PaymentCheck,
  type PaymentCheckAction,
  type PaymentCheckKind,
  type PaymentStatus,
} from "@/db/schema";
import type { DomainContext } from "@/lib/context";
import { logResource } from "@/lib/webhooks/logs";
import type { LogResource } from "@/lib/webhooks/schemas";
import { countPayments } from "./counts";
import { paymentAsOf, statusAsOf } from "./as-of";
import { findPayment } from "./get";
import { checksOf } from "./recheck-records";
import { paymentResourcesOf } from "./resource";

/**
 * The dashboard's payments table: the same merchant+mode scope as GET /v1/payments, plus a
 * date range [from, to) and a search that matches the client reference exactly or the customer
 * phone by its digits (a merchant types "70000001" or "+223 70 00 00 01"), or one customer's
 * exact number (E.164, a customer's page). Statuses as of now (lib/payments/as-of.ts): a page
 * read never settles payments, the expiry job does.
 */
export async function dashboardPayments(
  ctx: DomainContext,
  q: { page: number; limit: number; status?: PaymentStatus; from?: Date; to?: Date; search?: string; customerPhone?: string },
) {
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
    q.status ? statusAsOf(q.status, ctx.now) : undefined,
    q.from ? gte(payments.createdAt, q.from) : undefined,
    q.to ? lt(payments.createdAt, q.to) : undefined,
    searchWhere,
    q.customerPhone ? eq(payments.customerPhone, q.customerPhone) : undefined,
  );
  const filtered = Boolean(q.from || q.to || searchWhere || q.customerPhone);
  const [rows, total] = await Promise.all([
    ctx.db.select().from(payments).where(where).orderBy(desc(payments.createdAt), desc(payments.id)).limit(q.limit).offset((q.page - 1) * q.limit),
    // Unfiltered (but for status), the database's counters answer; a date range or a search counts its matches.
    filtered
      ? ctx.db.select({ n: count() }).from(payments).where(where).then(([row]) => Number(row?.n ?? 0))
      : countPayments(ctx.db, { merchantId: ctx.merchant.id, mode: ctx.mode, status: q.status }),
  ]);
  const shown = rows.map((row) => paymentAsOf(row, ctx.now));
  const resources = await paymentResourcesOf(ctx.db, shown);
  const refunded = await refundedOrders(ctx, shown);
  return {
    // `refunded`: the secure order this payment paid was refunded to its buyer (the list says so beside "Réussi").
    payments: resources.map((r, i) => ({ ...r, refunded: refunded.has(shown[i]!.id) })),
    pagination: { page: q.page, limit: q.limit, total, pages: Math.ceil(total / q.limit) },
  };
}

/**
 * Which of these SUCCESS secure-order payments had their order refunded to the buyer, from the
 * ledger (the order's `secure_order.refunded` journal): one lookup on the unique (kind, ref_id)
 * index of journals for the page. Answers payment ids.
 */
async function refundedOrders(ctx: DomainContext, rows: { id: string; status: PaymentStatus; purpose: string; purposeRef: string | null }[]): Promise<Set<string>> {
  const paid = rows.filter((p) => p.purpose === "secure_order" && p.status === "SUCCESS" && p.purposeRef);
  if (paid.length === 0) return new Set();
  const found = await ctx.db
    .select({ refId: journals.refId })
    .from(journals)
    .where(and(eq(journals.kind, "secure_order.refunded"), inArray(journals.refId, paid.map((p) => p.purposeRef!)), eq(journals.merchantId, ctx.merchant.id), eq(journals.mode, ctx.mode)));
  const orders = new Set(found.map((j) => j.refId));
  return new Set(paid.filter((p) => orders.has(p.purposeRef!)).map((p) => p.id));
}

/** One step of a payment's timeline on its detail page, oldest first (paymentActivity). */
export type TimelineEntry =
  | { kind: "created"; at: string }
  /** `recorded: false`: pushed before pushes were recorded; only initiated_at says when. */
  | { kind: "push"; at: string; recorded: boolean; operator_status: PaymentCheck["operatorStatus"]; reason: string | null; error: string | null }
  | { kind: "check"; at: string; trigger: Exclude<PaymentCheckKind, "push">; operator_status: PaymentCheck["operatorStatus"]; reason: string | null; error: string | null; action: PaymentCheckAction | null; answered: boolean }
  | { kind: "final"; at: string; status: PaymentStatus; reason: string | null }
  | { kind: "event"; at: string; event_id: string; type: string; deliveries: LogResource[] };

// Entries at the same instant read in the order things happen.
const ORDER: Record<TimelineEntry["kind"], number> = { created: 0, push: 1, check: 2, final: 3, event: 4 };

/**
 * What a payment caused, for its detail page: the events emitted for it (oldest first) and the
 * webhook deliveries of those events, and `entries`, its whole timeline: created, pushed to the
 * phone with the operator's answer, each check with the operator (lib/payments/recheck.ts,
 * reconcile), the final state, and each event with its deliveries. 404 like findPayment for
 * another merchant's or the other mode's payment.
 */
export async function paymentActivity(ctx: DomainContext, id: string) {
  const payment = await findPayment(ctx, id);
  const [rows, checks] = await Promise.all([
    ctx.db
      // The event's own time (the merchant's clock, as the payment's), not when the outbox row was written.
      .select({ id: events.id, type: events.type, createdAt: sql<string>`${events.payload}->>'timestamp'`.mapWith((v: string) => new Date(v)) })
      .from(events)
      .where(and(eq(events.merchantId, ctx.merchant.id), eq(events.mode, ctx.mode), eq(events.objectId, payment.id)))
      .orderBy(asc(events.createdAt), asc(events.id)),
    checksOf(ctx.db, payment.id),
  ]);
  const eventIds = rows.map((r) => r.id);
  const deliveries = eventIds.length
    ? await ctx.db
        .select({ delivery: webhookDeliveries, url: webhookEndpoints.url })
        .from(webhookDeliveries)
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
        .where(and(eq(webhookDeliveries.merchantId, ctx.merchant.id), eq(webhookDeliveries.mode, ctx.mode), inArray(webhookDeliveries.eventId, eventIds)))
        .orderBy(asc(webhookDeliveries.createdAt), asc(webhookDeliveries.id))
    : [];
  const logs = deliveries.map((d) => logResource(d.delivery, d.url));
  return {
    timeline: rows.map((r) => ({ event_id: r.id, type: r.type, at: r.createdAt.toISOString() })),
    deliveries: logs,
    entries: timelineOf(payment, checks, rows, logs),
  };
}

function timelineOf(payment: Payment, checks: PaymentCheck[], rows: { id: string; type: string; createdAt: Date }[], logs: LogResource[]): TimelineEntry[] {
  const entries: TimelineEntry[] = [{ kind: "created", at: payment.createdAt.toISOString() }];
  for (const c of checks) {
    const answer = { operator_status: c.operatorStatus, reason: c.reason, error: c.error };
    entries.push(c.kind === "push" ? { kind: "push", at: c.at.toISOString(), recorded: true, ...answer } : { kind: "check", at: c.at.toISOString(), trigger: c.kind, ...answer, action: c.action, answered: c.finishedAt !== null });
  }
  if (payment.initiatedAt && !checks.some((c) => c.kind === "push")) {
    entries.push({ kind: "push", at: payment.initiatedAt.toISOString(), recorded: false, operator_status: null, reason: null, error: null });
  }
  if (payment.status !== "PENDING") entries.push({ kind: "final", at: (payment.settledAt ?? payment.updatedAt).toISOString(), status: payment.status, reason: payment.statusReason });
  for (const r of rows) entries.push({ kind: "event", at: r.createdAt.toISOString(), event_id: r.id, type: r.type, deliveries: logs.filter((d) => d.event_id === r.id) });
  return entries.sort((a, b) => a.at.localeCompare(b.at) || ORDER[a.kind] - ORDER[b.kind]);
}

export type LedgerLine = { journal_id: string; kind: string; account: LedgerAccount; amount: number; created_at: string };

/**
 * What a payment did with money, read from the ledger (never from the payment's fee_total, which
 * is only the fee it would cost): `state` says which sentence the dashboard shows.
 * - pending: not finished; nothing collected yet.
 * - not_charged: nothing was collected (FAILED, EXPIRED, CANCELLED): no fee, nothing credited.
 * - credited: collected, the fee taken and the net credited to the available balance.
 * - held: a secure order's payment still in escrow; the fee is taken, and the net credited, at release.
 * - refunded: paid back to the buyer (a secure order, or a late collection staff refunded), with
 *   the amount and date: no fee, nothing credited.
 * - late_pending: collected by the operator after the payment had ended; held until staff credit
 *   the merchant or refund the customer (lib/payments/late-collection.ts).
 * - partner_sale: a partner-program sale, paid to the merchant through the monthly royalty.
 * - other: collected, and the books say something else (the entries are shown as they are).
 * The entries are the payment's journals plus, for the payment that paid a secure order, the
 * order's own (release or refund), so the page shows where the money went.
 */
export type PaymentMoney = {
  state: "pending" | "not_charged" | "credited" | "held" | "refunded" | "late_pending" | "partner_sale" | "other";
  collected: number;
  fee: number;
  net: number;
  held: number;
  refunded: number;
  refunded_at: string | null;
  /** The secure order this payment paid, and (while held) the fee its release will take. */
  secure_order_id: string | null;
  fee_at_release: number | null;
  entries: LedgerLine[];
};

export async function paymentMoney(ctx: DomainContext, id: string): Promise<PaymentMoney> {
  const payment = await findPayment(ctx, id);
  const refs = [and(eq(journals.refType, "payment"), eq(journals.refId, payment.id))];
  if (payment.status === "SUCCESS" && payment.purpose === "secure_order" && payment.purposeRef) refs.push(and(eq(journals.refType, "secure_order"), eq(journals.refId, payment.purposeRef)));
  const rows = await ctx.db
    .select({ journal_id: journals.id, kind: journals.kind, account: ledgerEntries.account, amount: ledgerEntries.amount, created_at: ledgerEntries.createdAt })
    .from(journals)
    .innerJoin(ledgerEntries, eq(ledgerEntries.journalId, journals.id))
    .where(and(or(...refs), eq(journals.merchantId, payment.merchantId), eq(journals.mode, payment.mode)))
    .orderBy(asc(ledgerEntries.id));
  const entries: LedgerLine[] = rows.map((r) => ({ ...r, amount: Number(r.amount), created_at: r.created_at.toISOString() }));
  const total = (account: LedgerAccount) => entries.filter((e) => e.account === account).reduce((s, e) => s + e.amount, 0);
  const collected = 0 - total("operator_clearing");
  const refunded = total("customer_refunds");
  const held = total("escrow_held");
  const fee = total("platform_fees");
  const net = total("merchant_available");
  const refundedAt = entries.filter((e) => e.account === "customer_refunds").at(-1)?.created_at ?? null;
  const state: PaymentMoney["state"] =
    collected === 0
      ? payment.status === "PENDING"
        ? "pending"
        : "not_charged"
      : refunded > 0
        ? "refunded"
        : held > 0
          ? "held"
          : total("late_collections_suspense") > 0
            ? "late_pending"
            : total("partner_sales") > 0
            ? "partner_sale"
            : net > 0
              ? "credited"
              : "other";
  const orderId = payment.purpose === "secure_order" ? payment.purposeRef : null;
  let feeAtRelease: number | null = null;
  if (state === "held" && orderId) {
    const [order] = await ctx.db.select({ fee: secureOrders.feeTotal }).from(secureOrders).where(eq(secureOrders.id, orderId)).limit(1);
    feeAtRelease = order?.fee ?? null;
  }
  return { state, collected, fee, net, held, refunded, refunded_at: refundedAt, secure_order_id: orderId, fee_at_release: feeAtRelease, entries };
}
