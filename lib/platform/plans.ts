import type { PlatformPlanCode } from "@/db/schema";

/** The service's own plans (GET /v1/platform/plans). `monthlyLiveCap` null = no cap. */
export const platformPlans = [
  { code: "starter", name: "Starter", priceMonthly: 5_000, monthlyLiveCap: 200_000, features: ["Payments and payment links", "Webhooks", "Email support"] },
  { code: "pro", name: "Pro", priceMonthly: 15_000, monthlyLiveCap: 200_000, features: ["Everything in Starter", "Recurring billing and customer portal", "Secure orders (pilot, on request)"] },
  { code: "business", name: "Business", priceMonthly: 50_000, monthlyLiveCap: null, features: ["Everything in Pro", "No monthly volume cap", "Priority support"] },
] as const satisfies readonly { code: Exclude<PlatformPlanCode, "none">; name: string; priceMonthly: number; monthlyLiveCap: number | null; features: readonly string[] }[];

export function platformPlan(code: PlatformPlanCode) {
  return platformPlans.find((p) => p.code === code) ?? null;
}
