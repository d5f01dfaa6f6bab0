import { route } from "@/lib/http/route";
import { getLog } from "@/lib/webhooks/logs";
import { logDetailSchema } from "@/lib/webhooks/schemas";
import { notAllowed } from "@/lib/http/method-not-allowed";

export const GET = route(
  {
    auth: "key", resource: "webhooks",
    doc: {
      summary: "Retrieve a webhook delivery",
      description:
        "The delivery with every attempt (number, automatic or manual, HTTP status or network error, first 1 KiB of the answer, duration) and the event sent. Another application's delivery is 404.",
      tags: ["Webhooks"],
      response: logDetailSchema,
      errors: ["WEBHOOK_LOG_NOT_FOUND"],
    },
  },
  (ctx, { params }) => getLog(ctx, params.id),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");
