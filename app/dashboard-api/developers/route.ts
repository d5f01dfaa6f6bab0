import { accountRoute } from "@/lib/http/account-route";
import { developersOverview } from "@/lib/account/developers";

export const GET = accountRoute({ who: "merchant", permission: "developers.read" }, (ctx) => developersOverview(ctx.db, ctx.merchant.id, ctx.mode));
