import { accountRoute } from "@/lib/http/account-route";
import { deleteEndpoint, updateEndpoint } from "@/lib/webhooks/endpoints";
import { UpdateEndpointInput } from "@/lib/webhooks/schemas";

// PATCH /v1/webhooks/endpoints/{id}: URL, description, events, enabled; audited.
export const PATCH = accountRoute({ who: "merchant", permission: "developers.manage", body: UpdateEndpointInput }, (ctx, { params, body }) => updateEndpoint(ctx, params.id, body));

// DELETE /v1/webhooks/endpoints/{id}: pending deliveries end FAILED, the log stays readable; audited.
export const DELETE = accountRoute({ who: "merchant", permission: "developers.manage" }, (ctx, { params }) => deleteEndpoint(ctx, params.id));
