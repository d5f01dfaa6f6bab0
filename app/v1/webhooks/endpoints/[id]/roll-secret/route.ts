import { route } from "@/lib/http/route";
import { rollEndpointSecret } from "@/lib/webhooks/endpoints";
import { endpointWithSecretSchema, RollSecretInput } from "@/lib/webhooks/schemas";
import { notAllowed } from "@/lib/http/method-not-allowed";

export const POST = route(
  {
    auth: "key", resource: "webhooks",
    idempotency: "optional",
    body: RollSecretInput,
    doc: {
      summary: "Roll a webhook endpoint's signing secret",
      description:
        "Replaces the secret; the new `secret` is in this answer only. Optional `grace_period_seconds` (0..86,400, default 0): the previous secret keeps signing beside the new one until then, so `webhook-signature` carries two `v1,` signatures and receivers using either secret keep verifying.",
      tags: ["Webhooks"],
      response: endpointWithSecretSchema,
      errors: ["WEBHOOK_ENDPOINT_NOT_FOUND"],
    },
  },
  (ctx, { params, body }) => rollEndpointSecret(ctx, params.id, body.grace_period_seconds),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = notAllowed("POST");
