import { route } from "@/lib/http/route";
import { deleteEndpoint, getEndpoint, updateEndpoint } from "@/lib/webhooks/endpoints";
import { deletedEndpointSchema, endpointSchema, UpdateEndpointInput } from "@/lib/webhooks/schemas";
import { notAllowed } from "@/lib/http/method-not-allowed";

export const GET = route(
  {
    auth: "key", resource: "webhooks",
    doc: {
      summary: "Retrieve a webhook endpoint",
      description: "Another application's or the other mode's endpoint is 404. The secret is not shown (roll it to get a new one).",
      tags: ["Webhooks"],
      response: endpointSchema,
      errors: ["WEBHOOK_ENDPOINT_NOT_FOUND"],
    },
  },
  (ctx, { params }) => getEndpoint(ctx, params.id),
);

export const PATCH = route(
  {
    auth: "key", resource: "webhooks",
    body: UpdateEndpointInput,
    doc: {
      summary: "Update a webhook endpoint",
      description:
        "Any of `url`, `description` (null clears it), `enabled_events`, `enabled`. Pending retries go to the new URL. Disabling stops new deliveries; retries that come due while disabled end FAILED (re-send them from the log).",
      tags: ["Webhooks"],
      response: endpointSchema,
      errors: ["WEBHOOK_ENDPOINT_NOT_FOUND", "INVALID_WEBHOOK_URL", "WEBHOOK_URL_HTTPS_REQUIRED", "WEBHOOK_URL_NOT_ALLOWED", "INVALID_EVENT_TYPE"],
    },
  },
  (ctx, { params, body }) => updateEndpoint(ctx, params.id, body),
);

export const DELETE = route(
  {
    auth: "key", resource: "webhooks",
    doc: {
      summary: "Delete a webhook endpoint",
      description: "The endpoint receives nothing more and its PENDING deliveries end FAILED; its delivery log stays readable. Answers `{id, deleted: true}`.",
      tags: ["Webhooks"],
      response: deletedEndpointSchema,
      errors: ["WEBHOOK_ENDPOINT_NOT_FOUND"],
    },
  },
  (ctx, { params }) => deleteEndpoint(ctx, params.id),
);

export const { POST, PUT, OPTIONS } = notAllowed("GET", "PATCH", "DELETE");
