import { route } from "@/lib/http/route";
import { retryLog } from "@/lib/webhooks/logs";
import { logDetailSchema } from "@/lib/webhooks/schemas";
import { notAllowed } from "@/lib/http/method-not-allowed";

export const POST = route(
  {
    auth: "key", resource: "webhooks",
    operation: retryLog,
    doc: {
      summary: "Re-send a webhook delivery",
      description:
        "Sends one attempt now, whatever the delivery's status, signed with the same `webhook-id`, and records it (trigger `manual`). Answers the delivery with every attempt. " +
        "A 2xx makes it SUCCESS; a failure leaves the status and the automatic retry schedule as they were. A delivery whose endpoint was deleted cannot be re-sent.",
      tags: ["Webhooks"],
      response: logDetailSchema,
      errors: ["WEBHOOK_LOG_NOT_FOUND", "WEBHOOK_ENDPOINT_DELETED", "LISTEN_DELIVERY_NOT_RESENDABLE"],
    },
  },
  (ctx, { params }) => retryLog(ctx, params.id),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = notAllowed("POST");
