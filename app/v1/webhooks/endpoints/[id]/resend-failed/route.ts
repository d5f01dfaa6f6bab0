import { route } from "@/lib/http/route";
import { notAllowed } from "@/lib/http/method-not-allowed";
import { resendFailed } from "@/lib/webhooks/resend";
import { ResendFailedInput, resendFailedResultSchema } from "@/lib/webhooks/resend-schemas";

export const POST = route(
  {
    auth: "key", resource: "webhooks",
    operation: resendFailed,
    idempotency: "optional",
    body: ResendFailedInput,
    doc: {
      summary: "Resend an endpoint's failed deliveries",
      description:
        "Body: `from` and `to` (ISO 8601 date-times; `from` before `to`, at most 30 days apart). Every FAILED delivery of the endpoint created in [from, to) goes back to PENDING, due now (the sandbox clock applies in test mode): " +
        "the delivery worker sends each once more, signed afresh, as a new attempt in its log; one that fails again ends FAILED. At most 1,000 per call, oldest first: `has_more` says FAILED deliveries of the window remain, and a second call takes the next ones. " +
        "Two calls at once queue each delivery once. The endpoint must be enabled (a disabled one's deliveries would end unsent).",
      tags: ["Webhooks"],
      response: resendFailedResultSchema,
      errors: ["INVALID_RESEND_WINDOW", "WEBHOOK_ENDPOINT_NOT_FOUND", "WEBHOOK_ENDPOINT_DELETED", "WEBHOOK_ENDPOINT_DISABLED"],
    },
  },
  (ctx, { params, body }) => resendFailed(ctx, params.id, body),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = notAllowed("POST");
