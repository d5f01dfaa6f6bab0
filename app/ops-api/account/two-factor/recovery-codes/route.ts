import { accountRoute } from "@/lib/http/account-route";
import { TwoFactorCodeInput } from "@/lib/auth/two-factor-input";
import { regenerateRecoveryCodes } from "@/lib/auth/two-factor";

export const POST = accountRoute({ who: "staff", limit: "auth.two_factor", body: TwoFactorCodeInput }, (ctx, { body }) => regenerateRecoveryCodes(ctx.db, ctx.staff.id, body.code));
