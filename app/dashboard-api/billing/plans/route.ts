import { accountRoute } from "@/lib/http/account-route";
import { createPlan } from "@/lib/billing/plans";
import { CreatePlanInput } from "@/lib/billing/schemas";

// POST /v1/billing/plans.
export const POST = accountRoute({ who: "merchant", permission: "commerce", body: CreatePlanInput, status: 201 }, (ctx, { body }) => createPlan(ctx, body));
