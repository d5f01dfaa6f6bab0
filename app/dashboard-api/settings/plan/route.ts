import { accountRoute } from "@/lib/auth/handler";
import { PlanChoiceInput, requestPlatformPlan } from "@/lib/auth/requests";

export const POST = accountRoute({ who: "merchant", permission: "settings.manage", body: PlanChoiceInput, status: 201 }, (ctx, { body }) => requestPlatformPlan(ctx.db, ctx.merchant.id, ctx.user, body.plan));
