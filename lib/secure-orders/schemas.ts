import { z } from "zod";
import { ApiError } from "@/lib/core/errors";
import { input } from "@/lib/core/validation";
import { PAYMENT_STATUSES } from "@/lib/payments/schemas";
import { DESCRIBE_LENIENT, requirePhone } from "@/lib/phone/schema";
import { SECURE_ORDER_LIMITS as L } from "./config";

export const SECURE_ORDER_STATUSES = ["CREATED", "PAID_HELD", "RELEASED", "REFUNDED", "DISPUTED", "CANCELLED"] as const;

const AMOUNT_MESSAGE = "amount must be an integer number of XOF from 100 to 10,000,000.";

/**
 * INVALID_AMOUNT, MISSING_PHONE and INVALID_PHONE are shared with payments, whose catalogue
 * messages state the payment bounds; a secure order's bounds differ, so these two fields are
 * checked here first and answered with the secure-order rule in the message. The phone is read
 * by lib/phone (the contract's "8 to 15 digits, optional leading +", and 76 55 44 33 is a Mali
 * number) and passed on in E.164.
 */
function checkSharedFields(raw: unknown): unknown {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return raw;
  const body = raw as Record<string, unknown>;
  const amount = body.amount;
  if (amount === undefined || amount === null) throw new ApiError("INVALID_AMOUNT", `amount is required: ${AMOUNT_MESSAGE}`, { param: "amount" });
  if (typeof amount !== "number" || !Number.isInteger(amount) || amount < L.amountMin || amount > L.amountMax) {
    throw new ApiError("INVALID_AMOUNT", AMOUNT_MESSAGE, { param: "amount" });
  }
  return { ...body, customer_phone: requirePhone(body.customer_phone, { field: "customer_phone" }) };
}

export const createSecureOrderSchema = z.preprocess(
  checkSharedFields,
  z.object({
    amount: z.number().int().min(L.amountMin).max(L.amountMax).describe("XOF, 100 to 10,000,000"),
    description: z.string().trim().min(L.descriptionMin).max(L.descriptionMax).describe("2 to 200 characters, visible to the buyer"),
    customer_phone: z.string().describe(DESCRIBE_LENIENT),
    customer_name: z.string().trim().min(1).max(L.customerNameMax).nullish(),
    delivery_deadline_hours: z
      .number()
      .int()
      .min(L.deliveryHoursMin)
      .max(L.deliveryHoursMax)
      .nullish()
      .describe("1 to 720, default 72, counted from payment"),
    client_reference: z.string().min(1).max(L.clientReferenceMax).nullish().describe("your own reference, at most 64 characters"),
    currency: z.literal("XOF").optional(),
    payment_method: z.literal("OPERATOR_MONEY").optional(),
    provider: z.literal("OPERATOR_MONEY").optional(),
  }),
);

export const CreateSecureOrderInput = input(createSecureOrderSchema, {
  amount: "INVALID_AMOUNT",
  customer_phone: { missing: "MISSING_PHONE", invalid: "INVALID_PHONE" },
  description: { missing: "MISSING_DESCRIPTION", invalid: "INVALID_DESCRIPTION" },
  customer_name: "INVALID_CUSTOMER_NAME",
  delivery_deadline_hours: "INVALID_DELIVERY_DEADLINE_HOURS",
  client_reference: "INVALID_CLIENT_REFERENCE",
  currency: "INVALID_CURRENCY",
  payment_method: "INVALID_PAYMENT_METHOD",
  provider: "INVALID_PROVIDER",
});
export type CreateSecureOrderBody = z.output<typeof createSecureOrderSchema>;

