import { accountRoute } from "@/lib/http/account-route";
import { PlanChoiceInput, requestPlatformPlan } from "@/lib/account/requests";

export const POST = accountRoute({ who: "merchant", permission: "settings.manage", body: PlanChoiceInput, status: 201 }, (ctx, { body }) => requestPlatformPlan(ctx.db, ctx.merchant.id, ctx.user, body.plan));
