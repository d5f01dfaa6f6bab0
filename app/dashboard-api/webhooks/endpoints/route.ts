import { accountRoute } from "@/lib/http/account-route";
import { createEndpoint } from "@/lib/webhooks/endpoints";
import { CreateEndpointInput } from "@/lib/webhooks/schemas";

// POST /v1/webhooks/endpoints: the secret is in this answer only.
export const POST = accountRoute({ who: "merchant", permission: "developers.manage", body: CreateEndpointInput, status: 201 }, (ctx, { body }) => createEndpoint(ctx, body));
