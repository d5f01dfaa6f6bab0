import { accountRoute } from "@/lib/http/account-route";
import { resendEvent } from "@/lib/webhooks/resend";
import { ResendEventInput } from "@/lib/webhooks/resend-schemas";

// POST /v1/webhooks/events/{event_id}/resend: HTTP calls to the merchant's servers, no transaction held across them.
export const POST = accountRoute({ who: "merchant", permission: "developers.manage", body: ResendEventInput, operation: resendEvent }, (ctx, { params, body }) =>
  resendEvent(ctx, params.event_id, { endpointId: body.endpoint_id }),
);
