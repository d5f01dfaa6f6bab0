import { route } from "@/lib/http/route";
import { notAllowed } from "@/lib/http/method-not-allowed";
import { requestRefund } from "@/lib/refunds/create";
import { listRefundRequests } from "@/lib/refunds/queries";
import { CreateRefundRequestInput, ListRefundRequestsQuery, refundRequestListSchema, refundRequestSchema } from "@/lib/refunds/schemas";
import { refundRequestResource } from "@/lib/refunds/serialize";

export const GET = route(
  {
    auth: "key", resource: "refunds",
    query: ListRefundRequestsQuery,
    doc: {
      summary: "List refund requests",
      description: "The key's mode only, newest first. Query: payment_id, status, page (default 1), limit (default 20, max 100).",
      tags: ["Refunds"],
      response: refundRequestListSchema,
    },
  },
  (ctx, { query }) => listRefundRequests(ctx, query),
);

export const POST = route(
  {
    auth: "key", resource: "refunds",
    idempotency: "required",
    conflictCode: "IDEMPOTENCY_CONFLICT",
    body: CreateRefundRequestInput,
    status: 201,
    doc: {
      summary: "Request a refund of a payment",
      description:
        "Refunds go through support (POST /v1/refunds answers 503): this asks the service's staff to refund (part of) a SUCCESS payment. The amount is reserved on the available balance at once; staff approve, send the refund at the operator by hand and record its reference (REQUESTED → APPROVED → EXECUTED, or REFUSED; the merchant may cancel while REQUESTED). Our fee on the payment is not returned. No webhook: read the request or the payment's `refunds`.",
      tags: ["Refunds"],
      response: refundRequestSchema,
      errors: ["INVALID_PAYMENT_ID", "INVALID_REFUND_AMOUNT", "INVALID_REFUND_REASON", "INVALID_REFUND_NOTE", "INVALID_PHONE", "NOT_FOUND", "PAYMENT_NOT_REFUNDABLE", "REFUND_EXCEEDS_PAYMENT", "INSUFFICIENT_BALANCE"],
    },
  },
  async (ctx, { body }) => refundRequestResource(await requestRefund(ctx, body)),
);

export const { PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET", "POST");
