import { route } from "@/lib/http/route";
import { notAllowed } from "@/lib/http/method-not-allowed";
import { closedSessionSchema } from "@/lib/webhooks/listen/schemas";
import { deleteSession } from "@/lib/webhooks/listen/sessions";

export const DELETE = route(
  {
    auth: "key", resource: "webhooks",
    testOnly: true,
    doc: {
      summary: "Close a listen session",
      description:
        "Test keys only. The session receives nothing more, its stream ends, and its deliveries still PENDING end FAILED (`listen session closed`); its delivery log stays readable. Closing a closed session answers the same. Answers `{id, object: \"listen_session\", closed: true}`.",
      tags: ["Webhooks"],
      response: closedSessionSchema,
      errors: ["LISTEN_SESSION_NOT_FOUND"],
    },
  },
  (ctx, { params }) => deleteSession(ctx, params.id),
);

export const { GET, POST, PUT, PATCH, OPTIONS } = notAllowed("DELETE");
