import { accountRoute } from "@/lib/http/account-route";
import { memberActor, requestLocale } from "@/lib/team/dashboard";
import { InviteInput, inviteMember, listMembers } from "@/lib/team/members";

export const GET = accountRoute({ who: "merchant", permission: "team.read" }, async (ctx) => ({ members: await listMembers(ctx.db, ctx.merchant.id) }));
// The invitee gets a set-password link by e-mail (lib/team/invitations.ts); audited.
export const POST = accountRoute({ who: "merchant", permission: "team.manage", body: InviteInput, status: 201 }, (ctx, { body }) =>
  inviteMember(ctx.db, ctx.merchant.id, { email: body.email, role: body.role, by: memberActor(ctx), locale: requestLocale(ctx.request) }),
);
