import { z } from "zod";
import { loopbackRedirectUrl } from "@/lib/redirects/redirect-url";
import { input } from "@/lib/core/validation";
import { phoneField, phoneInput } from "@/lib/phone/schema";
import { partnerItemSchema } from "@/lib/partner/schemas";
import { ALIASES, type Aliases } from "@/lib/core/aliases";
import { paymentRefundsSchema } from "@/lib/refunds/schemas";

export const PAYMENT_STATUSES = ["PENDING", "SUCCESS", "FAILED", "EXPIRED", "CANCELLED"] as const;
export const TERMINAL_STATUSES = new Set(["SUCCESS", "FAILED", "EXPIRED", "CANCELLED"]);
export const COUNTRIES = ["ML", "SN", "CI"] as const;
export const OPERATOR_METHOD = "OPERATOR_MONEY" as const;

/**
 * POST /v1/payments (and OPR, which takes its body): the contract's "international format with
 * leading +" — a bare 76554433 or 0022376554433 is refused with a message naming the format;
 * separators are ignored and the number is stored in E.164 (lib/phone).
 */
export const paymentPhone = phoneField({ field: "customer_phone", rule: "international" });

/**
 * Existing client libraries send `provider` and a nested `customer: {phone, name, email}`;
 * both are folded into the contract's flat fields before validation. A nested null is "not
 * sent", as a flat one is (lib/core/validation.ts).
 */
function foldAliases(raw: unknown): unknown {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return raw;
  const body = { ...(raw as Record<string, unknown>) };
  const customer = body.customer && typeof body.customer === "object" ? (body.customer as Record<string, unknown>) : {};
  body.customer_phone ??= customer.phone ?? undefined;
  body.customer_name ??= customer.name ?? undefined;
  body.customer_email ??= customer.email ?? undefined;
  delete body.customer;
  if (body.payment_method === undefined && body.provider !== undefined) body.payment_method = body.provider;
  return body;
}

const metadataSchema = z
  .record(z.string().max(40), z.unknown())
  .refine((m) => m.service_mock === undefined || typeof m.service_mock === "boolean", "service_mock must be a boolean")
  .refine((m) => m.sandbox === undefined || typeof m.sandbox === "boolean", "sandbox must be a boolean")
  .refine((m) => JSON.stringify(m).length <= 4096, "metadata must be at most 4 KB of JSON");

export const createPaymentSchema = z.preprocess(
  foldAliases,
  z.object({
    amount: z.number().int().min(100).max(5_000_000),
    currency: z.literal("XOF").default("XOF"),
    payment_method: z.literal(OPERATOR_METHOD),
    provider: z.literal(OPERATOR_METHOD).optional(),
    country: z.enum(COUNTRIES).optional(),
    customer_phone: paymentPhone,
    customer_name: z.string().trim().min(1).max(100).optional(),
    customer_email: z.email().max(254).optional(),
    // The redirect URL rule (lib/redirects/redirect-url.ts): HTTPS, never ours, stored normalised.
    return_url: loopbackRedirectUrl,
    client_reference: z.string().min(1).max(128).optional(),
    description: z.string().trim().min(1).max(200).optional(),
    metadata: metadataSchema.optional(),
    // Validated against the partner catalogue by createPayment (lib/partner/items.ts), which owns its error codes.
    items: z.unknown().optional(),
  }).meta({ [ALIASES]: { provider: "payment_method", customer: { phone: "customer_phone", name: "customer_name", email: "customer_email" } } satisfies Aliases }),
);

export const CreatePaymentInput = phoneInput(createPaymentSchema, {
  amount: "INVALID_AMOUNT",
  currency: "INVALID_CURRENCY",
  payment_method: "INVALID_PAYMENT_METHOD",
  provider: "INVALID_PROVIDER",
  country: "INVALID_COUNTRY",
  customer_phone: { missing: "MISSING_PHONE", invalid: "INVALID_PHONE" },
  customer_email: "INVALID_EMAIL",
  return_url: { missing: "MISSING_RETURN_URL", invalid: "INVALID_RETURN_URL" },
  metadata: "INVALID_METADATA",
});

