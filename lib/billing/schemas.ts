import { z } from "zod";
import { input } from "@/lib/core/validation";
import { phoneField, phoneInput } from "@/lib/phone/schema";
import { redirectUrl } from "@/lib/redirects/redirect-url";
import { pageFields, paginationSchema } from "@/lib/links/pagination";

export const PLAN_INTERVALS = ["WEEKLY", "MONTHLY"] as const;
export const SUBSCRIPTION_STATUSES = ["ACTIVE", "PAST_DUE", "CANCELLED"] as const;

/**
 * Billing phones (subscriptions, their list filter, portal sessions): the lenient rule of
 * lib/phone — 76 55 44 33, +223 76 55 44 33, 0022376554433 and 22376554433 are one customer,
 * stored and shown as +22376554433.
 */
export const billingPhone = phoneField({ field: "customer_phone" });

const metadata = z
  .record(z.string().max(40), z.unknown())
  .refine((m) => JSON.stringify(m).length <= 4096, "metadata must be at most 4 KB of JSON");

const amount = z.number().int().min(100).max(5_000_000);

export const createPlanSchema = z.object({
  name: z.string().trim().min(1).max(100),
  amount: amount.describe("XOF charged each period, 100..5,000,000."),
  interval: z.enum(PLAN_INTERVALS),
  description: z.string().trim().max(500).nullish(),
});
export const CreatePlanInput = input(createPlanSchema, { amount: "INVALID_AMOUNT", interval: "INVALID_INTERVAL" });
export type CreatePlanBody = z.output<typeof createPlanSchema>;

export const updatePlanSchema = z.object({
  name: z.string().trim().min(1).max(100).optional(),
  description: z.string().trim().max(500).nullish(),
  amount: amount.optional().describe("Applies to periods billed from now on; periods already being collected keep their amount."),
  is_active: z.boolean().optional().describe("An inactive plan accepts no new subscriptions; existing ones keep being billed."),
  interval: z.unknown().optional().describe("Refused: PLAN_INTERVAL_IMMUTABLE."),
});
export const UpdatePlanInput = input(updatePlanSchema, { amount: "INVALID_AMOUNT" });
export type UpdatePlanBody = z.output<typeof updatePlanSchema>;

export const listPlansQuery = z.object({ is_active: z.enum(["true", "false"]).transform((v) => v === "true").optional() });
export const ListPlansInput = input(listPlansQuery);

const startDate = z.union([z.iso.datetime({ offset: true }), z.iso.date()]).describe("ISO 8601; default now. The first period starts (and is billed) then.");

export const createSubscriptionSchema = z.object({
  plan_id: z.string().min(1).max(64),
  customer_phone: billingPhone,
  start_date: startDate.optional(),
  customer_name: z.string().trim().min(1).max(100).optional(),
  customer_email: z.email().max(254).optional(),
  metadata: metadata.optional(),
});
const subscriptionCodes = {
  customer_phone: { missing: "MISSING_PHONE", invalid: "INVALID_PHONE" },
  start_date: "INVALID_START_DATE",
  customer_email: "INVALID_EMAIL",
} as const;
export const CreateSubscriptionInput = phoneInput(createSubscriptionSchema, subscriptionCodes);
export type CreateSubscriptionBody = z.output<typeof createSubscriptionSchema>;

export const createWithPaymentSchema = createSubscriptionSchema.extend({
  redirect_url: redirectUrl.optional().describe("HTTPS page the customer returns to after paying the first period (the link's success_redirect_url); outside the service's own domains."),
});
export const CreateWithPaymentInput = phoneInput(createWithPaymentSchema, { ...subscriptionCodes, redirect_url: "INVALID_REDIRECT_URL" });
export type CreateWithPaymentBody = z.output<typeof createWithPaymentSchema>;

export const listSubscriptionsQuery = z.object({
  ...pageFields,
  status: z.enum(SUBSCRIPTION_STATUSES).optional(),
  plan_id: z.string().max(64).optional(),
  customer_phone: phoneField({ field: "customer_phone", missing: "INVALID_PHONE" }).optional(),
});
export const ListSubscriptionsInput = phoneInput(listSubscriptionsQuery, { customer_phone: "INVALID_PHONE" });

export const listCustomersQuery = z.object({
  ...pageFields,
  search: z.string().trim().max(100).optional().describe("Part of the phone number or of the name, case-insensitive."),
});
export const ListCustomersInput = input(listCustomersQuery);

export const createPortalSessionSchema = z.object({
  customer_phone: billingPhone,
  customer_name: z.string().trim().min(1).max(100).optional(),
  customer_email: z.email().max(254).optional(),
  return_url: redirectUrl.optional().describe("Where the portal's back link goes: an HTTPS URL outside the service's own domains, stored normalised."),
});
export const CreatePortalSessionInput = phoneInput(createPortalSessionSchema, {
  customer_phone: { missing: "MISSING_PHONE", invalid: "INVALID_PHONE" },
  customer_email: "INVALID_EMAIL",
  return_url: "INVALID_RETURN_URL",
});
export type CreatePortalSessionBody = z.output<typeof createPortalSessionSchema>;

