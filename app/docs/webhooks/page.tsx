import type { Metadata } from "next";
import { Code, Note, Prose, Table } from "../_components/Prose";
import { apiOrigin } from "../_components/origin";

export const metadata: Metadata = { title: "Webhooks and signature verification" };

const NODE = `// npm install standardwebhooks express
import express from "express";
import { Webhook } from "standardwebhooks";

const wh = new Webhook(process.env.CAURI_WEBHOOK_SECRET); // "whsec_…"
const app = express();

// express.raw, NOT express.json: the signature covers the exact bytes we sent.
app.post("/webhooks/cauri", express.raw({ type: "application/json" }), (req, res) => {
  let event;
  try {
    event = wh.verify(req.body.toString("utf8"), req.headers); // throws if forged or older than 5 minutes
  } catch {
    return res.status(400).send("invalid signature");
  }
  if (alreadyProcessed(req.headers["webhook-id"])) return res.sendStatus(200); // retries carry the same id
  if (event.type === "payment.success") markOrderPaid(event.data.object.client_reference, event.data.object.id);
  res.sendStatus(200); // answer 2xx within 10 seconds; do slow work afterwards
});`;

const NODE_CLIENT = `import { verifyWebhook } from "@cauri/client";

const event = verifyWebhook({ payload: rawBodyString, headers: req.headers, secret: process.env.CAURI_WEBHOOK_SECRET });`;

const PHP = `<?php
// composer require standard-webhooks/standard-webhooks  — or the few lines below, with no dependency.
$payload = file_get_contents('php://input');           // the raw body, before any json_decode
$id        = $_SERVER['HTTP_WEBHOOK_ID'] ?? '';
$timestamp = $_SERVER['HTTP_WEBHOOK_TIMESTAMP'] ?? '';
$signature = $_SERVER['HTTP_WEBHOOK_SIGNATURE'] ?? '';

$secret = base64_decode(substr(getenv('CAURI_WEBHOOK_SECRET'), strlen('whsec_')));
$expected = base64_encode(hash_hmac('sha256', "$id.$timestamp.$payload", $secret, true));

$valid = false;
foreach (explode(' ', $signature) as $part) {
    [$version, $sig] = array_pad(explode(',', $part, 2), 2, '');
    if ($version === 'v1' && hash_equals($expected, $sig)) { $valid = true; }
}
if (!$valid || abs(time() - (int) $timestamp) > 300) {
    http_response_code(400);
    exit('invalid signature');
}
$event = json_decode($payload, true);
if ($event['type'] === 'payment.success') { /* mark the order paid */ }
http_response_code(200);`;

const PYTHON = `# pip install standardwebhooks flask
import os
from flask import Flask, request
from standardwebhooks.webhooks import Webhook

app = Flask(__name__)
wh = Webhook(os.environ["CAURI_WEBHOOK_SECRET"])  # "whsec_…"

@app.post("/webhooks/cauri")
def cauri_webhook():
    try:
        # request.get_data(): the raw bytes. Never request.json here.
        event = wh.verify(request.get_data(as_text=True), dict(request.headers))
    except Exception:
        return "invalid signature", 400
    if event["type"] == "payment.success":
        mark_order_paid(event["data"]["object"]["client_reference"])
    return "", 200`;

export default async function Webhooks() {
  const origin = await apiOrigin();
  return (
    <Prose>
      <h1>Webhooks and signature verification</h1>
      <p>
        Cauri tells your server when something happens — a payment succeeds, fails or expires, a secure order is paid or released — by sending an HTTPS POST
        with a JSON event to your endpoint. Deliveries are signed with the{" "}
        <a href="https://www.standardwebhooks.com/">Standard Webhooks</a> scheme, so an off-the-shelf library verifies them in any language.
      </p>

      <h2>1. Register an endpoint</h2>
      <Code label="shell">{`curl -s -X POST ${origin}/v1/webhooks/endpoints \\
  -H "Authorization: Bearer $CAURI_KEY" -H "Content-Type: application/json" \\
  -d '{"url": "https://shop.example/webhooks/cauri", "description": "orders"}'`}</Code>
      <p>
        The answer carries the endpoint&apos;s signing secret, <code>whsec_…</code>, <strong>once</strong>: store it in your secrets. You can roll it later with{" "}
        <code>POST /v1/webhooks/endpoints/{"{id}"}/roll-secret</code>. Live endpoints must use HTTPS. Send a test event with{" "}
        <code>POST /v1/webhooks/test</code>.
      </p>

      <h2>2. The event</h2>
      <Code label="json">{`{
  "id": "evt_…",
  "type": "payment.success",
  "timestamp": "2026-10-12T09:30:00.000Z",
  "livemode": false,
  "data": { "object": { "id": "txn_…", "status": "SUCCESS", "amount": 5000, … } }
}`}</Code>
      <p>
        <code>data.object</code> is the resource exactly as the API returns it. The list of types is at <code>GET /v1/webhook-event-types</code>. There is no{" "}
        <code>payment.cancelled</code>, <code>payout.*</code> or <code>refund.*</code> event.
      </p>
      <Table
        caption="Delivery headers"
        head={["header", "meaning"]}
        rows={[
          [<code key="1">webhook-id</code>, "the event's delivery id — the same on every retry: use it to ignore duplicates"],
          [<code key="2">webhook-timestamp</code>, "Unix seconds when this attempt was signed; refuse anything older than 5 minutes"],
          [<code key="3">webhook-signature</code>, <span key="3b">space-separated <code>v1,&lt;base64 HMAC-SHA256&gt;</code> values (several during a secret roll)</span>],
        ]}
      />
      <p>
        The signature is HMAC-SHA256, keyed with the base64-decoded part of your secret after <code>whsec_</code>, over{" "}
        <code>{"{webhook-id}.{webhook-timestamp}.{raw body}"}</code>.
      </p>

      <h2>3. Verify, then act</h2>
      <Note tone="warning">
        <strong>The usual mistake:</strong> parsing the body as JSON before verifying. Re-serialized JSON is not byte-for-byte what we signed (spacing, key order,
        unicode escapes), so the signature never matches. Verify the <em>raw</em> body, then parse.
      </Note>
      <h3>Node.js</h3>
      <Code label="server.js (Express)">{NODE}</Code>
      <p>
        With the <a href="/docs/client">TypeScript client</a>, <code>verifyWebhook</code> does the same and explains what went wrong when the body was already parsed:
      </p>
      <Code label="TypeScript">{NODE_CLIENT}</Code>
      <h3>PHP</h3>
      <Code label="webhook.php">{PHP}</Code>
      <h3>Python</h3>
      <Code label="app.py (Flask)">{PYTHON}</Code>

      <h2>Retries and the delivery log</h2>
      <p>
        A delivery succeeds when your endpoint answers any 2xx within 10 seconds. Otherwise it is retried — immediately, then after 5 seconds, 5 minutes,
        30 minutes, 2 hours, 5 hours, 10 hours and 10 hours — and marked FAILED after the last attempt. Redirects are not followed. Every attempt is logged with
        the status we received: <code>GET /v1/webhooks/logs</code>, <code>GET /v1/webhooks/logs/{"{id}"}</code>, and{" "}
        <code>POST /v1/webhooks/logs/{"{id}"}/retry</code> to send one again now.
      </p>
      <ul>
        <li>Answer quickly, then do the work: a slow endpoint is a failed delivery.</li>
        <li>
          Make your handler idempotent on <code>webhook-id</code>: a delivery can arrive more than once. Events can arrive out of order; read the resource if order
          matters.
        </li>
      </ul>
    </Prose>
  );
}
