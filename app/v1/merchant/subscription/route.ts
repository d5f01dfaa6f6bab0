import { route } from "@/lib/http/route";
import { merchantSubscription, merchantSubscriptionSchema } from "@/lib/platform/subscription";
import { notAllowed } from "@/lib/http/method-not-allowed";

export const GET = route(
  {
    auth: "key", resource: "account",
    doc: {
      summary: "Your platform subscription",
      description: "Status (ACTIVE, EXPIRED or NONE) and the end of the paid period; live keys work while it is ACTIVE and production access is opened.",
      tags: ["Platform"],
      response: merchantSubscriptionSchema,
    },
  },
  async (ctx) => merchantSubscription(ctx.merchant),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");
