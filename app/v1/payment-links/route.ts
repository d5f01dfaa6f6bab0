import { listAnswer } from "@/lib/http/envelope";
import { route } from "@/lib/http/route";
import { CreateLinkInput, linkListExtra, linkListSchema, linkSchema, ListLinksInput } from "@/lib/links/schemas";
import { createLink, listLinks } from "@/lib/links/service";
import { notAllowed } from "@/lib/http/method-not-allowed";

export const POST = route(
  {
    auth: "key", resource: "payment_links",
    idempotency: "optional",
    body: CreateLinkInput,
    status: 201,
    doc: {
      summary: "Create a payment link",
      description:
        "Body: `name` (required, ≤ 100), `description`, `mode` `FIXED` (default; `amount` 100..5,000,000, fixed forever) or `OPEN` (`min_amount` ≤ `max_amount`, both 100..5,000,000; the customer chooses), " +
        "optional `slug` (3..64 of a-z, 0-9, '-'; unique across the service and never reused; random when omitted), `success_redirect_url` (HTTPS), `metadata`. " +
        "Aliases sent by existing client libraries: `title` = `name`, `price` = a FIXED `amount`, `redirect_url` = `success_redirect_url`. Every link answer carries `title` (= `name`) and `price` (= `amount`, null for OPEN links) beside our names, for the libraries that read them. `url` is the public link page; `qr_code_url` its QR code.",
      tags: ["Payment links"],
      response: linkSchema,
      errors: ["INVALID_LINK_MODE", "INVALID_AMOUNT", "INVALID_AMOUNT_RANGE", "LINK_NOT_OPEN", "INVALID_SLUG", "SLUG_TAKEN", "INVALID_REDIRECT_URL"],
    },
  },
  (ctx, { body }) => createLink(ctx, body),
);

export const GET = route(
  {
    auth: "key", resource: "payment_links",
    query: ListLinksInput,
    doc: {
      summary: "List your payment links",
      description:
        "`data` is the array of links (newest first) and `pagination` sits beside it. Filters: `is_active`, `mode` (FIXED/OPEN), `search` (in the name), `archived=true` for deleted links. `page` from 1, `limit` ≤ 100 (default 20).",
      tags: ["Payment links"],
      response: linkListSchema,
      responseExtra: linkListExtra,
    },
  },
  async (ctx, { query }) => listAnswer(await listLinks(ctx, query)),
);

export const { PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET", "POST");
