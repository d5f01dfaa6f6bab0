import { route } from "@/lib/http/route";
import { notAllowed } from "@/lib/http/method-not-allowed";
import { streamSession } from "@/lib/webhooks/listen/stream";

export const GET = route(
  {
    auth: "key", resource: "webhooks",
    testOnly: true,
    doc: {
      summary: "Stream a listen session's deliveries",
      description:
        "Test keys only. `text/event-stream`, kept open: first `event: ready` (`data: {session_id, enabled_events}`), then one `event: delivery` (`id:` the delivery id; `data: {delivery_id, event_id, event_type, body, headers}`) per PENDING delivery of the session, oldest first, " +
        "`body` being the exact JSON text a real delivery posts and `headers` the headers it sends (content-type, user-agent, Standard Webhooks and X-Service-Signature), signed with the session's secret when streamed. " +
        "A delivery not yet reported (`POST …/results`) is streamed again on the next connection. `: keepalive` every 15 s when quiet. Events reach the stream within about a second. 410 once the session is closed.",
      tags: ["Webhooks"],
      produces: ["text/event-stream"],
      errors: ["LISTEN_SESSION_NOT_FOUND", "LISTEN_SESSION_CLOSED"],
    },
  },
  (ctx, { params }) => streamSession(ctx, params.id),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");
