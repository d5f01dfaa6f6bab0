import { accountRoute } from "@/lib/http/account-route";
import { rollEndpointSecret } from "@/lib/webhooks/endpoints";
import { RollSecretInput } from "@/lib/webhooks/schemas";

// POST /v1/webhooks/endpoints/{id}/roll-secret: the new secret is in this answer only.
export const POST = accountRoute({ who: "merchant", permission: "developers.manage", body: RollSecretInput }, (ctx, { params, body }) => rollEndpointSecret(ctx, params.id, body.grace_period_seconds));
