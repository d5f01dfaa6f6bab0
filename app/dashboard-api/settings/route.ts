import { accountRoute } from "@/lib/auth/handler";
import { settingsOverview } from "@/lib/auth/settings";

export const GET = accountRoute({ who: "merchant", permission: "dashboard.read" }, (ctx) => settingsOverview(ctx.db, ctx.merchant));
