import { route } from "@/lib/http/route";
import { notAllowed } from "@/lib/http/method-not-allowed";
import { ReportResultsInput } from "@/lib/webhooks/listen/schemas";
import { reportResults } from "@/lib/webhooks/listen/results";
import { logDetailSchema } from "@/lib/webhooks/schemas";

export const POST = route(
  {
    auth: "key", resource: "webhooks",
    testOnly: true,
    body: ReportResultsInput,
    doc: {
      summary: "Report a listen session's forwards",
      description:
        "Test keys only; what the `cauri listen` CLI sends once it forwarded a streamed delivery. Body: `delivery_id`, `attempts` (1 to 10: `url` http(s), `status_code` or null, `error` (required when `status_code` is null), `duration_ms`, `response_excerpt`). " +
        "Each is recorded as an attempt of the delivery, which ends SUCCESS when every forward got a 2xx and FAILED otherwise (never retried). Answers the delivery as `GET /v1/webhooks/logs/{id}` does. A delivery already ended is 409 and records nothing.",
      tags: ["Webhooks"],
      response: logDetailSchema,
      errors: ["LISTEN_SESSION_NOT_FOUND", "LISTEN_SESSION_CLOSED", "WEBHOOK_LOG_NOT_FOUND", "LISTEN_DELIVERY_ALREADY_REPORTED"],
    },
  },
  (ctx, { params, body }) => reportResults(ctx, params.id, body),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = notAllowed("POST");
