import { z } from "zod";
import type { Merchant, Mode } from "@/db/schema";
import type { Database } from "@/db/client";
import { systemNow } from "@/lib/clock";
import { platformPlan, platformPlans } from "./plans";
import { calendarMonth, committedLiveVolume } from "./volume-cap";

const timestamp = z.string().describe("ISO 8601 UTC");

/** One of the service's own plans (GET /v1/platform/plans). */
export const platformPlanSchema = z.object({
  id: z.enum(["starter", "pro", "business"]),
  name: z.string(),
  price_monthly: z.number().int().describe("FCFA per month"),
  currency: z.literal("XOF"),
  interval: z.literal("MONTHLY"),
  monthly_live_cap: z.number().int().nullable().describe("successful live volume allowed per calendar month, FCFA; null = no cap"),
  features: z.array(z.string()),
});
export const platformPlanListSchema = z.array(platformPlanSchema);

export const merchantPlanSchema = z.object({
  id: z.enum(["none", "starter", "pro", "business"]).describe("none = no platform plan: sandbox only, free"),
  name: z.string(),
  price_monthly: z.number().int(),
  currency: z.literal("XOF"),
  monthly_live_cap: z.number().int().nullable(),
  features: z.array(z.string()),
  usage: z
    .object({
      month: z.string().describe("YYYY-MM, calendar month in Africa/Bamako time (UTC)"),
      live_volume: z.number().int().describe("successful live payments collected this month, FCFA"),
      remaining: z.number().int().nullable().describe("what the cap still allows this month; null = no cap"),
    })
    .nullable()
    .describe("live keys only (test-mode payments never count toward the cap); null with a test key"),
});

export const SUBSCRIPTION_STATUSES = ["ACTIVE", "EXPIRED", "NONE"] as const;
export const merchantSubscriptionSchema = z.object({
  plan_id: z.enum(["none", "starter", "pro", "business"]),
  plan_name: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES).describe("ACTIVE: paid and current; EXPIRED: the period ended; NONE: never subscribed or cancelled"),
  current_period_end: timestamp.nullable(),
  production_access: z.boolean().describe("production access opened by the service"),
  live_enabled: z.boolean().describe("a live key works now: production access and an ACTIVE subscription"),
});

type PlanDef = (typeof platformPlans)[number];

export function platformPlanView(p: PlanDef): z.infer<typeof platformPlanSchema> {
  return { id: p.code, name: p.name, price_monthly: p.priceMonthly, currency: "XOF", interval: "MONTHLY", monthly_live_cap: p.monthlyLiveCap, features: [...p.features] };
}

export const listPlatformPlans = () => platformPlans.map(platformPlanView);

const SANDBOX_ONLY = { id: "none" as const, name: "Sandbox", price_monthly: 0, currency: "XOF" as const, monthly_live_cap: 0, features: ["Test keys only (sandbox), free of charge"] };

/** GET /v1/merchant/plan: the merchant's platform plan and, for a live key, this month's usage of its cap. */
export async function merchantPlan(db: Database, merchant: Merchant, mode: Mode, now: Date): Promise<z.infer<typeof merchantPlanSchema>> {
  const p = platformPlan(merchant.platformPlan);
  const plan = p
    ? { id: p.code, name: p.name, price_monthly: p.priceMonthly, currency: "XOF" as const, monthly_live_cap: p.monthlyLiveCap as number | null, features: [...p.features] }
    : SANDBOX_ONLY;
  if (mode !== "live") return { ...plan, usage: null };
  // What pending live payments reserve is not left either (lib/platform/volume-cap.ts).
  const { collected, reserved } = await committedLiveVolume(db, merchant.id, now);
  const cap = plan.monthly_live_cap;
  return { ...plan, usage: { month: calendarMonth(now).label, live_volume: collected, remaining: cap === null ? null : Math.max(cap - collected - reserved, 0) } };
}

/** GET /v1/merchant/subscription: the platform subscription, judged on real time as the live gate does. */
export function merchantSubscription(merchant: Merchant, now: Date = systemNow()): z.infer<typeof merchantSubscriptionSchema> {
  const p = platformPlan(merchant.platformPlan);
  const end = merchant.platformPeriodEnd;
  const status = !p ? "NONE" : end && end > now ? "ACTIVE" : "EXPIRED";
  return {
    plan_id: p?.code ?? "none",
    plan_name: p?.name ?? SANDBOX_ONLY.name,
    status,
    current_period_end: p && end ? end.toISOString() : null,
    production_access: merchant.productionEnabled,
    live_enabled: merchant.productionEnabled && status === "ACTIVE",
  };
}
