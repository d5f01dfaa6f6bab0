import { accountRoute } from "@/lib/auth/handler";
import { searchMerchants, SearchInput } from "@/lib/auth/ops";

export const GET = accountRoute({ who: "staff", query: SearchInput }, (ctx, { query }) => searchMerchants(ctx.db, query.q));
