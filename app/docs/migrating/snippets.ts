/**
 * The verification snippets of the migration guide, kept here once: the /docs page and
 * docs/migrating.md show them, and app/docs/migrating/snippets.test.ts runs the Node one
 * against a real signed delivery.
 */
export const nodeServiceSignature = `
import { createHmac, timingSafeEqual } from "node:crypto";

// rawBody: the request body exactly as received (a string), before any JSON parsing.
export function verifyServiceSignature(rawBody, header, secret, toleranceSeconds = 300) {
  const parts = String(header ?? "").split(",").map((part) => part.trim().split("="));
  const t = Number(parts.find(([key]) => key === "t")?.[1]);
  const signatures = parts.filter(([key]) => key === "v1").map(([, value]) => value);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
  const expected = createHmac("sha256", secret).update(\`\${t}.\${rawBody}\`).digest("hex");
  return signatures.some((s) => s.length === expected.length && timingSafeEqual(Buffer.from(s), Buffer.from(expected)));
}
`;

export const pythonServiceSignature = `
import hashlib, hmac, time

# raw_body: the request body exactly as received (bytes), before any JSON parsing.
def verify_service_signature(raw_body: bytes, header: str, secret: str, tolerance: int = 300) -> bool:
    items = [part.strip().split("=", 1) for part in (header or "").split(",") if "=" in part]
    t = next((value for key, value in items if key == "t"), None)
    signatures = [value for key, value in items if key == "v1"]
    if t is None or not t.isdigit() or abs(time.time() - int(t)) > tolerance:
        return False
    expected = hmac.new(secret.encode(), t.encode() + b"." + raw_body, hashlib.sha256).hexdigest()
    return any(hmac.compare_digest(expected, s) for s in signatures)
`;

export const phpServiceSignature = `
<?php
// $rawBody: file_get_contents('php://input'), before any json_decode.
function verify_service_signature(string $rawBody, string $header, string $secret, int $tolerance = 300): bool {
    $t = null;
    $signatures = [];
    foreach (explode(',', $header) as $part) {
        [$key, $value] = array_pad(explode('=', trim($part), 2), 2, '');
        if ($key === 't') { $t = $value; } elseif ($key === 'v1') { $signatures[] = $value; }
    }
    if ($t === null || !ctype_digit($t) || abs(time() - (int) $t) > $tolerance) { return false; }
    $expected = hash_hmac('sha256', $t . '.' . $rawBody, $secret);
    foreach ($signatures as $signature) {
        if (hash_equals($expected, $signature)) { return true; }
    }
    return false;
}
`;

export const nodeStandardWebhooks = `
import { Webhook } from "standardwebhooks";

// Throws if the signature, the id or the timestamp (5 minutes) does not hold.
const event = new Webhook(process.env.CAURI_WEBHOOK_SECRET).verify(rawBody, {
  "webhook-id": req.headers["webhook-id"],
  "webhook-timestamp": req.headers["webhook-timestamp"],
  "webhook-signature": req.headers["webhook-signature"],
});
`;

export const pythonStandardWebhooks = `
import os
from standardwebhooks import Webhook

# Raises if the signature, the id or the timestamp (5 minutes) does not hold.
event = Webhook(os.environ["CAURI_WEBHOOK_SECRET"]).verify(raw_body, dict(request.headers))
`;

export const phpStandardWebhooks = `
<?php
// composer require standard-webhooks/standard-webhooks
$webhook = new \\StandardWebhooks\\Webhook(getenv('CAURI_WEBHOOK_SECRET'));
$event = $webhook->verify(file_get_contents('php://input'), getallheaders()); // throws if it does not hold
`;
