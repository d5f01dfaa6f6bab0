import { accountRoute } from "@/lib/http/account-route";
import { startEnrollment, twoFactorStatus } from "@/lib/auth/two-factor";

// Staff enroll here before anything else of the console answers them (beforeTwoFactor).
export const GET = accountRoute({ who: "staff", beforeTwoFactor: true }, (ctx) => twoFactorStatus(ctx.db, ctx.staff));
export const POST = accountRoute({ who: "staff", beforeTwoFactor: true, limit: "auth.two_factor" }, (ctx) => startEnrollment(ctx.db, ctx.staff.id));
