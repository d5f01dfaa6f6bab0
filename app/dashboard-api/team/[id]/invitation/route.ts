import { accountRoute } from "@/lib/http/account-route";
import { memberActor, requestLocale } from "@/lib/team/dashboard";
import { resendInvitation } from "@/lib/team/members";

export const POST = accountRoute({ who: "merchant", permission: "team.manage" }, (ctx, { params }) =>
  resendInvitation(ctx.db, ctx.merchant.id, params.id, memberActor(ctx), requestLocale(ctx.request)),
);
