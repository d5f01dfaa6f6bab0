import { route } from "@/lib/http/route";
import { notAllowed } from "@/lib/http/method-not-allowed";
import { CreateSessionInput, listenSessionSchema } from "@/lib/webhooks/listen/schemas";
import { createSession } from "@/lib/webhooks/listen/sessions";

export const POST = route(
  {
    auth: "key", resource: "webhooks",
    testOnly: true,
    body: CreateSessionInput,
    status: 201,
    doc: {
      summary: "Start a listen session (cauri listen)",
      description:
        'Test keys only. Body: `events` (catalogue types, or `["*"]`, the default). A listen session receives the application\'s test events like a webhook endpoint, but nothing is POSTed: `GET stream_url` streams each delivery (server-sent events) to the `cauri listen` CLI, which forwards it to your local server and reports what it answered (`POST …/results`). ' +
        "`secret` (`whsec_…`, shown here only) signs every streamed delivery in both schemes. Sessions are not listed with, nor counted against, the 10 endpoints. A session whose stream stays disconnected for 60 seconds is closed. At most 10 sessions are open per application: an eleventh is 409 `LISTEN_SESSION_LIMIT_REACHED`.",
      tags: ["Webhooks"],
      response: listenSessionSchema,
      errors: ["INVALID_EVENT_TYPE", "LISTEN_SESSION_LIMIT_REACHED"],
    },
  },
  (ctx, { body }) => createSession(ctx, body),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = notAllowed("POST");
