import { route } from "@/lib/http/route";
import { listPartnerProducts, proposePartnerProduct } from "@/lib/partner/products";
import { ListProductsQuery, partnerProductListSchema, partnerProductSchema, ProposeProductInput } from "@/lib/partner/schemas";
import { partnerProductResource } from "@/lib/partner/serialize";
import { notAllowed } from "@/lib/http/method-not-allowed";

export const GET = route(
  {
    auth: "key", resource: "partner",
    query: ListProductsQuery,
    doc: {
      summary: "Partner catalogue",
      description:
        "The approved catalogue (every APPROVED product, `owned: false` unless it is yours) plus your own proposals in any status, for the key's mode. Archived products only with `?status=ARCHIVED`.",
      tags: ["Partner program"],
      response: partnerProductListSchema,
    },
  },
  (ctx, { query }) => listPartnerProducts(ctx, query),
);

export const POST = route(
  {
    auth: "key", resource: "partner",
    idempotency: "optional",
    body: ProposeProductInput,
    status: 201,
    doc: {
      summary: "Propose a partner product",
      description: "name, description, price (XOF) and an optional HTTPS image_url. The product starts PENDING_REVIEW; the service's staff validate it (APPROVED) or not (REJECTED). Partner-program merchants only.",
      tags: ["Partner program"],
      response: partnerProductSchema,
      errors: ["PARTNER_PROGRAM_NOT_ENABLED"],
    },
  },
  async (ctx, { body }) => partnerProductResource(await proposePartnerProduct(ctx, body), ctx.merchant.id),
);

export const { PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET", "POST");