export type CreatePaymentBody = z.output<typeof createPaymentSchema>;

const timestamp = z.string().describe("ISO 8601 UTC");

export const LATE_COLLECTION_STATUSES = ["OPEN", "CREDITED", "REFUNDED"] as const;

/** Money the operator collected after the payment had ended (lib/payments/late-collection.ts). */
export const lateCollectionSchema = z.object({
  id: z.string().describe("prefix lc_"),
  status: z
    .enum(LATE_COLLECTION_STATUSES)
    .describe("OPEN: held by the service until its staff decide; CREDITED: added to the merchant's available balance, less the payment's fee_total; REFUNDED: paid back to the customer through support"),
  amount: z.number().int().describe("XOF the operator collected (the payment's amount)"),
  provider_ref: z.string().nullable().describe("the operator's reference of the collection"),
  created_at: timestamp.describe("when the operator's SUCCESS arrived"),
  resolved_at: timestamp.nullable().describe("when it was credited or refunded; null while OPEN"),
});

/** The customer as client libraries read it (`data.customer.phone`): the flat customer_* fields, nested. */
export const paymentCustomerSchema = z.object({
  phone: z.string().describe("The same as customer_phone (E.164)"),
  name: z.string().nullable().describe("The same as customer_name"),
  email: z.string().nullable().describe("The same as customer_email"),
});

/** The previous service's name for the payment's identifier, kept for its client libraries and guides. */
const referenceId = z.string().describe("The same as `id`: the previous service's name for it, which its client libraries store on the order and find it by (poll, webhooks)");

/** The payment object of the contract (full form, as a key sees it). */
export const paymentSchema = z.object({
  id: z.string().describe("prefix txn_"),
  reference_id: referenceId,
  status: z.enum(PAYMENT_STATUSES),
  amount: z.number().int(),
  currency: z.literal("XOF"),
  payment_method: z.literal(OPERATOR_METHOD),
  redirect_url: z.string(),
  gateway_used: z.string(),
  routing_reason: z.string(),
  expires_at: timestamp,
  created_at: timestamp,
  updated_at: timestamp,
  provider: z.literal(OPERATOR_METHOD),
  provider_ref: z.string().nullable(),
  customer_phone: z.string(),
  customer_name: z.string().nullable(),
  customer_email: z.string().nullable(),
  customer: paymentCustomerSchema,
  country: z.enum(COUNTRIES).nullable(),
  description: z.string().nullable(),
  return_url: z.string().nullable(),
  client_reference: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()),
  items: z.array(partnerItemSchema).nullable().describe("partner products sold (a snapshot at their validated price); null without items"),
  fee_total: z.number().int(),
  status_reason: z.string().nullable(),
  initiated_at: timestamp.nullable().describe("when the collection was pushed to the customer's phone (the hosted checkout's confirmation); null before"),
  livemode: z.boolean(),
  late_collection: lateCollectionSchema
    .nullable()
    .describe(
      "the operator reported SUCCESS after this payment had ended (CANCELLED, EXPIRED or FAILED): the customer was charged. The payment's status does not change; the money is held until the service credits the merchant or refunds the customer (event payment.late_success). null otherwise",
    ),
  refunds: paymentRefundsSchema,
});

/** What the creation answer carries (the contract's list). */
export const createdPaymentSchema = paymentSchema.pick({
  id: true, reference_id: true, customer: true, status: true, amount: true, currency: true, payment_method: true, redirect_url: true,
  gateway_used: true, routing_reason: true, expires_at: true, created_at: true, fee_total: true,
});

/** Public status for our hosted pages: no metadata, client_reference or provider_ref; the phone masked. */
export const publicPaymentSchema = paymentSchema
  .pick({ id: true, reference_id: true, status: true, amount: true, currency: true, payment_method: true, expires_at: true, created_at: true, updated_at: true, description: true, status_reason: true, initiated_at: true, livemode: true })
  .extend({ customer_phone: z.string().describe("masked"), merchant_name: z.string() });

