import { route } from "@/lib/http/route";
import { notAllowed } from "@/lib/http/method-not-allowed";
import { resendEvent } from "@/lib/webhooks/resend";
import { ResendEventInput, resendEventResultSchema } from "@/lib/webhooks/resend-schemas";

export const POST = route(
  {
    auth: "key", resource: "webhooks",
    operation: resendEvent,
    idempotency: "optional",
    body: ResendEventInput,
    doc: {
      summary: "Resend an event",
      description:
        "Sends the event again now, one attempt per endpoint (trigger `manual`), signed afresh (a new `webhook-timestamp`; the `webhook-id` is still the event id), and answers the deliveries with every attempt. " +
        "Body (optional): `endpoint_id` sends it to that endpoint only, even one that does not subscribe to the event's type or is disabled; without it, every enabled endpoint of the key's application and mode that receives the type gets it. " +
        "Each (event, endpoint) has one delivery: it is reused whatever its status (a 2xx makes it SUCCESS, a failure leaves it as it was), or created if the endpoint never had one (a failed attempt then leaves it FAILED, for resend-failed to queue). " +
        "Another application's or the other mode's event is 404.",
      tags: ["Webhooks"],
      response: resendEventResultSchema,
      errors: ["EVENT_NOT_FOUND", "WEBHOOK_ENDPOINT_NOT_FOUND", "WEBHOOK_ENDPOINT_DELETED", "NO_WEBHOOK_ENDPOINTS"],
    },
  },
  (ctx, { params, body }) => resendEvent(ctx, params.event_id, { endpointId: body.endpoint_id }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = notAllowed("POST");