const timestamp = z.string().describe("ISO 8601 UTC");

export const planSchema = z.object({
  id: z.string().describe("prefix plan_"),
  name: z.string(),
  description: z.string().nullable(),
  amount: z.number().int(),
  currency: z.literal("XOF"),
  interval: z.enum(PLAN_INTERVALS),
  is_active: z.boolean(),
  subscriber_count: z.number().int().describe("ACTIVE and PAST_DUE subscriptions."),
  livemode: z.boolean(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type PlanResource = z.infer<typeof planSchema>;

export const planDeletionSchema = z.object({
  id: z.string(),
  action: z.enum(["deleted", "deactivated"]).describe("deactivated when the plan still has ACTIVE or PAST_DUE subscribers (they keep being billed); deleted otherwise."),
  deleted: z.boolean(),
  deactivated: z.boolean(),
  plan: planSchema.nullable().describe("The deactivated plan; null once deleted."),
});

export const subscriptionSchema = z.object({
  id: z.string().describe("prefix sub_"),
  plan_id: z.string(),
  plan_name: z.string(),
  customer_id: z.string(),
  customer_phone: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES).describe("ACTIVE: paid up. PAST_DUE: the current period's collection failed, retries scheduled. CANCELLED: final, never billed again."),
  amount: z.number().int().describe("The plan's current amount: what the next period will be billed."),
  currency: z.literal("XOF"),
  interval: z.enum(PLAN_INTERVALS),
  next_billing_date: timestamp.describe("Start of the next period to bill (while PAST_DUE: of the unpaid period)."),
  next_retry_at: timestamp.nullable().describe("PAST_DUE only: when the next collection attempt is made."),
  retry_count: z.number().int().describe("Failed collection attempts on the current period (0 when paid up)."),
  cancelled_at: timestamp.nullable(),
  cancel_reason: z.enum(["requested", "customer_portal", "payment_failed"]).nullable(),
  metadata: z.record(z.string(), z.unknown()),
  livemode: z.boolean(),
  created_at: timestamp,
});
export type SubscriptionResource = z.infer<typeof subscriptionSchema>;

/** `data` of subscription.payment_due: the subscription, plus the collection opened for its period. */
export const subscriptionPaymentDueSchema = subscriptionSchema.extend({
  payment_id: z.string().describe("The collection opened for this period (prefix txn_), PENDING; also pushed to the customer's phone."),
  payment_url: z
    .string()
    .describe(
      "That payment's hosted checkout ({CAURI_PUBLIC_URL}/checkout/{payment_id}, the payment's redirect_url): send it to the customer, who opens it in a browser to pay this period. It works until payment_expires_at; a later attempt comes with its own event and URL.",
    ),
  amount_due: z.number().int().describe("XOF asked for this period."),
  period_start: timestamp.describe("Start of the period being collected."),
  payment_expires_at: timestamp.describe("When the payment expires unpaid (then the retry schedule applies: PAST_DUE, a new attempt, a new subscription.payment_due)."),
  // The previous service's names, which its guide's handlers read; each repeats a field above.
  subscription_id: z.string().describe("The same as `id` (prefix sub_), for handlers written for the previous service."),
  billing_date: timestamp.describe("The same as `period_start`: the billing date of the period being collected."),
  expires_at: timestamp.describe("The same as `payment_expires_at`."),
  payment_link_id: z
    .string()
    .describe(
      "The same as `payment_id` (prefix txn_): each period is collected by a payment, not a payment link; its checkout is `payment_url`, and its payment.* events carry it as `id` and `reference_id`. Read it with GET /v1/payments/{payment_link_id}.",
    ),
});
export type SubscriptionPaymentDueResource = z.infer<typeof subscriptionPaymentDueSchema>;

export const withPaymentSchema = z.object({
  subscription: subscriptionSchema,
  payment_link: z.object({ id: z.string(), slug: z.string(), url: z.string(), amount: z.number().int() }),
});

export const customerSchema = z.object({
  id: z.string().describe("prefix cus_"),
  phone: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  created_at: timestamp,
  subscription_count: z.number().int().describe("All of the customer's subscriptions, whatever their status."),
  total_paid: z.number().int().describe("Sum of the successful payments made from this phone to the merchant, in this mode."),
});

export const portalSessionSchema = z.object({
  id: z.string().describe("prefix ps_"),
  url: z.string().describe("Single-purpose, unguessable link to the customer portal; give it to this customer only."),
  customer_id: z.string(),
  expires_at: timestamp.describe("24 hours after creation (the sandbox test clock applies in test mode)."),
  return_url: z.string().nullable(),
  created_at: timestamp,
});

export const listExtra = { pagination: paginationSchema };
