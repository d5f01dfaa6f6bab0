import { getPublicPlan } from "@/lib/billing/public-plans";
import { PublicPlanInput, publicPlanSchema } from "@/lib/billing/public-plan-schemas";
import { route } from "@/lib/http/route";
import { notAllowed } from "@/lib/http/method-not-allowed";

export const GET = route(
  {
    auth: "none",
    query: PublicPlanInput,
    doc: {
      summary: "One active plan (public)",
      description:
        "No key. A live plan; `mode=test` reads a test plan instead. An inactive, deleted or unknown plan, or one of the other mode, is 404 PLAN_NOT_FOUND. The plan as `GET /v1/public/plans` lists it (`interval_label`, `features`, `checkout_url`).",
      tags: ["Billing"],
      response: publicPlanSchema,
      errors: ["PLAN_NOT_FOUND"],
    },
  },
  (ctx, { params, query }) => getPublicPlan(ctx.db, params.id, query.mode),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");
