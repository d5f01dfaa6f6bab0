import { accountRoute } from "@/lib/http/account-route";
import { startEnrollment, twoFactorStatus } from "@/lib/auth/two-factor";

// Any member, on their own account: the status, and the start of an enrollment (a new secret, shown once).
export const GET = accountRoute({ who: "merchant", permission: "account" }, (ctx) => twoFactorStatus(ctx.db, ctx.user));
export const POST = accountRoute({ who: "merchant", permission: "account", limit: "auth.two_factor" }, (ctx) => startEnrollment(ctx.db, ctx.user.id));
