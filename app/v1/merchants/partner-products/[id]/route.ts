import { route } from "@/lib/http/route";
import { archivePartnerProduct, updatePartnerProduct } from "@/lib/partner/products";
import { partnerProductSchema, UpdateProductInput } from "@/lib/partner/schemas";
import { partnerProductResource } from "@/lib/partner/serialize";
import { notAllowed } from "@/lib/http/method-not-allowed";

export const PATCH = route(
  {
    auth: "key", resource: "partner",
    body: UpdateProductInput,
    doc: {
      summary: "Change a partner product",
      description: "Any of name, description, price, image_url (null removes it). Any change sends the product back to PENDING_REVIEW until the staff validate it again. Your own products only.",
      tags: ["Partner program"],
      response: partnerProductSchema,
      errors: ["NOT_FOUND", "NOTHING_TO_UPDATE", "PARTNER_PRODUCT_ARCHIVED", "PARTNER_PROGRAM_NOT_ENABLED"],
    },
  },
  async (ctx, { body, params }) => partnerProductResource(await updatePartnerProduct(ctx, params.id, body), ctx.merchant.id),
);

export const DELETE = route(
  {
    auth: "key", resource: "partner",
    doc: {
      summary: "Archive a partner product",
      description: "Status ARCHIVED: it can no longer be sold; payments that already carry it keep their items. Archiving again answers the archived product.",
      tags: ["Partner program"],
      response: partnerProductSchema,
      errors: ["NOT_FOUND"],
    },
  },
  async (ctx, { params }) => partnerProductResource(await archivePartnerProduct(ctx, params.id), ctx.merchant.id),
);

export const { GET, POST, PUT, OPTIONS } = notAllowed("PATCH", "DELETE");
