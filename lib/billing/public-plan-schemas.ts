import { z } from "zod";
import { input } from "@/lib/core/validation";
import { PLAN_INTERVALS, planSchema } from "./schemas";

/** English labels of the intervals, as client libraries show them beside a price. */
export const INTERVAL_LABELS = { WEEKLY: "weekly", MONTHLY: "monthly" } as const satisfies Record<(typeof PLAN_INTERVALS)[number], string>;

/** Public plan routes show live plans; a merchant previewing its test plans asks for them explicitly. */
const modeParam = z
  .enum(["live", "test"])
  .default("live")
  .describe("live (default): the plans customers can subscribe to. test: the merchant's test plans, for trying an integration.");

export const publicPlansQuery = z.object({ merchant_id: z.string().trim().min(1).max(64), mode: modeParam });
export const PublicPlansInput = input(publicPlansQuery, { merchant_id: "MISSING_MERCHANT_ID" });

export const PublicPlanInput = input(z.object({ mode: modeParam }));

export const publicPlanSchema = planSchema.omit({ subscriber_count: true }).extend({
  interval_label: z.enum([INTERVAL_LABELS.WEEKLY, INTERVAL_LABELS.MONTHLY]).describe("`interval` in words: weekly or monthly."),
  features: z.array(z.string()).describe("Always empty: plans carry no feature list; what a plan includes is in `description`."),
  checkout_url: z
    .string()
    .nullable()
    .describe("Always null: no hosted page lets a customer subscribe on their own. Subscribe a customer with POST /v1/billing/subscriptions/with-payment and send them its payment_link.url."),
});
export type PublicPlan = z.infer<typeof publicPlanSchema>;

export const publicPlansSchema = z.object({
  merchant: z.object({ id: z.string(), name: z.string() }),
  plans: z.array(publicPlanSchema).describe("active plans of the requested mode, cheapest first"),
});
