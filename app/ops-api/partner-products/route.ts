import { accountRoute } from "@/lib/auth/handler";
import { PartnerQuery } from "@/lib/auth/ops";
import { listPartnerProductsForStaff } from "@/lib/partner/products";

export const GET = accountRoute({ who: "staff", query: PartnerQuery }, (ctx, { query }) => listPartnerProductsForStaff(ctx.db, { status: query.status }));
