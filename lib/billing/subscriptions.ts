import { and, count, desc, eq } from "drizzle-orm";
import { billingCharges, billingPlans, subscriptions, type BillingPlan, type Subscription } from "@/db/schema";
import type { DomainContext } from "@/lib/context";
import { ApiError } from "@/lib/core/errors";
import { newId } from "@/lib/ids";
import { pagination } from "@/lib/links/pagination";
import { linkResource } from "@/lib/links/serialize";
import { insertLink } from "@/lib/links/service";
import { mailSubscriptionPortalLink } from "@/lib/notifications/portal-link";
import { upsertCustomer } from "./customers";
import { LINK_GRACE_MS } from "./periods";
import { findOwnPlan } from "./plans";
import type { CreateSubscriptionBody, CreateWithPaymentBody, SubscriptionResource } from "./schemas";
import { subscriptionResource } from "./serialize";
import { cancelLockedSubscription, emitSubscriptionEvent, planOf } from "./subscription-state";

const DAY_MS = 86_400_000;
/** How far back a start_date may be (clock skew between the merchant's server and ours), and ahead. */
const START_PAST_MS = DAY_MS;
const START_FUTURE_MS = 366 * DAY_MS;

async function subscribablePlan(ctx: DomainContext, planId: string) {
  const plan = await findOwnPlan(ctx, planId);
  if (!plan.isActive) throw new ApiError("PLAN_INACTIVE", undefined, { param: "plan_id" });
  return plan;
}

function startOf(ctx: DomainContext, startDate: string | undefined): Date {
  if (startDate === undefined) return ctx.now;
  const start = new Date(startDate);
  if (start.getTime() < ctx.now.getTime() - START_PAST_MS || start.getTime() > ctx.now.getTime() + START_FUTURE_MS) {
    throw new ApiError("INVALID_START_DATE", "start_date may be at most one day in the past and one year ahead.", { param: "start_date" });
  }
  return start;
}

async function insertSubscription(ctx: DomainContext, plan: BillingPlan, body: CreateSubscriptionBody, start: Date, nextAttemptAt: Date) {
  const customer = await upsertCustomer(ctx.db, { merchantId: ctx.merchant.id, mode: ctx.mode, phone: body.customer_phone, name: body.customer_name, email: body.customer_email, at: ctx.now });
  const [sub] = await ctx.db
    .insert(subscriptions)
    .values({
      id: newId("sub"),
      merchantId: ctx.merchant.id,
      applicationId: ctx.application.id,
      mode: ctx.mode,
      planId: plan.id,
      customerId: customer.id,
      customerPhone: customer.phone,
      status: "ACTIVE",
      nextBillingDate: start,
      anchorDay: start.getUTCDate(),
      nextAttemptAt,
      retryCount: 0,
      metadata: body.metadata ?? {},
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning();
  await emitSubscriptionEvent(ctx.db, "subscription.created", sub, ctx.now, plan);
  await mailSubscriptionPortalLink(ctx, { subscription: sub, plan, customer });
  return sub;
}

/** POST /v1/billing/subscriptions: ACTIVE, first period billed by push on start_date (default now). */
export async function createSubscription(ctx: DomainContext, body: CreateSubscriptionBody) {
  const plan = await subscribablePlan(ctx, body.plan_id);
  const start = startOf(ctx, body.start_date);
  return subscriptionResource(await insertSubscription(ctx, plan, body, start, start), plan);
}

/**
 * POST /v1/billing/subscriptions/with-payment: the subscription plus a FIXED link for the plan's
 * amount through which the customer pays the first period themselves. The cycle leaves that
 * period to the link for a day (LINK_GRACE_MS); unpaid by then, it collects it by push like any
 * period, and the link is deactivated. Once the link is paid, it is deactivated too.
 */
export async function createSubscriptionWithPayment(ctx: DomainContext, body: CreateWithPaymentBody) {
  const plan = await subscribablePlan(ctx, body.plan_id);
  const start = startOf(ctx, body.start_date);
  const graceEnds = new Date(Math.max(start.getTime(), ctx.now.getTime()) + LINK_GRACE_MS);
  const sub = await insertSubscription(ctx, plan, body, start, graceEnds);
  await ctx.db.insert(billingCharges).values({
    id: newId("chg"),
    subscriptionId: sub.id,
    merchantId: sub.merchantId,
    mode: sub.mode,
    periodStart: start,
    amount: plan.amount,
    status: "AWAITING_PAYMENT",
    source: "link",
    createdAt: ctx.now,
    updatedAt: ctx.now,
  });
  const link = await insertLink(ctx, {
    name: plan.name,
    description: plan.description,
    mode: "FIXED",
    amount: plan.amount,
    successRedirectUrl: body.redirect_url ?? null,
    subscriptionId: sub.id,
  });
  const r = linkResource(link);
  return { subscription: subscriptionResource(sub, plan), payment_link: { id: r.id, slug: r.slug, url: r.url, amount: plan.amount } };
}

export type ListSubscriptionsQuery = { page: number; limit: number; status?: Subscription["status"]; plan_id?: string; customer_phone?: string };

export async function listSubscriptions(ctx: DomainContext, q: ListSubscriptionsQuery) {
  const where = and(
    eq(subscriptions.merchantId, ctx.merchant.id),
    eq(subscriptions.mode, ctx.mode),
    q.status ? eq(subscriptions.status, q.status) : undefined,
    q.plan_id ? eq(subscriptions.planId, q.plan_id) : undefined,
    q.customer_phone ? eq(subscriptions.customerPhone, q.customer_phone) : undefined,
  );
  // One query at a time: a request never holds two pooled connections at once.
  const rows = await ctx.db
      .select({ sub: subscriptions, plan: billingPlans })
      .from(subscriptions)
      .innerJoin(billingPlans, eq(billingPlans.id, subscriptions.planId))
      .where(where)
      .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit);
  const [{ n }] = await ctx.db.select({ n: count() }).from(subscriptions).where(where);
  return { items: rows.map((r) => subscriptionResource(r.sub, r.plan)), pagination: pagination(q.page, q.limit, Number(n)) };
}

async function findOwnSubscription(ctx: DomainContext, id: string, forUpdate = false): Promise<Subscription> {
  const query = ctx.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, id), eq(subscriptions.merchantId, ctx.merchant.id), eq(subscriptions.mode, ctx.mode)))
    .limit(1);
  const [row] = forUpdate ? await query.for("update") : await query;
  if (!row) throw new ApiError("SUBSCRIPTION_NOT_FOUND", `No subscription ${id} for this key's merchant and mode.`);
  return row;
}

export async function getSubscription(ctx: DomainContext, id: string): Promise<SubscriptionResource> {
  const sub = await findOwnSubscription(ctx, id);
  return subscriptionResource(sub, await planOf(ctx.db, sub.planId));
}

/** DELETE /v1/billing/subscriptions/{id}: idempotent (a second call answers the same CANCELLED subscription, no second event). */
export async function cancelSubscription(ctx: DomainContext, id: string) {
  const sub = await findOwnSubscription(ctx, id, true);
  const row = await cancelLockedSubscription(ctx.db, sub, "requested", ctx.now);
  return subscriptionResource(row, await planOf(ctx.db, row.planId));
}
