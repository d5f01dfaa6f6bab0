import { accountRoute } from "@/lib/http/account-route";
import { listCustomers } from "@/lib/billing/customers";
import { ListCustomersInput } from "@/lib/billing/schemas";

// GET /v1/billing/customers for the dashboard's mode.
export const GET = accountRoute({ who: "merchant", permission: "dashboard.read", query: ListCustomersInput }, async (ctx, { query }) => {
  const listed = await listCustomers(ctx, query);
  return { customers: listed.items, pagination: listed.pagination };
});
