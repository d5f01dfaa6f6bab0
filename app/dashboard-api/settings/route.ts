import { accountRoute } from "@/lib/auth/handler";
import { settingsOverview } from "@/lib/auth/settings";

export const GET = accountRoute({ who: "merchant" }, (ctx) => settingsOverview(ctx.db, ctx.merchant));
