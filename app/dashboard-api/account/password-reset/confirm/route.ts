import { accountRoute } from "@/lib/http/account-route";
import { PasswordResetInput, resetPassword } from "@/lib/auth/password-reset";

// The reset page's form: the link's token and the new password. Every session of the user ends.
export const POST = accountRoute({ who: "anonymous", limit: "auth.password_reset", body: PasswordResetInput }, (ctx, { body }) => resetPassword(ctx.db, body));
