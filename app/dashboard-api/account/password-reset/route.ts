import { accountRoute } from "@/lib/http/account-route";
import { PasswordResetRequestInput, requestPasswordReset } from "@/lib/auth/password-reset";

// "Forgot password": the same 202 whether or not the address has an account; limited per IP here, per address inside.
export const POST = accountRoute({ who: "anonymous", limit: "auth.password_reset", body: PasswordResetRequestInput, status: 202 }, async (ctx, { body }) => {
  await requestPasswordReset(ctx.db, { email: body.email, locale: body.locale });
  return { accepted: true };
});
