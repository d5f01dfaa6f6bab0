import { accountRoute } from "@/lib/auth/handler";
import { developersOverview } from "@/lib/auth/developers";

export const GET = accountRoute({ who: "merchant", permission: "developers.read" }, (ctx) => developersOverview(ctx.db, ctx.merchant.id, ctx.mode));