export const paymentListItemSchema = paymentSchema.pick({ id: true, reference_id: true, status: true, amount: true, currency: true, customer: true, created_at: true });

export type PaymentResource = z.infer<typeof paymentSchema>;

// ── Lists, search, history ────────────────────────────────────────────────────────────────

/** Query strings arrive as strings; bounds are the contract's (limit ≤ 100). */
const pageParam = z.coerce.number().int().min(1).max(1_000_000).default(1);
const limitParam = z.coerce.number().int().min(1).max(100).default(20);
const statusParam = z
  .string()
  .transform((s) => s.trim().toUpperCase())
  .pipe(z.enum(PAYMENT_STATUSES))
  .optional();

// Date.parse rolls an impossible day over (2026-11-31 → 1 December): the calendar date is checked too.
const isCalendarDate = (s: string) => {
  const [y, m, d] = s.slice(0, 10).split("-").map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
};

/** An ISO 8601 date or date-time query parameter, as a Date. */
export const isoInstant = z
  .string()
  .refine(
    (s) => /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(s.trim()) && !Number.isNaN(Date.parse(s.trim())) && isCalendarDate(s.trim()),
    "must be an ISO 8601 date or date-time",
  )
  .transform((s) => new Date(s.trim()));

const listCodes = { page: "INVALID_PAGINATION", limit: "INVALID_PAGINATION", offset: "INVALID_OFFSET", status: "INVALID_PAYMENT_STATUS" } as const;

/** A reference as payments store it: matched exactly (no trimming, case kept). */
const clientReferenceParam = z
  .string()
  .min(1, "must not be empty; omit it to list every payment")
  .max(128, "must be at most 128 characters, the longest reference a payment can have");

export const ListPaymentsInput = input(
  z.object({ page: pageParam, limit: limitParam, status: statusParam, client_reference: clientReferenceParam.optional().describe("only payments with exactly this reference") }),
  listCodes,
);

export const pagePaginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int().describe("payments matching the filter"),
  pages: z.number().int().describe("ceil(total / limit); 0 when nothing matches"),
});

export const paymentListSchema = z.object({ payments: z.array(paymentListItemSchema), pagination: pagePaginationSchema });

/** An empty client_reference is a missing one: both get MISSING_FIELD. */
export const PaymentByReferenceInput = input(
  z.object({ client_reference: z.preprocess((v) => (v === "" ? undefined : v), clientReferenceParam) }),
  { client_reference: { missing: "MISSING_FIELD", invalid: "INVALID_FIELD" } },
);

export const HistoryInput = input(
  z
    .object({
      limit: limitParam,
      offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
      status: statusParam,
      from: isoInstant.optional(),
      to: isoInstant.optional(),
    })
    .refine((q) => !q.from || !q.to || q.from < q.to, { message: "from must be before to", path: ["from"] }),
  { ...listCodes, from: "INVALID_DATE_RANGE", to: "INVALID_DATE_RANGE" },
);

export const paymentHistorySchema = z.object({
  transactions: z.array(paymentSchema).describe("payments created in [from, to), newest first"),
  pagination: z.object({ limit: z.number().int(), offset: z.number().int(), total: z.number().int() }),
});

// ── Details, reconcile, expire ────────────────────────────────────────────────────────────

export const ledgerEntrySchema = z.object({
  journal_id: z.string(),
  kind: z.string().describe("e.g. payment.collected"),
  account: z.string().describe("merchant_available, platform_fees, operator_clearing, escrow_held, …"),
  amount: z.number().int().describe("signed XOF; the entries of one journal sum to zero"),
  created_at: timestamp,
});

export const paymentDetailsSchema = paymentSchema.extend({
  ledger_entries: z.array(ledgerEntrySchema).describe("every ledger entry posted for this payment; empty until it succeeds (or until a late collection is recorded for it)"),
});

export const OPERATOR_STATUSES = ["PENDING", "SUCCESS", "FAILED"] as const;

