import { deletePlan, getPlan, updatePlan } from "@/lib/billing/plans";
import { planDeletionSchema, planSchema, UpdatePlanInput } from "@/lib/billing/schemas";
import { answer } from "@/lib/http/envelope";
import { route } from "@/lib/http/route";
import { z } from "zod";
import { notAllowed } from "@/lib/http/method-not-allowed";

export const GET = route(
  { auth: "key", resource: "billing", doc: { summary: "Read a plan", tags: ["Billing"], response: planSchema, errors: ["PLAN_NOT_FOUND"] } },
  (ctx, { params }) => getPlan(ctx, params.id),
);

export const PATCH = route(
  {
    auth: "key", resource: "billing",
    body: UpdatePlanInput,
    doc: {
      summary: "Update a plan",
      description: "All optional: name, description, amount (applies to periods billed from now on), is_active (an inactive plan takes no new subscriptions; existing ones keep being billed). The interval cannot change.",
      tags: ["Billing"],
      response: planSchema,
      errors: ["PLAN_NOT_FOUND", "INVALID_AMOUNT", "PLAN_INTERVAL_IMMUTABLE"],
    },
  },
  (ctx, { params, body }) => updatePlan(ctx, params.id, body),
);

export const DELETE = route(
  {
    auth: "key", resource: "billing",
    doc: {
      summary: "Delete or deactivate a plan",
      description: "With ACTIVE or PAST_DUE subscribers the plan is deactivated (they keep being billed); without, it is deleted. `data.action` says which, and `message` explains.",
      tags: ["Billing"],
      response: planDeletionSchema,
      responseExtra: { message: z.string() },
      errors: ["PLAN_NOT_FOUND"],
    },
  },
  async (ctx, { params }) => {
    const { deletion, message } = await deletePlan(ctx, params.id);
    return answer(deletion, { extra: { message } });
  },
);

export const { POST, PUT, OPTIONS } = notAllowed("GET", "PATCH", "DELETE");
