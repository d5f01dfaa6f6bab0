import { accountRoute } from "@/lib/http/account-route";
import { acceptInvitation, AcceptInvitationInput } from "@/lib/team/invitations";

// The set-password form of /account/invitation: no session yet (the invitee signs in afterwards).
export const POST = accountRoute({ who: "anonymous", limit: "auth.signup", body: AcceptInvitationInput }, (ctx, { body }) => acceptInvitation(ctx.db, body));
