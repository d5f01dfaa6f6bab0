import { route } from "@/lib/http/route";
import { linkSchema } from "@/lib/links/schemas";
import { setLinkActive } from "@/lib/links/service";
import { notAllowed } from "@/lib/http/method-not-allowed";

export const PATCH = route(
  {
    auth: "key", resource: "payment_links",
    doc: {
      summary: "Activate a payment link",
      description: "No body. Idempotent. The path segment is the link's id (or slug). A deleted link cannot come back (410).",
      tags: ["Payment links"],
      response: linkSchema,
      pathParams: { slug: { name: "id", description: "The link's id (link_…); its slug is read too." } },
      errors: ["LINK_NOT_FOUND", "LINK_ARCHIVED"],
    },
  },
  (ctx, { params }) => setLinkActive(ctx, params.slug, true),
);

export const { GET, POST, PUT, DELETE, OPTIONS } = notAllowed("PATCH");
