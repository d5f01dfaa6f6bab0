import { accountRoute } from "@/lib/http/account-route";
import { ApplicationChoiceInput, chooseApplication } from "@/lib/http/application-choice";

export const POST = accountRoute({ who: "merchant", permission: "dashboard.read", body: ApplicationChoiceInput }, (ctx, { body }) => chooseApplication(ctx.db, ctx.merchant.id, body.application_id));
