import type { Metadata } from "next";
import { Code, Note, Prose } from "../_components/Prose";
import { apiOrigin } from "../_components/origin";

export const metadata: Metadata = { title: "Quick start" };

export default async function QuickStart() {
  const origin = await apiOrigin();
  return (
    <Prose>
      <h1>Quick start: your first payment in 5 minutes</h1>
      <p>
        You need a test key (<code>sk_test_…</code>) from the dashboard, and <code>curl</code>. Test mode is free and moves no real money.
      </p>

      <h2>1. Set your key</h2>
      <Code label="shell">{`export CAURI_URL=${origin}
export CAURI_KEY=sk_test_your_key_here`}</Code>

      <h2>2. Create a payment</h2>
      <p>
        Every <code>POST /v1/payments</code> needs an <code>X-Idempotency-Key</code>: a fresh UUID per payment. If the network fails, send the same request with the
        same key again — you get the same payment back, never a second one (see <a href="/docs/idempotency">idempotency</a>).
      </p>
      <Code label="shell">{`curl -s -X POST $CAURI_URL/v1/payments \\
  -H "Authorization: Bearer $CAURI_KEY" \\
  -H "Content-Type: application/json" \\
  -H "X-Idempotency-Key: $(cat /proc/sys/kernel/random/uuid 2>/dev/null || uuidgen)" \\
  -d '{
    "amount": 5000,
    "payment_method": "OPERATOR_MONEY",
    "customer_phone": "+22370000001",
    "return_url": "https://shop.example/merci",
    "client_reference": "order-1042",
    "description": "Commande 1042"
  }'`}</Code>
      <p>The answer (HTTP 201):</p>
      <Code label="json">{`{
  "success": true,
  "data": {
    "id": "txn_…",
    "status": "PENDING",
    "amount": 5000,
    "currency": "XOF",
    "payment_method": "OPERATOR_MONEY",
    "redirect_url": "${origin}/checkout/txn_…",
    "expires_at": "…",
    …
  }
}`}</Code>

      <h2>3. Send the customer to the checkout</h2>
      <p>
        Redirect your customer to <code>redirect_url</code>. They confirm their number and approve the payment on their phone; once it succeeds the page sends them
        back to your <code>return_url</code> with the payment id and status in the query. In test mode the page shows buttons to make it succeed or fail.
      </p>
      <p>
        In test mode the number decides: <code>+22370000001</code> succeeds as soon as the customer confirms. You can also settle it without a browser:
      </p>
      <Code label="shell">{`curl -s -X POST $CAURI_URL/v1/sandbox/payments/txn_…/simulate \\
  -H "Authorization: Bearer $CAURI_KEY" -H "Content-Type: application/json" \\
  -d '{"outcome": "SUCCESS"}'`}</Code>

      <h2>4. Check the result</h2>
      <Code label="shell">{`curl -s $CAURI_URL/v1/payments/txn_… -H "Authorization: Bearer $CAURI_KEY"
curl -s "$CAURI_URL/v1/payments?status=SUCCESS&limit=10" -H "Authorization: Bearer $CAURI_KEY"`}</Code>
      <Note>
        Do not rely on the customer coming back to <code>return_url</code> to deliver the order: they may close the tab. Subscribe to the{" "}
        <code>payment.success</code> <a href="/docs/webhooks">webhook</a>, or read the payment from your server.
      </Note>

      <h2>Next</h2>
      <ul>
        <li>
          <a href="/docs/test-mode">Test mode and the simulator</a>: failures, pending payments, insufficient funds.
        </li>
        <li>
          <a href="/docs/webhooks">Webhooks</a>: get told when a payment succeeds, and verify the signature.
        </li>
        <li>
          <a href="/docs/errors">Errors</a>: every code and what to do about it.
        </li>
        <li>
          <a href="/docs/reference">API reference</a>: try every operation from your browser.
        </li>
      </ul>
    </Prose>
  );
}
