import { accountRoute } from "@/lib/auth/handler";
import { requestProductionAccess } from "@/lib/auth/requests";

export const POST = accountRoute({ who: "merchant", permission: "production", status: 201 }, (ctx) => requestProductionAccess(ctx.db, ctx.merchant.id, ctx.user));
