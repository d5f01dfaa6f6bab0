import { accountRoute } from "@/lib/http/account-route";
import { searchMerchants, SearchInput } from "@/lib/ops/merchants";

export const GET = accountRoute({ who: "staff", query: SearchInput }, (ctx, { query }) => searchMerchants(ctx.db, query.q));
