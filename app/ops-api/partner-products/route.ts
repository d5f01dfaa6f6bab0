import { accountRoute } from "@/lib/http/account-route";
import { PartnerQuery } from "@/lib/ops/merchants";
import { listPartnerProductsForStaff } from "@/lib/partner/products";

export const GET = accountRoute({ who: "staff", query: PartnerQuery }, (ctx, { query }) => listPartnerProductsForStaff(ctx.db, { status: query.status }));
