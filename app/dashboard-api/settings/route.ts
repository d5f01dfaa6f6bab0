import { accountRoute } from "@/lib/http/account-route";
import { settingsOverview } from "@/lib/account/settings";

export const GET = accountRoute({ who: "merchant", permission: "dashboard.read" }, (ctx) => settingsOverview(ctx.db, ctx.merchant));