export const reconcileResultSchema = z.object({
  payment: paymentSchema,
  previous_status: z.enum(PAYMENT_STATUSES),
  operator_status: z.enum(OPERATOR_STATUSES).nullable().describe("what the operator reported; null when it was not asked (the payment was already terminal)"),
  action: z.enum(["none", "settled", "expired"]).describe("settled: the operator's outcome was applied; expired: expires_at had passed with nothing collected"),
  changed: z.boolean(),
  updated: z.boolean().describe("this reconciliation changed the payment's status (action settled or expired)"),
  new_status: z.enum(PAYMENT_STATUSES).describe("the payment's status after reconciling (payment.status)"),
});

// ── Hosted checkout (public) ──────────────────────────────────────────────────────────────

/** The number as the customer types it (70 00 00 01, 0022370000001, +22370000001): the lenient rule of lib/phone. */
export const ConfirmPaymentInput = phoneInput(z.object({ customer_phone: phoneField({ field: "customer_phone" }) }), {
  customer_phone: { missing: "MISSING_PHONE", invalid: "INVALID_PHONE" },
});

// ── Sandbox tools ─────────────────────────────────────────────────────────────────────────

export const SimulateInput = input(z.object({ outcome: z.enum(["SUCCESS", "FAILED"]) }), { outcome: { missing: "INVALID_OUTCOME", invalid: "INVALID_OUTCOME" } });

export const CLOCK_ADVANCE_MAX_SECONDS = 31_536_000;

export const ClockAdvanceInput = input(z.object({ seconds: z.number().int().min(1).max(CLOCK_ADVANCE_MAX_SECONDS) }), {
  seconds: { missing: "INVALID_CLOCK_ADVANCE", invalid: "INVALID_CLOCK_ADVANCE" },
});

export const sandboxClockSchema = z.object({
  now: timestamp.describe("this merchant's test-mode time"),
  offset_seconds: z.number().int().describe("how far the test clock runs ahead of real time"),
});

// ── Utilities, refused routes ─────────────────────────────────────────────────────────────

export const providerSchema = z.object({
  code: z.literal(OPERATOR_METHOD),
  name: z.string(),
  type: z.literal("mobile_money"),
  countries: z.array(z.enum(COUNTRIES)),
  currency: z.literal("XOF"),
  min_amount: z.number().int(),
  max_amount: z.number().int(),
  available: z.boolean(),
});

export const providerListSchema = z.object({ providers: z.array(providerSchema) });

export const RecommendInput = phoneInput(z.object({ phone: phoneField({ field: "phone", missing: "INVALID_PHONE" }).optional() }), { phone: "INVALID_PHONE" });

export const recommendationSchema = z.object({
  provider: z.literal(OPERATOR_METHOD),
  recommended: providerSchema,
  reason: z.string(),
});

const PAYOUT_TYPES = ["MERCHANT_WITHDRAWAL", "SUPPLIER_PAYMENT", "SALARY", "COMMISSION", "REFUND", "OTHER"] as const;

export const ListPayoutsInput = input(
  z.object({ page: pageParam, limit: limitParam, status: z.string().trim().min(1).max(32).optional(), type: z.enum(PAYOUT_TYPES).optional() }),
  { page: "INVALID_PAGINATION", limit: "INVALID_PAGINATION" },
);

/** The reference payout record (automatic payouts are unavailable: the list is always empty). */
export const payoutSchema = z.object({
  id: z.string(),
  reference: z.string(),
  amount: z.number().int(),
  fee: z.number().int(),
  net_amount: z.number().int(),
  currency: z.literal("XOF"),
  provider: z.literal(OPERATOR_METHOD),
  recipient_phone: z.string(),
  recipient_name: z.string().nullable(),
  type: z.enum(PAYOUT_TYPES),
  status: z.string(),
  description: z.string().nullable(),
  created_at: timestamp,
  completed_at: timestamp.nullable(),
});

export const payoutListSchema = z.object({
  payouts: z.array(payoutSchema),
  pagination: z.object({ page: z.number().int(), limit: z.number().int(), total: z.number().int(), total_pages: z.number().int() }),
});
