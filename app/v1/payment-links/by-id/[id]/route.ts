import { route } from "@/lib/http/route";
import { linkSchema } from "@/lib/links/schemas";
import { getLink } from "@/lib/links/service";
import { notAllowed } from "@/lib/http/method-not-allowed";

export const GET = route(
  {
    auth: "key", resource: "payment_links",
    doc: {
      summary: "Read one of your payment links by id",
      description: "The full link, with `total_collected` and `payment_count` (its successful payments). Deleted links stay readable here (`archived: true`).",
      tags: ["Payment links"],
      response: linkSchema,
      errors: ["LINK_NOT_FOUND"],
    },
  },
  (ctx, { params }) => getLink(ctx, params.id),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");
