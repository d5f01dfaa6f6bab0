import { createPlan, listPlans } from "@/lib/billing/plans";
import { CreatePlanInput, ListPlansInput, planSchema } from "@/lib/billing/schemas";
import { route } from "@/lib/http/route";
import { z } from "zod";
import { notAllowed } from "@/lib/http/method-not-allowed";

export const POST = route(
  {
    auth: "key", resource: "billing",
    idempotency: "optional",
    body: CreatePlanInput,
    status: 201,
    doc: {
      summary: "Create a plan",
      description: "Body: name (required), amount (required, 100..5,000,000 XOF), interval (`WEEKLY` or `MONTHLY`, required), description. The plan starts active with no subscribers.",
      tags: ["Billing"],
      response: planSchema,
      errors: ["INVALID_AMOUNT", "INVALID_INTERVAL"],
    },
  },
  (ctx, { body }) => createPlan(ctx, body),
);

export const GET = route(
  {
    auth: "key", resource: "billing",
    query: ListPlansInput,
    doc: { summary: "List plans", description: "`data` is the array of your plans (newest first; deleted plans are gone). Optional `is_active` filter.", tags: ["Billing"], response: z.array(planSchema) },
  },
  (ctx, { query }) => listPlans(ctx, query),
);

export const { PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET", "POST");
