import { z } from "zod";
import { ApiError } from "@/lib/core/errors";
import { input } from "@/lib/core/validation";
import { PHONE_INPUT_MAX_LENGTH } from "@/lib/phone/parse";
import { DESCRIBE_LENIENT, requirePhone } from "@/lib/phone/schema";
import { WITHDRAWAL_MAX, WITHDRAWAL_MIN } from "./fees";

/** The contract's statuses, and AWAITING_APPROVAL (our extension: a second team member's approval, ./approval.ts). */
export const WITHDRAWAL_STATUSES = ["AWAITING_APPROVAL", "PENDING", "APPROVED", "COMPLETED", "REJECTED", "CANCELLED"] as const;
/** The contract's limit on phone_number as sent (separators included); lib/phone applies it. */
export const PHONE_NUMBER_MAX = PHONE_INPUT_MAX_LENGTH;
export const NOTES_MAX = 500;
const OPERATOR = "OPERATOR_MONEY" as const;

const isInt = (v: unknown): v is number => typeof v === "number" && Number.isSafeInteger(v);
const amountMessage = `amount must be an integer number of FCFA between ${WITHDRAWAL_MIN.toLocaleString("en")} and ${WITHDRAWAL_MAX.toLocaleString("en")}.`;

function checkAmount(v: unknown): void {
  if (v === undefined || v === null) throw new ApiError("INVALID_AMOUNT", `amount is required: ${amountMessage}`, { param: "amount" });
  if (!isInt(v) || v < WITHDRAWAL_MIN || v > WITHDRAWAL_MAX) throw new ApiError("INVALID_AMOUNT", amountMessage, { param: "amount" });
}

/**
 * The body rules of POST /v1/withdrawals with the withdrawal's own messages (the catalogue's
 * INVALID_AMOUNT / INVALID_PHONE texts describe payments). Runs before the typed schema below,
 * which then only documents the shape.
 */
function checkWithdrawalBody(raw: unknown): unknown {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return raw;
  const b = raw as Record<string, unknown>;
  // Older SDK helpers send recipient_phone; say which fields this endpoint takes.
  if (b.recipient_phone !== undefined && (b.phone_number === undefined || b.provider === undefined)) {
    throw new ApiError("RECIPIENT_PHONE_NOT_SUPPORTED", undefined, { param: "recipient_phone" });
  }
  checkAmount(b.amount);
  if (b.provider !== OPERATOR) {
    throw new ApiError("INVALID_PROVIDER", b.provider === undefined ? 'provider is required and must be "OPERATOR_MONEY".' : 'provider must be "OPERATOR_MONEY", the only operator.', { param: "provider" });
  }
  // The mobile-money number that receives the withdrawal, as typed (at most 32 characters): lib/phone's rule, stored in E.164.
  const phone = requirePhone(b.phone_number, { field: "phone_number", missing: "INVALID_PHONE" });
  if (b.quoted_fee !== undefined && b.quoted_fee !== null && (!isInt(b.quoted_fee) || b.quoted_fee < 0)) throw new ApiError("INVALID_QUOTED_FEE", undefined, { param: "quoted_fee" });
  if (b.notes !== undefined && b.notes !== null && (typeof b.notes !== "string" || b.notes.length > NOTES_MAX)) throw new ApiError("INVALID_NOTES", undefined, { param: "notes" });
  if (b.currency !== undefined && b.currency !== "XOF") throw new ApiError("INVALID_CURRENCY", undefined, { param: "currency" });
  return { ...b, phone_number: phone, quoted_fee: b.quoted_fee ?? undefined, notes: b.notes ?? undefined };
}

export const createWithdrawalSchema = z.preprocess(
  checkWithdrawalBody,
  z.object({
    amount: z.number().int().min(WITHDRAWAL_MIN).max(WITHDRAWAL_MAX).describe("FCFA, fee included (net_amount = amount − fee)"),
    provider: z.literal(OPERATOR),
    phone_number: z.string().min(1).max(PHONE_NUMBER_MAX).describe(`destination mobile-money number, at most ${PHONE_NUMBER_MAX} characters. ${DESCRIBE_LENIENT}`),
    quoted_fee: z.number().int().min(0).optional().describe("the fee shown by GET /v1/withdrawals/quote; 409 FEE_CHANGED if it differs"),
    notes: z.string().max(NOTES_MAX).optional(),
    currency: z.literal("XOF").optional(),
  }),
);
export const CreateWithdrawalInput = input(createWithdrawalSchema);
export type CreateWithdrawalBody = z.output<typeof createWithdrawalSchema>;

export const quoteQuerySchema = z.preprocess(
  (raw) => {
    const q = (raw ?? {}) as Record<string, unknown>;
    const n = typeof q.amount === "string" && /^\d+$/.test(q.amount) ? Number(q.amount) : q.amount === undefined ? undefined : NaN;
    checkAmount(n);
    return { amount: n };
  },
  z.object({ amount: z.number().int().min(WITHDRAWAL_MIN).max(WITHDRAWAL_MAX) }),
);
export const QuoteQuery = input(quoteQuerySchema);

