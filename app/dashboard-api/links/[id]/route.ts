import { accountRoute } from "@/lib/http/account-route";
import { UpdateLinkInput } from "@/lib/links/schemas";
import { updateLink } from "@/lib/links/service";

// PATCH /v1/payment-links/{id}: the same schema (so the same validation codes) and the same updateLink.
export const PATCH = accountRoute({ who: "merchant", permission: "commerce", body: UpdateLinkInput }, (ctx, { params, body }) => updateLink(ctx, params.id, body));
