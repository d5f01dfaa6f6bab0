import { accountRoute } from "@/lib/http/account-route";
import { TwoFactorCodeInput } from "@/lib/auth/two-factor-input";
import { confirmEnrollment } from "@/lib/auth/two-factor";

export const POST = accountRoute({ who: "staff", beforeTwoFactor: true, limit: "auth.two_factor", body: TwoFactorCodeInput }, (ctx, { body }) => confirmEnrollment(ctx.db, ctx.staff.id, body.code));
