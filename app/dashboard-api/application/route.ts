import { accountRoute } from "@/lib/auth/handler";
import { ApplicationChoiceInput, chooseApplication } from "@/lib/auth/application-choice";

export const POST = accountRoute({ who: "merchant", permission: "dashboard.read", body: ApplicationChoiceInput }, (ctx, { body }) => chooseApplication(ctx.db, ctx.merchant.id, body.application_id));
