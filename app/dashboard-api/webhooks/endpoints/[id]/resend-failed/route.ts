import { accountRoute } from "@/lib/http/account-route";
import { resendFailed } from "@/lib/webhooks/resend";
import { ResendFailedInput } from "@/lib/webhooks/resend-schemas";

// POST /v1/webhooks/endpoints/{id}/resend-failed: the window's FAILED deliveries back to PENDING, for the worker.
export const POST = accountRoute({ who: "merchant", permission: "developers.manage", body: ResendFailedInput, operation: resendFailed }, (ctx, { params, body }) =>
  resendFailed(ctx, params.id, body),
);
