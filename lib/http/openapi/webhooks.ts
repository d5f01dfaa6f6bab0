import { eventCatalogue } from "@/lib/webhooks/event-types";
import { webhookEventSchema } from "@/lib/webhooks/payloads";
import { DELIVERY_TIMEOUT_MS } from "@/lib/webhooks/policy";
import type { SchemaConverter } from "./schema";

const header = (name: string, description: string, pattern?: string) => ({
  name,
  in: "header",
  required: true,
  description,
  schema: { type: "string", ...(pattern ? { pattern } : {}) },
});

/** The headers of every delivery (components.parameters), in the two schemes. */
export const webhookHeaderParameters: Record<string, Record<string, unknown>> = {
  WebhookId: header("webhook-id", "Standard Webhooks: the event id (evt_…), the same on every attempt. De-duplicate on it."),
  WebhookTimestamp: header("webhook-timestamp", "Standard Webhooks: Unix seconds of this attempt. Refuse anything more than 5 minutes away from your clock.", "^[0-9]+$"),
  WebhookSignature: header(
    "webhook-signature",
    "Standard Webhooks: space-separated `v1,<base64>` signatures (two during a secret roll's grace period), each base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{raw body}` keyed with the base64-decoded part of the secret after `whsec_`.",
  ),
  ServiceSignature: header(
    "X-Service-Signature",
    "The previous service's scheme: `t=<unix seconds>,v1=<hex>` (one `v1=` per active secret), lowercase hex HMAC-SHA256 of `{t}.{raw body}` keyed with the whole secret string `whsec_…` as UTF-8 bytes (not decoded). Refuse a `t` more than 5 minutes away.",
    "^t=[0-9]+(,v1=[0-9a-f]{64})+$",
  ),
  ServiceEventId: header("X-Service-Event-ID", "The event id, as in `webhook-id`."),
  ServiceTimestamp: header("X-Service-Timestamp", "Unix seconds: the `t` of `X-Service-Signature` and the `webhook-timestamp`.", "^[0-9]+$"),
};

const ref = (name: string) => ({ $ref: `#/components/parameters/${name}` });

const operationName = (type: string) =>
  "webhook" +
  type
    .split(/[._]/)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join("");

/**
 * The document's top-level `webhooks` (OpenAPI 3.1): one POST per event type of the catalogue,
 * its body the event as sent (`data` = that type's object) and its signature headers.
 */
export function webhookOperations(converter: SchemaConverter): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    eventCatalogue.map(({ type, description }) => [
      type,
      {
        post: {
          operationId: operationName(type),
          summary: type,
          description: `${description}\n\nSigned in both schemes over the same raw bytes: verify with a Standard Webhooks library or with \`X-Service-Signature\`; see [webhooks](/docs/webhooks).`,
          tags: ["Webhooks"],
          security: [],
          parameters: Object.keys(webhookHeaderParameters).map(ref),
          requestBody: { required: true, content: { "application/json": { schema: converter.convert(webhookEventSchema(type), "output", `webhook ${type}`) } } },
          responses: {
            "2XX": {
              description: `Received. Any 2xx within ${DELIVERY_TIMEOUT_MS / 1000} seconds acknowledges the delivery; anything else (a 3xx included: redirects are not followed) is retried on the schedule.`,
            },
          },
        },
      },
    ]),
  );
}
