import { accountRoute } from "@/lib/http/account-route";
import { KycSubmissionInput, submitKyc } from "@/lib/account/requests";

export const POST = accountRoute({ who: "merchant", permission: "settings.manage", body: KycSubmissionInput, status: 201 }, (ctx, { body }) => submitKyc(ctx.db, ctx.merchant.id, ctx.user, body));
