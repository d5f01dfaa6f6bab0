import { accountRoute } from "@/lib/http/account-route";
import { TwoFactorCodeInput } from "@/lib/auth/two-factor-input";
import { confirmEnrollment } from "@/lib/auth/two-factor";

export const POST = accountRoute({ who: "merchant", permission: "account", limit: "auth.two_factor", body: TwoFactorCodeInput }, (ctx, { body }) => confirmEnrollment(ctx.db, ctx.user.id, body.code));
