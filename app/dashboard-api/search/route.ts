import { accountRoute } from "@/lib/http/account-route";
import { dashboardSearch, searchableKinds } from "@/lib/search/dashboard-search";
import { SearchInput } from "@/lib/search/query";

// The header's search (the page /dashboard/search calls the same function): what the member's role may see, in the dashboard's mode.
export const GET = accountRoute({ who: "merchant", permission: "dashboard.read", query: SearchInput }, (ctx, { query }) =>
  dashboardSearch(ctx, query.q, searchableKinds(ctx.user.merchantRole, ctx.merchant)),
);
