import { accountRoute } from "@/lib/http/account-route";
import { memberActor } from "@/lib/team/dashboard";
import { changeMemberRole, removeMember, RoleChangeInput } from "@/lib/team/members";

export const PATCH = accountRoute({ who: "merchant", permission: "team.manage", body: RoleChangeInput }, (ctx, { params, body }) =>
  changeMemberRole(ctx.db, ctx.merchant.id, params.id, body.role, memberActor(ctx)),
);
export const DELETE = accountRoute({ who: "merchant", permission: "team.manage" }, (ctx, { params }) => removeMember(ctx.db, ctx.merchant.id, params.id, memberActor(ctx)));