export const listQuerySchema = z.object({
  status: z.enum(WITHDRAWAL_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const ListWithdrawalsQuery = input(listQuerySchema, { status: "INVALID_STATUS_FILTER", page: "INVALID_PAGINATION", limit: "INVALID_PAGINATION" });

const timestamp = z.string().describe("ISO 8601 UTC");

/** The withdrawal object of the contract, plus what the staff did with it. */
export const withdrawalSchema = z.object({
  id: z.string().describe("UUID"),
  reference: z.string().describe("WD_<digits>_<alphanumeric>"),
  amount: z.number().int(),
  fee: z.number().int(),
  net_amount: z.number().int().describe("amount − fee: what reaches phone_number"),
  currency: z.literal("XOF"),
  status: z.enum(WITHDRAWAL_STATUSES),
  provider: z.literal(OPERATOR),
  phone_number: z.string(),
  notes: z.string().nullable(),
  operator_reference: z.string().nullable().describe("the operator's transfer reference, once COMPLETED"),
  rejection_reason: z.string().nullable(),
  livemode: z.boolean(),
  created_at: timestamp,
  updated_at: timestamp,
  approved_at: timestamp.nullable(),
  completed_at: timestamp.nullable(),
  rejected_at: timestamp.nullable(),
  cancelled_at: timestamp.nullable(),
  cancellation_reason: z.enum(["requester", "refused"]).nullable().describe("once CANCELLED: withdrawn by the merchant, or refused by a second owner or admin"),
  approval: z
    .object({
      required: z.literal(true),
      requested_by: z.string().nullable().describe('"user:<id>" or "api_key:<id>"'),
      decided_by: z.string().nullable().describe('the owner or admin who approved or refused ("user:<id>")'),
      decided_at: timestamp.nullable(),
      refusal_reason: z.string().nullable(),
    })
    .nullable()
    .describe("the team's second approval, for a withdrawal above the merchant's approval threshold; null when none was needed"),
  _source: z.enum(["api", "dashboard"]).describe("where the request was made"),
});
export type WithdrawalResource = z.infer<typeof withdrawalSchema>;

export const balanceSchema = z.object({
  available: z.number().int().describe("withdrawable now: collected − fees − withdrawn − reserved"),
  reserved: z.number().int().describe("held by AWAITING_APPROVAL, PENDING and APPROVED withdrawals"),
  pending: z.number().int().describe("same figure as reserved (the name existing clients read)"),
  held: z.number().int().describe("secure-order escrow, released on delivery"),
  currency: z.literal("XOF"),
});

export const quoteSchema = z.object({
  amount: z.number().int(),
  fee: z.number().int().describe("max(100, ⌈1 % of amount⌉)"),
  net_amount: z.number().int(),
  currency: z.literal("XOF"),
  min: z.number().int(),
  max: z.number().int(),
});

export const paginationSchema = z.object({ page: z.number().int(), limit: z.number().int(), total: z.number().int(), pages: z.number().int() });
export const withdrawalListSchema = z.object({ withdrawals: z.array(withdrawalSchema), pagination: paginationSchema });

const bucket = z.object({ count: z.number().int(), volume: z.number().int().describe("sum of amount, FCFA") });
export const withdrawalStatsSchema = z.object({
  currency: z.literal("XOF"),
  total: bucket,
  by_status: z.object(Object.fromEntries(WITHDRAWAL_STATUSES.map((s) => [s, bucket])) as Record<(typeof WITHDRAWAL_STATUSES)[number], typeof bucket>),
  fees_paid: z.number().int().describe("fees of COMPLETED withdrawals"),
});

export const REFUSAL_REASON_MAX = 500;

/** POST /dashboard-api/withdrawals/{id}/refuse: an optional note for the requester. */
export const refuseWithdrawalSchema = z.preprocess(
  (raw) => {
    const b = (raw && typeof raw === "object" && !Array.isArray(raw) ? raw : {}) as Record<string, unknown>;
    if (b.reason !== undefined && b.reason !== null && (typeof b.reason !== "string" || b.reason.length > REFUSAL_REASON_MAX)) throw new ApiError("INVALID_REFUSAL_REASON", undefined, { param: "reason" });
    const reason = typeof b.reason === "string" && b.reason.trim() ? b.reason.trim() : undefined;
    return { reason };
  },
  z.object({ reason: z.string().max(REFUSAL_REASON_MAX).optional().describe("shown to the requester in the mail") }),
);
export const RefuseWithdrawalInput = input(refuseWithdrawalSchema);

/** The approval threshold's bounds: at 0 every withdrawal waits; at or above the maximum amount none would. */
export const APPROVAL_THRESHOLD_MAX = WITHDRAWAL_MAX - 1;

/** PUT /dashboard-api/withdrawals/approval-threshold: `{threshold: null}` turns the second approval off. */
export const approvalThresholdSchema = z.preprocess(
  (raw) => {
    const b = (raw && typeof raw === "object" && !Array.isArray(raw) ? raw : {}) as Record<string, unknown>;
    const t = b.threshold;
    if (t === null) return { threshold: null };
    if (!isInt(t) || t < 0 || t > APPROVAL_THRESHOLD_MAX) throw new ApiError("INVALID_APPROVAL_THRESHOLD", undefined, { param: "threshold" });
    return { threshold: t };
  },
  z.object({ threshold: z.number().int().min(0).max(APPROVAL_THRESHOLD_MAX).nullable().describe("FCFA; withdrawals strictly above it wait for a second owner or admin; null: off") }),
);
export const ApprovalThresholdInput = input(approvalThresholdSchema);
