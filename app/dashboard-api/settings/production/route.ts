import { accountRoute } from "@/lib/auth/handler";
import { requestProductionAccess } from "@/lib/auth/requests";

export const POST = accountRoute({ who: "merchant", status: 201 }, (ctx) => requestProductionAccess(ctx.db, ctx.merchant.id, ctx.user));
