import { accountRoute } from "@/lib/http/account-route";
import { requestProductionAccess } from "@/lib/account/requests";

export const POST = accountRoute({ who: "merchant", permission: "production", status: 201 }, (ctx) => requestProductionAccess(ctx.db, ctx.merchant.id, ctx.user));
