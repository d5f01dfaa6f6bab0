import { createHmac } from "node:crypto";
import { Webhook } from "standardwebhooks";

/**
 * The previous service's signature: lowercase hex HMAC-SHA256 of `{t}.{body}`, keyed with the
 * secret string exactly as shown to the merchant (the whole `whsec_…`, as UTF-8 bytes, not
 * base64-decoded), which is what its client libraries compute.
 */
const serviceSignature = (secret: string, t: number, body: string): string => createHmac("sha256", secret).update(`${t}.${body}`).digest("hex");

/**
 * The headers of one attempt, in two schemes over the same bytes and the same time `t`:
 * - Standard Webhooks: the same `webhook-id` every time (the event id), the attempt's own
 *   real-time `webhook-timestamp`, and one `v1,` signature per active secret (space-separated),
 *   each an HMAC-SHA256 of `id.timestamp.body`;
 * - the previous service's, so its verifiers work unchanged: `X-Service-Signature:
 *   t=<t>,v1=<hex>` (one `v1=` per active secret), `X-Service-Event-ID` and `X-Service-Timestamp`.
 *
 * `secrets` is the endpoint's current secret, then, during a roll's grace period, the previous
 * one. Both headers list the previous secret's signature first and the current one's last: the
 * previous service's libraries keep only the last signature of a header, so a merchant on them
 * verifies every delivery as soon as the new secret is installed, instead of until the grace
 * period ends. Verifiers that check every signature (Standard Webhooks) accept either order.
 */
export function signatureHeaders(eventId: string, body: string, secrets: string[], at: Date): Record<string, string> {
  const t = Math.floor(at.getTime() / 1000);
  const currentLast = [...secrets].reverse();
  return {
    "webhook-id": eventId,
    "webhook-timestamp": String(t),
    "webhook-signature": currentLast.map((secret) => new Webhook(secret).sign(eventId, at, body)).join(" "),
    "X-Service-Signature": [`t=${t}`, ...currentLast.map((secret) => `v1=${serviceSignature(secret, t, body)}`)].join(","),
    "X-Service-Event-ID": eventId,
    "X-Service-Timestamp": String(t),
  };
}
