import { route } from "@/lib/http/route";
import { linkSchema, publicLinkSchema, UpdateLinkInput } from "@/lib/links/schemas";
import { archiveLink, getPublicLink, updateLink } from "@/lib/links/service";
import { notAllowed } from "@/lib/http/method-not-allowed";

// One dynamic segment serves the contract's `/v1/payment-links/{slug}` (public GET) and
// `/v1/payment-links/{id}` (PATCH, DELETE): Next.js allows one name per segment. Link ids start
// with `link_` and slugs never contain `_`, so the value says which it is; PATCH and DELETE take
// either, scoped to the key's merchant and mode.
const SEGMENT_NOTE = "The path segment is the link's id (`link_…`) or its slug; the two cannot be confused (slugs have no `_`).";

export const GET = route(
  {
    auth: "none",
    doc: {
      summary: "Read a payment link by slug (public)",
      description: "No key. What the public link page shows: no totals or metadata. A deactivated link answers with `is_active: false`; a deleted one with 410 `LINK_ARCHIVED`.",
      tags: ["Payment links"],
      response: publicLinkSchema,
      errors: ["LINK_NOT_FOUND", "LINK_ARCHIVED"],
    },
  },
  (ctx, { params }) => getPublicLink(ctx.db, params.slug),
);

export const PATCH = route(
  {
    auth: "key", resource: "payment_links",
    body: UpdateLinkInput,
    doc: {
      summary: "Update a payment link",
      description: `All fields optional: name (alias \`title\`), description, is_active, min_amount and max_amount (OPEN links), success_redirect_url (alias \`redirect_url\`), metadata. A different \`mode\` is 400 LINK_MODE_IMMUTABLE; a different price on a FIXED link is 400 LINK_PRICE_IMMUTABLE. ${SEGMENT_NOTE}`,
      tags: ["Payment links"],
      response: linkSchema,
      errors: ["LINK_NOT_FOUND", "LINK_ARCHIVED", "LINK_MODE_IMMUTABLE", "LINK_PRICE_IMMUTABLE", "LINK_NOT_OPEN", "INVALID_AMOUNT", "INVALID_AMOUNT_RANGE", "INVALID_REDIRECT_URL"],
    },
  },
  (ctx, { body, params }) => updateLink(ctx, params.slug, body),
);

export const DELETE = route(
  {
    auth: "key", resource: "payment_links",
    doc: {
      summary: "Delete (archive) a payment link",
      description: `Permanent: the link stops taking payments; its public URL, QR code and checkout answer 410 LINK_ARCHIVED. Its payments, receipts and statements are kept, and it stays readable by id with \`archived: true\`. Deleting again answers the same archived link. ${SEGMENT_NOTE}`,
      tags: ["Payment links"],
      response: linkSchema,
      errors: ["LINK_NOT_FOUND"],
    },
  },
  (ctx, { params }) => archiveLink(ctx, params.slug),
);

export const { POST, PUT, OPTIONS } = notAllowed("GET", "PATCH", "DELETE");
