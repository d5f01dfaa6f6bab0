import { notAllowed } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { getRequestLog, requestLogDetailSchema } from "@/lib/request-log/api";

export const GET = route(
  {
    auth: "key", resource: "request_logs",
    requestLog: false,
    doc: {
      summary: "Retrieve an API request",
      description:
        "One request of the last 24 hours with the JSON it sent and received, secrets masked (API keys, signing secrets, codes, phone numbers but the last digits). Another application's or the other mode's entry, or an older one, is 404.",
      tags: ["Request log"],
      response: requestLogDetailSchema,
      errors: ["REQUEST_LOG_ENTRY_NOT_FOUND"],
    },
  },
  (ctx, { params }) => getRequestLog(ctx, params.id),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");
