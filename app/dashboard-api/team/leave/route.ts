import { accountRoute } from "@/lib/http/account-route";
import { memberActor } from "@/lib/team/dashboard";
import { removeMember } from "@/lib/team/members";

// Any member may leave the team; the last owner may not (LAST_OWNER).
export const POST = accountRoute({ who: "merchant", permission: "account" }, (ctx) => removeMember(ctx.db, ctx.merchant.id, ctx.user.id, memberActor(ctx)));
