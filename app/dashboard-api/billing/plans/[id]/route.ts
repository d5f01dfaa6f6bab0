import { accountRoute } from "@/lib/http/account-route";
import { updatePlan } from "@/lib/billing/plans";
import { UpdatePlanInput } from "@/lib/billing/schemas";

// PATCH /v1/billing/plans/{id}: name, description, amount, is_active (deactivate / reactivate).
export const PATCH = accountRoute({ who: "merchant", permission: "commerce", body: UpdatePlanInput }, (ctx, { params, body }) => updatePlan(ctx, params.id, body));