export const listSecureOrdersQuerySchema = z.object({
  status: z.enum(SECURE_ORDER_STATUSES).optional(),
  search: z.string().trim().min(1).max(L.searchMax).optional().describe("matched (case-insensitive, substring) against reference, description, client_reference and customer_phone"),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const ListSecureOrdersQuery = input(listSecureOrdersQuerySchema, {
  status: "INVALID_SECURE_ORDER_STATUS",
  search: "INVALID_SEARCH",
  page: "INVALID_PAGINATION",
  limit: "INVALID_PAGINATION",
});

export const cancelSecureOrderSchema = z.object({
  reason: z.string().max(L.cancelReasonMax).nullish().describe("at most 300 characters"),
});
export const CancelSecureOrderInput = input(cancelSecureOrderSchema, { reason: "INVALID_CANCEL_REASON" });

export const confirmDeliverySchema = z.object({
  code: z.string().regex(/^\d{6}$/).describe("the 6-digit delivery code the buyer reads out, as a string"),
});
export const ConfirmDeliveryInput = input(confirmDeliverySchema, { code: { missing: "MISSING_CODE", invalid: "INVALID_CODE_FORMAT" } });

export const simulatePaymentSchema = z.object({
  outcome: z.enum(["SUCCESS", "FAILED"]).describe("how the simulated operator answers the buyer's payment"),
});
export const SimulatePaymentInput = input(simulatePaymentSchema, { outcome: "INVALID_SIMULATION_OUTCOME" });

export const SANDBOX_DISPUTE_REASON = "The order never arrived (sandbox).";
export const simulateDisputeSchema = z.object({
  reason: z
    .string()
    .min(L.disputeReasonMin)
    .max(L.disputeReasonMax)
    .nullish()
    .describe(`the buyer's words, 3 to 500 characters (default "${SANDBOX_DISPUTE_REASON}")`),
});
export const SimulateDisputeInput = input(simulateDisputeSchema, { reason: "INVALID_DISPUTE_REASON" });

const timestamp = z.string().describe("ISO 8601 UTC");

/** The secure order object, exactly the contract's fields (also the `data` of secure_order.* events). */
export const secureOrderSchema = z
  .object({
    id: z.string().describe("UUID"),
    reference: z.string().describe("human-readable, unique, e.g. SO-7KQ2M9"),
    status: z.enum(SECURE_ORDER_STATUSES),
    is_test: z.boolean().describe("true with a test key"),
    amount: z.number().int(),
    currency: z.literal("XOF"),
    amount_charged: z.number().int().describe("what the buyer pays: the amount (fees are not added on top)"),
    fee_total: z.number().int().describe("the service's fee, taken from the amount at release"),
    amount_merchant_net: z.number().int().nullable().describe("amount − fee_total, set at release; null before (and for refunded or cancelled orders)"),
    description: z.string(),
    customer_phone: z.string(),
    client_reference: z.string().nullable(),
    payment_intent_id: z.string().nullable().describe("the current payment attempt (txn_…); null at creation"),
    payment_status: z.enum(PAYMENT_STATUSES).nullable().describe("status of that payment; null at creation"),
    buyer_url: z.string().describe("page where the buyer pays and then sees the 6-digit delivery code"),
    delivery_url: z.string().describe("page where the courier enters the code"),
    delivery_window_hours: z.number().int().describe("delivery_deadline_hours of the request"),
    pay_before: timestamp,
    delivery_deadline: timestamp.nullable().describe("payment time + delivery_window_hours; null until paid"),
    code_attempts_remaining: z.number().int().describe("starts at 5"),
    code_locked: z.boolean(),
    created_at: timestamp,
  })
  .meta({ id: "SecureOrder" });

export type SecureOrderResource = z.infer<typeof secureOrderSchema>;

export const paginationSchema = z.object({ page: z.number().int(), limit: z.number().int(), total: z.number().int(), pages: z.number().int() });
export const secureOrderListSchema = z.object({ secure_orders: z.array(secureOrderSchema), pagination: paginationSchema });

export const deliveryCodeSchema = z.object({
  secure_order_id: z.string(),
  reference: z.string(),
  code: z.string().describe("the 6-digit delivery code (sandbox only)"),
});
