import { accountRoute } from "@/lib/http/account-route";
import { staffActor } from "@/lib/ops/merchants";
import { OwnerInvitationInput } from "@/lib/team/ops";
import { inviteOwner } from "@/lib/team/owner-invitation";

// Same as `ops merchant invite-owner`: a set-password link for the merchant's owner; audited with the staff actor.
export const POST = accountRoute({ who: "staff", body: OwnerInvitationInput, status: 201 }, (ctx, { params, body }) =>
  inviteOwner(ctx.db, { merchantId: params.id, email: body.email, actor: staffActor(ctx.staff) }),
);
