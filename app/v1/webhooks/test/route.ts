import { route } from "@/lib/http/route";
import { sendTestEvent } from "@/lib/webhooks/events";
import { SendTestInput, testResultSchema } from "@/lib/webhooks/schemas";
import { notAllowed } from "@/lib/http/method-not-allowed";

export const POST = route(
  {
    auth: "key", resource: "webhooks",
    limit: "webhooks.test",
    idempotency: "optional",
    body: SendTestInput,
    doc: {
      summary: "Send a test webhook",
      description:
        "Emits a signed `webhook.test` event to every enabled endpoint of the key's application and mode or, with `event` (a catalogue type), to the endpoints that receive that type. " +
        "Answers the event id and one delivery per endpoint; they are sent within a second and appear in the delivery log. 5 per minute.",
      tags: ["Webhooks"],
      response: testResultSchema,
      errors: ["INVALID_EVENT_TYPE", "NO_WEBHOOK_ENDPOINTS"],
    },
  },
  (ctx, { body }) => sendTestEvent(ctx, body.event),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = notAllowed("POST");
