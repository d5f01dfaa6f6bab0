import { route } from "@/lib/http/route";
import { createEndpoint, listEndpoints } from "@/lib/webhooks/endpoints";
import { CreateEndpointInput, endpointListSchema, endpointWithSecretSchema } from "@/lib/webhooks/schemas";
import { notAllowed } from "@/lib/http/method-not-allowed";

export const POST = route(
  {
    auth: "key", resource: "webhooks",
    idempotency: "optional",
    body: CreateEndpointInput,
    status: 201,
    doc: {
      summary: "Create a webhook endpoint",
      description:
        "Body: `url` (required; http(s), no credentials, ≤ 2048; HTTPS required with a live key), `description` (≤ 500), `enabled_events` (catalogue types, or `[\"*\"]`, the default, for every type), `enabled` (default true). " +
        "The endpoint belongs to the key's application and mode. The answer carries `secret` (`whsec_…`), the Standard Webhooks signing secret: it is shown here only (and when rolled). At most 10 endpoints per application and mode. " +
        "Addresses that are loopback, private, link-local or metadata are refused when private targets are not allowed (WEBHOOK_ALLOW_PRIVATE_TARGETS; the default in production).",
      tags: ["Webhooks"],
      response: endpointWithSecretSchema,
      errors: ["INVALID_WEBHOOK_URL", "WEBHOOK_URL_HTTPS_REQUIRED", "WEBHOOK_URL_NOT_ALLOWED", "INVALID_EVENT_TYPE", "WEBHOOK_ENDPOINT_LIMIT_REACHED"],
    },
  },
  (ctx, { body }) => createEndpoint(ctx, body),
);

export const GET = route(
  {
    auth: "key", resource: "webhooks",
    doc: {
      summary: "List webhook endpoints",
      description: "The endpoints of the key's application and mode, oldest first (at most 10). Secrets are never listed.",
      tags: ["Webhooks"],
      response: endpointListSchema,
    },
  },
  (ctx) => listEndpoints(ctx),
);

export const { PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET", "POST");
