import { route } from "@/lib/http/route";
import { merchantPlan, merchantPlanSchema } from "@/lib/platform/subscription";
import { notAllowed } from "@/lib/http/method-not-allowed";

export const GET = route(
  {
    auth: "key", resource: "account",
    doc: {
      summary: "Your platform plan",
      description: "The plan (id `none` = sandbox only) and, with a live key, this calendar month's successful live volume and what the cap still allows.",
      tags: ["Platform"],
      response: merchantPlanSchema,
    },
  },
  (ctx) => merchantPlan(ctx.db, ctx.merchant, ctx.mode, ctx.now),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");
