import { accountRoute } from "@/lib/http/account-route";
import { CreateLinkInput, ListLinksInput } from "@/lib/links/schemas";
import { createLink, listLinks } from "@/lib/links/service";

// GET /v1/payment-links (with totals) for the dashboard: `{links, pagination}`.
export const GET = accountRoute({ who: "merchant", permission: "dashboard.read", query: ListLinksInput }, async (ctx, { query }) => {
  const r = await listLinks(ctx, query);
  return { links: r.items, pagination: r.pagination };
});

// POST /v1/payment-links: same schema (so the same validation codes), same createLink.
export const POST = accountRoute({ who: "merchant", permission: "commerce", body: CreateLinkInput, status: 201 }, (ctx, { body }) => createLink(ctx, body));
