import { accountRoute } from "@/lib/auth/handler";
import { developersOverview } from "@/lib/auth/developers";

export const GET = accountRoute({ who: "merchant" }, (ctx) => developersOverview(ctx.db, ctx.merchant.id, ctx.mode));
