import { createHash } from "node:crypto";
import { and, desc, eq, isNull, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "@/db/client";
import { applications, billingCharges, billingPlans, customers, merchants, payments, portalSessions, subscriptions, type Customer, type Merchant, type PortalSession } from "@/db/schema";
import { upsertCustomer } from "@/lib/billing/customers";
import { currentCharge, insertPeriodPayment, pendingPaymentOf, recordAttempt } from "@/lib/billing/collect";
import type { CreatePortalSessionBody } from "@/lib/billing/schemas";
import { cancelLockedSubscription } from "@/lib/billing/subscription-state";
import { merchantNow } from "@/lib/clock";
import { publicBaseUrl } from "@/lib/config";
import type { DomainContext } from "@/lib/context";
import { ApiError } from "@/lib/core/errors";
import { normalizeRedirectUrl } from "@/lib/redirects/redirect-url";
import { newId, randomString } from "@/lib/ids";
import { checkoutUrl } from "@/lib/payments/serialize";

export const PORTAL_SESSION_HOURS = 24;
/** 43 base62 characters ≈ 256 bits: unguessable, and only its hash is stored. */
const TOKEN_LENGTH = 43;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
export const portalUrl = (token: string) => `${publicBaseUrl()}/portal/${token}`;

/** return_url under the redirect URL rule (lib/redirects/redirect-url.ts), as every redirect: HTTPS, never ours, normalised. */
function checkReturnUrl(value: string | undefined): string | null {
  if (value === undefined) return null;
  const result = normalizeRedirectUrl(value);
  if (result.ok) return result.url;
  throw new ApiError("INVALID_RETURN_URL", `return_url (the portal's back link) must be an HTTPS URL outside the service's own domains: this one ${result.reason}.`, { param: "return_url" });
}

/** POST /v1/portal/sessions: a 24-hour link (on the merchant's clock) to this customer's portal. */
export async function createPortalSession(ctx: DomainContext, body: CreatePortalSessionBody) {
  const returnUrl = checkReturnUrl(body.return_url);
  const customer = await upsertCustomer(ctx.db, { merchantId: ctx.merchant.id, mode: ctx.mode, phone: body.customer_phone, name: body.customer_name, email: body.customer_email, at: ctx.now });
  const token = randomString(TOKEN_LENGTH);
  const [row] = await ctx.db
    .insert(portalSessions)
    .values({
      id: newId("ps"),
      merchantId: ctx.merchant.id,
      applicationId: ctx.application.id,
      mode: ctx.mode,
      customerId: customer.id,
      tokenHash: hashToken(token),
      returnUrl,
      expiresAt: new Date(ctx.now.getTime() + PORTAL_SESSION_HOURS * 3_600_000),
      createdAt: ctx.now,
    })
    .returning();
  return { id: row.id, url: portalUrl(token), customer_id: customer.id, expires_at: row.expiresAt.toISOString(), return_url: row.returnUrl, created_at: row.createdAt.toISOString() };
}

export type OpenSession = { session: PortalSession; merchant: Merchant; customer: Customer; now: Date };
export type SessionLookup = { state: "open"; open: OpenSession } | { state: "expired" } | { state: "unknown" };

/** A portal token → its session, if known and not expired on the merchant's clock. */
export async function lookupPortalSession(db: Database, token: string): Promise<SessionLookup> {
  if (!/^[0-9A-Za-z]{20,64}$/.test(token)) return { state: "unknown" };
  const [row] = await db
    .select({ session: portalSessions, merchant: merchants, customer: customers })
    .from(portalSessions)
    .innerJoin(merchants, eq(merchants.id, portalSessions.merchantId))
    .innerJoin(customers, eq(customers.id, portalSessions.customerId))
    .where(eq(portalSessions.tokenHash, hashToken(token)))
    .limit(1);
  if (!row) return { state: "unknown" };
  const now = merchantNow(row.merchant, row.session.mode);
  if (row.session.expiresAt <= now) return { state: "expired" };
  return { state: "open", open: { ...row, now } };
}

async function openSession(db: Database, token: string): Promise<OpenSession> {
  const found = await lookupPortalSession(db, token);
  if (found.state === "unknown") throw new ApiError("PORTAL_SESSION_NOT_FOUND");
  if (found.state === "expired") throw new ApiError("PORTAL_SESSION_EXPIRED");
  return found.open;
}

export type PortalView = {
  merchantId: string;
  merchantName: string;
  livemode: boolean;
  returnUrl: string | null;
  expiresAt: string;
  customer: { phone: string; name: string | null; email: string | null };
  subscriptions: {
    id: string;
    planName: string;
    amount: number;
    interval: "WEEKLY" | "MONTHLY";
    status: "ACTIVE" | "PAST_DUE" | "CANCELLED";
    nextBillingDate: string;
    nextRetryAt: string | null;
    overdueAmount: number | null;
    paymentInProgress: boolean;
  }[];
  payments: { id: string; amount: number; status: string; description: string | null; createdAt: string }[];
};

/** The portal page: its data when the link is open, or only why not (expired, unknown) — never data then. */
export async function portalPage(db: Database, token: string): Promise<{ state: "open"; view: PortalView } | { state: "expired" } | { state: "unknown" }> {
  const found = await lookupPortalSession(db, token);
  if (found.state !== "open") return found;
  return { state: "open", view: await viewOf(db, found.open) };
}

/** Everything the portal page shows, for this customer of this merchant in this mode only. */
export async function portalView(db: Database, token: string): Promise<PortalView> {
  return viewOf(db, await openSession(db, token));
}

async function viewOf(db: Database, { session, merchant, customer }: OpenSession): Promise<PortalView> {
  const subs = await db
    .select({ sub: subscriptions, plan: billingPlans, charge: billingCharges })
    .from(subscriptions)
    .innerJoin(billingPlans, eq(billingPlans.id, subscriptions.planId))
    .leftJoin(billingCharges, and(eq(billingCharges.subscriptionId, subscriptions.id), eq(billingCharges.periodStart, subscriptions.nextBillingDate)))
    .where(and(eq(subscriptions.customerId, customer.id), eq(subscriptions.merchantId, session.merchantId), eq(subscriptions.mode, session.mode)))
    .orderBy(desc(subscriptions.createdAt));
  const history = await db
    .select()
    .from(payments)
    .where(and(eq(payments.merchantId, session.merchantId), eq(payments.mode, session.mode), eq(payments.customerPhone, customer.phone)))
    .orderBy(desc(payments.createdAt))
    .limit(50);
  return {
    merchantId: merchant.id,
    merchantName: merchant.name,
    livemode: session.mode === "live",
    returnUrl: session.returnUrl,
    expiresAt: session.expiresAt.toISOString(),
    customer: { phone: customer.phone, name: customer.name, email: customer.email },
    subscriptions: subs.map(({ sub, plan, charge }) => ({
      id: sub.id,
      planName: plan.name,
      amount: plan.amount,
      interval: plan.interval,
      status: sub.status,
      nextBillingDate: sub.nextBillingDate.toISOString(),
      nextRetryAt: sub.status === "PAST_DUE" && sub.nextAttemptAt ? sub.nextAttemptAt.toISOString() : null,
      overdueAmount: sub.status === "PAST_DUE" ? (charge?.amount ?? plan.amount) : null,
      paymentInProgress: sub.pendingPaymentId !== null,
    })),
    payments: history.map((p) => ({ id: p.id, amount: p.amount, status: p.status, description: p.description, createdAt: p.createdAt.toISOString() })),
  };
}

async function lockCustomerSubscription(db: Database, open: OpenSession, subscriptionId: string) {
  const [sub] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.customerId, open.customer.id), eq(subscriptions.merchantId, open.session.merchantId), eq(subscriptions.mode, open.session.mode)))
    .for("update");
  if (!sub) throw new ApiError("SUBSCRIPTION_NOT_FOUND");
  return sub;
}

