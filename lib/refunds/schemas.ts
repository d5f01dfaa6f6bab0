import { z } from "zod";
import { input } from "@/lib/core/validation";
import { phoneField, phoneInput } from "@/lib/phone/schema";

export const REFUND_REQUEST_STATUSES = ["REQUESTED", "APPROVED", "EXECUTED", "REFUSED", "CANCELLED"] as const;
export const REFUND_REASONS = ["requested_by_customer", "duplicate", "fraudulent", "other"] as const;
/** What still holds money: a request in one of these counts against the payment's remainder and the balance. */
export const ACTIVE_REFUND_STATUSES = ["REQUESTED", "APPROVED", "EXECUTED"] as const;
export const REFUND_NOTE_MAX = 500;
export const OPERATOR_REFERENCE_MAX = 40;

export const createRefundRequestSchema = z
  .object({
    payment_id: z.string().trim().min(1).max(64).describe("the SUCCESS payment to refund (txn_…)"),
    amount: z.number().int().min(1).max(5_000_000).describe("FCFA, 1 up to the payment's refundable remainder (amount − refunds requested, approved or executed)"),
    reason: z.enum(REFUND_REASONS),
    note: z.string().max(REFUND_NOTE_MAX).optional().describe("free text for the staff, at most 500 characters"),
    customer_phone: phoneField({ field: "customer_phone" }).optional().describe("the number refunded; the payment's number when absent"),
  });
export const CreateRefundRequestInput = phoneInput(createRefundRequestSchema, {
  payment_id: "INVALID_PAYMENT_ID",
  amount: "INVALID_REFUND_AMOUNT",
  reason: "INVALID_REFUND_REASON",
  note: "INVALID_REFUND_NOTE",
});
export type CreateRefundRequestBody = z.output<typeof createRefundRequestSchema>;

export const listRefundRequestsSchema = z.object({
  payment_id: z.string().trim().min(1).max(64).optional(),
  status: z.enum(REFUND_REQUEST_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const ListRefundRequestsQuery = input(listRefundRequestsSchema, { status: "INVALID_STATUS_FILTER", page: "INVALID_PAGINATION", limit: "INVALID_PAGINATION", payment_id: "INVALID_PAYMENT_ID" });

/** Staff: a note the merchant reads (required to refuse, optional to approve), or the operator's reference. */
export const StaffNoteInput = input(z.object({ note: z.string().trim().min(3).max(REFUND_NOTE_MAX) }), { note: "INVALID_STAFF_NOTE" });
export const StaffApproveInput = input(z.object({ note: z.string().trim().max(REFUND_NOTE_MAX).optional() }), { note: "INVALID_STAFF_NOTE" });
export const ExecuteRefundInput = input(z.object({ operator_reference: z.string().trim().min(1).max(OPERATOR_REFERENCE_MAX) }), { operator_reference: "INVALID_OPERATOR_REFERENCE" });
export const StaffRefundQuery = input(z.object({ status: z.enum(REFUND_REQUEST_STATUSES).optional() }), { status: "INVALID_STATUS_FILTER" });

const timestamp = z.string().describe("ISO 8601 UTC");

/** A refund request as the merchant sees it (API, dashboard, the payment object). */
export const refundRequestSchema = z
  .object({
    id: z.string().describe("prefix rfr_"),
    object: z.literal("refund_request"),
    payment_id: z.string(),
    amount: z.number().int(),
    currency: z.literal("XOF"),
    status: z.enum(REFUND_REQUEST_STATUSES),
    reason: z.enum(REFUND_REASONS),
    note: z.string().nullable(),
    customer_phone: z.string().describe("E.164"),
    staff_note: z.string().nullable().describe("the staff's words on approval or refusal"),
    operator_reference: z.string().nullable().describe("the operator's reference of the refund, once EXECUTED"),
    livemode: z.boolean(),
    created_at: timestamp,
    updated_at: timestamp,
    approved_at: timestamp.nullable(),
    executed_at: timestamp.nullable(),
    refused_at: timestamp.nullable(),
    cancelled_at: timestamp.nullable(),
  })
  .describe("a request to refund (part of) a payment, executed by the service's staff");
export type RefundRequestResource = z.infer<typeof refundRequestSchema>;

const paginationSchema = z.object({ page: z.number().int(), limit: z.number().int(), total: z.number().int(), pages: z.number().int() });
export const refundRequestListSchema = z.object({ refund_requests: z.array(refundRequestSchema), pagination: paginationSchema });

/** The payment object's `refunds`: what was paid back and every request, newest first. */
export const paymentRefundsSchema = z
  .object({
    amount_refunded: z.number().int().describe("sum of EXECUTED refund requests"),
    amount_refundable: z.number().int().describe("what may still be requested: 0 unless SUCCESS; amount − requests REQUESTED, APPROVED or EXECUTED"),
    requests: z.array(refundRequestSchema),
  })
  .describe("refunds requested through POST /v1/refund-requests (executed by the service's staff): what was paid back, what may still be asked, and each request");
export type PaymentRefunds = z.infer<typeof paymentRefundsSchema>;
