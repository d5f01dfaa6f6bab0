/**
 * The quick start's programs, kept here once: the /docs/quick-start tabs show them and
 * snippets.test.ts runs each (bash, node, python3, php) against a real server. Each reads
 * CAURI_URL and CAURI_KEY from the environment (step 1 of the guide), creates a test payment,
 * settles it with the simulator and reads it back; its last line is "<id> <status>".
 */
import { nodeServiceSignature, phpServiceSignature, pythonServiceSignature } from "../migrating/snippets";

export type Language = "curl" | "node" | "python" | "php";

/** The port of the merchant's own shop in the guide: its thank-you page and its webhook handler. */
export const SHOP_PORT = 4242;

/**
 * The shell lines of the guide's local steps, run as written (the shop's port aside) by
 * e2e/quick-start-dev.spec.ts from a fresh clone's dev server to a verified webhook.
 */
export const localRun = {
  start: "npm install && npm run dev",
  listen: `npm run cli -- listen --forward-to http://localhost:${SHOP_PORT}/webhooks --events payment.success`,
  trigger: "npm run cli -- trigger payment.success",
};

export const LANGUAGES: readonly { id: Language; label: string; file: string; run: string }[] = [
  { id: "curl", label: "curl", file: "quickstart.sh", run: "bash quickstart.sh" },
  { id: "node", label: "Node.js", file: "quickstart.mjs", run: "node quickstart.mjs" },
  { id: "python", label: "Python", file: "quickstart.py", run: "python3 quickstart.py" },
  { id: "php", label: "PHP", file: "quickstart.php", run: "php quickstart.php" },
];

