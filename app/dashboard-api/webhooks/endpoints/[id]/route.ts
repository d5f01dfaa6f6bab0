import { accountRoute } from "@/lib/auth/handler";
import { updateEndpoint } from "@/lib/webhooks/endpoints";
import { UpdateEndpointInput } from "@/lib/webhooks/schemas";

// PATCH /v1/webhooks/endpoints/{id} (enable/disable, events).
export const POST = accountRoute({ who: "merchant", permission: "developers.manage", body: UpdateEndpointInput }, (ctx, { params, body }) => updateEndpoint(ctx, params.id, body));
