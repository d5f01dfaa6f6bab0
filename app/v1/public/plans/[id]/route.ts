import { getPublicPlan } from "@/lib/billing/plans";
import { publicPlanSchema } from "@/lib/billing/schemas";
import { route } from "@/lib/http/route";

export const GET = route(
  {
    auth: "none",
    doc: { summary: "One active plan (public)", description: "No key. An inactive, deleted or unknown plan is 404 PLAN_NOT_FOUND.", tags: ["Billing"], response: publicPlanSchema, errors: ["PLAN_NOT_FOUND"] },
  },
  (ctx, { params }) => getPublicPlan(ctx.db, params.id),
);
