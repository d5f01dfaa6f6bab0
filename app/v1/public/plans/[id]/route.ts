import { getPublicPlan } from "@/lib/billing/plans";
import { publicPlanSchema } from "@/lib/billing/schemas";
import { route } from "@/lib/http/route";
import { notAllowed } from "@/lib/http/method-not-allowed";

export const GET = route(
  {
    auth: "none",
    doc: { summary: "One active plan (public)", description: "No key. An inactive, deleted or unknown plan is 404 PLAN_NOT_FOUND.", tags: ["Billing"], response: publicPlanSchema, errors: ["PLAN_NOT_FOUND"] },
  },
  (ctx, { params }) => getPublicPlan(ctx.db, params.id),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");
