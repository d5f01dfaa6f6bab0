import { accountRoute } from "@/lib/http/account-route";
import { resendEmailVerification, ResendVerificationInput } from "@/lib/auth/email-verification";

// The dashboard banner's "resend", a few times a minute per user.
export const POST = accountRoute({ who: "merchant", permission: "account", limit: "auth.verification_resend", body: ResendVerificationInput, status: 202 }, async (ctx, { body }) => {
  await resendEmailVerification(ctx.db, ctx.user, body.locale);
  return { sent: true };
});
