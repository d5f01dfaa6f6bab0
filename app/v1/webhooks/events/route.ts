import { listAnswer } from "@/lib/http/envelope";
import { route } from "@/lib/http/route";
import { listEvents } from "@/lib/webhooks/events";
import { eventListExtra, eventListSchema, ListEventsQuery } from "@/lib/webhooks/schemas";
import { notAllowed } from "@/lib/http/method-not-allowed";

export const GET = route(
  {
    auth: "key", resource: "webhooks",
    testOnly: true,
    query: ListEventsQuery,
    doc: {
      summary: "List recent events (test keys)",
      description:
        "Test keys only (a live key gets 403 TEST_MODE_ONLY). `after=<event_id>`: the events created after it, oldest first; without it, the latest `limit` events, oldest first, so the last id is the next `after`. `limit` 1..100 (default 20). " +
        "`data` is the array of events exactly as webhooks carry them; `has_more` sits beside it. Only the key's application's events.",
      tags: ["Webhooks"],
      response: eventListSchema,
      responseExtra: eventListExtra,
    },
  },
  async (ctx, { query }) => listAnswer(await listEvents(ctx, query)),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");
