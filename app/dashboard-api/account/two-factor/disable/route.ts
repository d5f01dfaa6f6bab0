import { accountRoute } from "@/lib/http/account-route";
import { DisableTwoFactorInput } from "@/lib/auth/two-factor-input";
import { disableTwoFactor } from "@/lib/auth/two-factor";

export const POST = accountRoute({ who: "merchant", permission: "account", limit: "auth.two_factor", body: DisableTwoFactorInput }, async (ctx, { body }) => {
  await disableTwoFactor(ctx.db, ctx.user.id, body);
  return { enabled: false };
});
