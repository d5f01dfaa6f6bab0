import { listAnswer } from "@/lib/http/envelope";
import { listCustomers } from "@/lib/billing/customers";
import { customerSchema, listExtra, ListCustomersInput } from "@/lib/billing/schemas";
import { route } from "@/lib/http/route";
import { z } from "zod";
import { notAllowed } from "@/lib/http/method-not-allowed";

export const GET = route(
  {
    auth: "key", resource: "billing",
    query: ListCustomersInput,
    doc: {
      summary: "List your customers",
      description:
        "One customer per phone (and mode), created by subscriptions, portal sessions and payments carrying a phone. `search` matches part of the phone or the name. `data` is the array (newest first) with `pagination` beside it.",
      tags: ["Billing"],
      response: z.array(customerSchema),
      responseExtra: listExtra,
    },
  },
  async (ctx, { query }) => listAnswer(await listCustomers(ctx, query)),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");