/** The customer cancels one of their subscriptions (idempotent). */
export async function cancelFromPortal(db: Database, token: string, subscriptionId: string) {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const open = await openSession(tx, token);
    const sub = await lockCustomerSubscription(tx, open, subscriptionId);
    await cancelLockedSubscription(tx, sub, "customer_portal", open.now);
  });
}

/**
 * "Pay now" for a PAST_DUE subscription: a payment for the unpaid period, paid through the
 * hosted checkout, which returns to the portal. A payment already in flight is resumed.
 * Returns the checkout URL to send the customer to.
 */
export async function payOverdueFromPortal(db: Database, token: string, subscriptionId: string): Promise<string> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const open = await openSession(tx, token);
    const sub = await lockCustomerSubscription(tx, open, subscriptionId);
    if (sub.status === "CANCELLED") throw new ApiError("SUBSCRIPTION_CANCELLED");
    const inFlight = await pendingPaymentOf(tx, sub);
    if (inFlight) return checkoutUrl(inFlight.id);
    if (sub.status !== "PAST_DUE") throw new ApiError("SUBSCRIPTION_NOT_PAST_DUE");
    const [plan] = await tx.select().from(billingPlans).where(eq(billingPlans.id, sub.planId));
    const [application] = await tx.select().from(applications).where(eq(applications.id, sub.applicationId));
    const charge = await currentCharge(tx, sub, plan.amount, open.now);
    const ctx: DomainContext = { db: tx, merchant: open.merchant, application, mode: sub.mode, now: open.now, source: "public" };
    // A live period payment meets the plan's monthly cap in insertPayment (403 PLAN_MONTHLY_VOLUME_EXCEEDED).
    const payment = await insertPeriodPayment(ctx, sub, charge, portalUrl(token));
    await recordAttempt(tx, sub, charge, payment, "portal", open.now);
    return checkoutUrl(payment.id);
  });
}

const profileSchema = z.object({
  name: z.string().trim().max(100).nullable().transform((v) => v || null),
  email: z.union([z.literal(""), z.email().max(254)]).nullable().transform((v) => v || null),
});

/**
 * The portal's profile form. The portal is a public page (whoever holds the link the merchant
 * sent), so it follows the rule of every public entry point (docs/decisions/public-writes.md):
 * the customer may fill in a detail nobody has recorded yet — a name or an e-mail the
 * merchant's customer record lacks — and never changes or clears one already recorded; that is
 * the merchant's record, changed through the merchant's own calls. The fill is a compare-and-set
 * in SQL (`coalesce`), so a value the merchant records meanwhile wins. Empty fields change nothing.
 */
export async function updatePortalProfile(db: Database, token: string, input: { name: string | null; email: string | null }) {
  const parsed = profileSchema.safeParse({ name: input.name, email: input.email?.trim() ?? null });
  if (!parsed.success) {
    const field = String(parsed.error.issues[0].path[0]);
    throw field === "email" ? new ApiError("INVALID_EMAIL", undefined, { param: "email" }) : new ApiError("INVALID_FIELD", "The name is at most 100 characters.", { param: "name" });
  }
  const open = await openSession(db, token);
  const { name, email } = parsed.data;
  if (name === null && email === null) return;
  await db
    .update(customers)
    .set({ name: sql`coalesce(${customers.name}, ${name}::text)`, email: sql`coalesce(${customers.email}, ${email}::text)`, updatedAt: open.now })
    .where(and(eq(customers.id, open.customer.id), or(name !== null ? isNull(customers.name) : undefined, email !== null ? isNull(customers.email) : undefined)));
}