export const payment: Record<Language, string> = {
  curl: `
#!/usr/bin/env bash
set -euo pipefail

created=$(curl -s --fail-with-body -X POST "$CAURI_URL/v1/payments" \\
  -H "Authorization: Bearer $CAURI_KEY" \\
  -H "Content-Type: application/json" \\
  -H "X-Idempotency-Key: $(cat /proc/sys/kernel/random/uuid 2>/dev/null || uuidgen)" \\
  -d '{
    "amount": 5000,
    "payment_method": "OPERATOR_MONEY",
    "customer_phone": "+22370000001",
    "return_url": "http://localhost:4242/merci",
    "client_reference": "order-1042",
    "description": "Commande 1042"
  }')
echo "$created"
id=$(printf '%s' "$created" | grep -o '"id":"txn_[^"]*"' | head -n 1 | cut -d '"' -f 4)

curl -s --fail-with-body -X POST "$CAURI_URL/v1/sandbox/payments/$id/simulate" \\
  -H "Authorization: Bearer $CAURI_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{"outcome": "SUCCESS"}' > /dev/null

status=$(curl -s --fail-with-body "$CAURI_URL/v1/payments/$id" -H "Authorization: Bearer $CAURI_KEY" \\
  | grep -o '"status":"[A-Z_]*"' | head -n 1 | cut -d '"' -f 4)
echo "$id $status"
`,

  node: `
// Node.js 18 or later: fetch and crypto.randomUUID are built in.
const { CAURI_URL, CAURI_KEY } = process.env;

async function cauri(method, path, body, headers = {}) {
  const response = await fetch(CAURI_URL + path, {
    method,
    headers: { Authorization: \`Bearer \${CAURI_KEY}\`, "Content-Type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await response.json();
  if (!answer.success) throw new Error(\`\${response.status} \${answer.error.code}: \${answer.error.message}\`);
  return answer.data;
}

const created = await cauri(
  "POST",
  "/v1/payments",
  {
    amount: 5000,
    payment_method: "OPERATOR_MONEY",
    customer_phone: "+22370000001",
    return_url: "http://localhost:4242/merci",
    client_reference: "order-1042",
    description: "Commande 1042",
  },
  { "X-Idempotency-Key": crypto.randomUUID() },
);
console.log(created.redirect_url);

await cauri("POST", \`/v1/sandbox/payments/\${created.id}/simulate\`, { outcome: "SUCCESS" });

const payment = await cauri("GET", \`/v1/payments/\${created.id}\`);
console.log(payment.id, payment.status);
`,

  python: `
# Python 3, standard library only.
import json, os, urllib.error, urllib.request, uuid

CAURI_URL, CAURI_KEY = os.environ["CAURI_URL"], os.environ["CAURI_KEY"]

def cauri(method, path, body=None, headers=None):
    request = urllib.request.Request(
        CAURI_URL + path,
        method=method,
        data=None if body is None else json.dumps(body).encode(),
        headers={"Authorization": f"Bearer {CAURI_KEY}", "Content-Type": "application/json", **(headers or {})},
    )
    try:
        with urllib.request.urlopen(request) as response:
            return json.load(response)["data"]
    except urllib.error.HTTPError as failure:
        error = json.load(failure)["error"]
        raise SystemExit(f"{failure.code} {error['code']}: {error['message']}")

created = cauri(
    "POST",
    "/v1/payments",
    {
        "amount": 5000,
        "payment_method": "OPERATOR_MONEY",
        "customer_phone": "+22370000001",
        "return_url": "http://localhost:4242/merci",
        "client_reference": "order-1042",
        "description": "Commande 1042",
    },
    {"X-Idempotency-Key": str(uuid.uuid4())},
)
print(created["redirect_url"])

cauri("POST", f"/v1/sandbox/payments/{created['id']}/simulate", {"outcome": "SUCCESS"})

payment = cauri("GET", f"/v1/payments/{created['id']}")
print(payment["id"], payment["status"])
`,

  php: `
<?php
// PHP 7.4 or later, no extension beyond the standard ones.
function cauri(string $method, string $path, ?array $body = null, array $headers = []): array {
    $lines = array_merge(['Authorization: Bearer ' . getenv('CAURI_KEY'), 'Content-Type: application/json', 'Connection: close'], $headers);
    $context = stream_context_create(['http' => [
        'method' => $method,
        'header' => implode("\\r\\n", $lines),
        'content' => $body === null ? '' : json_encode($body),
        'ignore_errors' => true,
    ]]);
    $answer = json_decode(file_get_contents(getenv('CAURI_URL') . $path, false, $context), true);
    if (!($answer['success'] ?? false)) {
        fwrite(STDERR, ($http_response_header[0] ?? '') . ' ' . ($answer['error']['code'] ?? '') . ': ' . ($answer['error']['message'] ?? '') . "\\n");
        exit(1);
    }
    return $answer['data'];
}

$created = cauri('POST', '/v1/payments', [
    'amount' => 5000,
    'payment_method' => 'OPERATOR_MONEY',
    'customer_phone' => '+22370000001',
    'return_url' => 'http://localhost:4242/merci',
    'client_reference' => 'order-1042',
    'description' => 'Commande 1042',
], ['X-Idempotency-Key: ' . bin2hex(random_bytes(16))]);
echo $created['redirect_url'], "\\n";

cauri('POST', '/v1/sandbox/payments/' . $created['id'] . '/simulate', ['outcome' => 'SUCCESS']);

$payment = cauri('GET', '/v1/payments/' . $created['id']);
echo $payment['id'], ' ', $payment['status'], "\\n";
`,
};

/** Checking a delivery's X-Service-Signature: the same functions as the migration guide, plus openssl for the shell. */
export const verify: Record<Language, string> = {
  curl: `
#!/usr/bin/env bash
# verify.sh "$X_SERVICE_SIGNATURE" "$CAURI_WEBHOOK_SECRET" < raw-body.json
# Exit status 0 when one v1= signature matches the body and t= is less than 5 minutes old.
header=$1 secret=$2
t=$(printf '%s' "$header" | tr ',' '\\n' | sed -n 's/^ *t=//p')
case $t in '' | *[!0-9]*) exit 1 ;; esac
age=$(( $(date +%s) - t ))
[ "\${age#-}" -le 300 ] || exit 1
expected=$( { printf '%s.' "$t"; cat; } | openssl dgst -sha256 -hmac "$secret" | sed 's/^.* //')
printf '%s' "$header" | tr ',' '\\n' | sed -n 's/^ *v1=//p' | grep -qx "$expected"
`,
  node: nodeServiceSignature,
  python: pythonServiceSignature,
  php: phpServiceSignature,
};
