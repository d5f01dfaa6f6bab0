import { route } from "@/lib/http/route";
import { eventCatalogue } from "@/lib/webhooks/event-types";
import { eventTypeListSchema } from "@/lib/webhooks/schemas";
import { notAllowed } from "@/lib/http/method-not-allowed";

export const GET = route(
  {
    auth: "key", resource: "webhooks",
    doc: {
      summary: "List event types",
      description: "Every event type the service emits, with what it means. There is no payment.cancelled, payout.* or refund.* event.",
      tags: ["Webhooks"],
      response: eventTypeListSchema,
    },
  },
  async () => eventCatalogue.map((e) => ({ type: e.type, description: e.description })),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");
