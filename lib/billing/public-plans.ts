import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "@/db/client";
import { billingPlans, merchants, type BillingPlan, type Mode } from "@/db/schema";
import { ApiError } from "@/lib/core/errors";
import { INTERVAL_LABELS, type PublicPlan } from "./public-plan-schemas";
import { planResource } from "./serialize";

const offered = (mode: Mode) => and(eq(merchants.status, "active"), eq(billingPlans.mode, mode), eq(billingPlans.isActive, true), isNull(billingPlans.deletedAt));

function publicPlan(p: BillingPlan): PublicPlan {
  const { subscriber_count: _hidden, ...plan } = planResource(p, 0);
  return { ...plan, interval_label: INTERVAL_LABELS[p.interval], features: [], checkout_url: null };
}

/** GET /v1/public/plans: an active merchant and its active plans of one mode (live unless asked for test), cheapest first. */
export async function listPublicPlans(db: Database, q: { merchant_id: string; mode: Mode }) {
  const [merchant] = await db
    .select({ id: merchants.id, name: merchants.name })
    .from(merchants)
    .where(and(eq(merchants.id, q.merchant_id), eq(merchants.status, "active")))
    .limit(1);
  if (!merchant) throw new ApiError("MERCHANT_NOT_FOUND", `No active merchant has the id ${JSON.stringify(q.merchant_id)}. Send the merchant's id (mer_…), shown in its dashboard.`);
  const rows = await db
    .select({ plan: billingPlans })
    .from(billingPlans)
    .innerJoin(merchants, eq(merchants.id, billingPlans.merchantId))
    .where(and(eq(billingPlans.merchantId, merchant.id), offered(q.mode)))
    .orderBy(billingPlans.amount, billingPlans.id);
  return { merchant, plans: rows.map(({ plan }) => publicPlan(plan)) };
}

/** GET /v1/public/plans/{id}: one active plan of one mode (live unless asked for test). */
export async function getPublicPlan(db: Database, id: string, mode: Mode): Promise<PublicPlan> {
  const [row] = await db
    .select({ plan: billingPlans })
    .from(billingPlans)
    .innerJoin(merchants, eq(merchants.id, billingPlans.merchantId))
    .where(and(eq(billingPlans.id, id), offered(mode)))
    .limit(1);
  if (!row) {
    const hint = mode === "live" ? " A test plan is read with ?mode=test." : " A live plan is read without mode (or with mode=live).";
    throw new ApiError("PLAN_NOT_FOUND", `No active ${mode} plan ${id}.${hint}`);
  }
  return publicPlan(row.plan);
}
