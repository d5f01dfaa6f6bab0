import { route } from "@/lib/http/route";
import { getEvent } from "@/lib/webhooks/events";
import { eventSchema } from "@/lib/webhooks/schemas";
import { notAllowed } from "@/lib/http/method-not-allowed";

export const GET = route(
  {
    auth: "key", resource: "webhooks",
    doc: {
      summary: "Retrieve an event",
      description: "The event `{id, type, timestamp, livemode, data: {object}}` exactly as webhook receivers get it. Another application's or the other mode's event is 404.",
      tags: ["Webhooks"],
      response: eventSchema,
      errors: ["EVENT_NOT_FOUND"],
    },
  },
  (ctx, { params }) => getEvent(ctx, params.event_id),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");
