import { accountRoute } from "@/lib/http/account-route";
import { verifyEmail, VerifyEmailInput } from "@/lib/auth/email-verification";

// The verification page's button: no session needed, the mailed token is the proof.
export const POST = accountRoute({ who: "anonymous", body: VerifyEmailInput }, (ctx, { body }) => verifyEmail(ctx.db, body.token));
