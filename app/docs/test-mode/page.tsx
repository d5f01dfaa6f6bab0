import type { Metadata } from "next";
import { Code, Note, Prose, Table } from "../_components/Prose";
import { apiOrigin } from "../_components/origin";

export const metadata: Metadata = { title: "Test mode and the simulator" };

export default async function TestMode() {
  const origin = await apiOrigin();
  return (
    <Prose>
      <h1>Test mode and the simulator</h1>
      <p>
        A <code>sk_test_…</code> key works in the sandbox: free, no real money, same base URL and same API as production. Objects created with a test key are
        invisible to live keys and the other way round. Every account can use test mode, with or without a paid plan.
      </p>

      <h2>The simulator&apos;s phone numbers</h2>
      <p>Test payments are handled by our simulator. The customer&apos;s number decides what happens when the payment is initiated (the customer confirms on the checkout, a billing cycle charges, a secure order is paid):</p>
      <Table
        caption="Simulator numbers"
        head={["customer_phone", "outcome"]}
        rows={[
          [<code key="1">+22370000001</code>, "SUCCESS"],
          [<code key="2">+22370000002</code>, "FAILED (declined)"],
          [<code key="3">+22370000003</code>, "stays PENDING until it expires (EXPIRED at expires_at)"],
          [<code key="4">+22370000004</code>, "FAILED: insufficient funds"],
          ["any other number", "waits: use the checkout page's test buttons, or POST /v1/sandbox/payments/{id}/simulate"],
        ]}
      />
      <Code label="Settle a waiting test payment">{`curl -s -X POST ${origin}/v1/sandbox/payments/txn_…/simulate \\
  -H "Authorization: Bearer $CAURI_KEY" -H "Content-Type: application/json" \\
  -d '{"outcome": "FAILED"}'`}</Code>
      <p>
        <code>simulate</code> works on any simulated payment that is still PENDING; on a payment that already ended it answers 409. Every outcome emits the same
        events and webhooks as in production.
      </p>

      <h2>Metadata flags</h2>
      <ul>
        <li>
          <code>metadata.service_mock: true</code> — use Cauri&apos;s simulator with no operator call (the default in test mode).
        </li>
        <li>
          <code>metadata.sandbox: true</code> — call the operator&apos;s own test environment instead.
        </li>
      </ul>
      <p>Both flags are refused with a live key (400 <code>TEST_FLAG_IN_LIVE_MODE</code>): remove them when you switch keys.</p>

      <h2>Sandbox tools</h2>
      <p>
        These routes exist only for test keys; a live key gets 403 <code>TEST_MODE_ONLY</code>. They are listed under <em>Sandbox</em> in the{" "}
        <a href="/docs/reference">reference</a>.
      </p>
      <Table
        caption="Sandbox tools"
        head={["route", "what it does"]}
        rows={[
          [<code key="a">POST /v1/sandbox/payments/{"{id}"}/simulate</code>, "settle a simulated payment: {\"outcome\": \"SUCCESS\" | \"FAILED\"}"],
          [<code key="b">POST /v1/sandbox/clock/advance</code>, <a key="b2" href="/docs/test-clock">move your test clock forward</a>],
          [<code key="c">GET /v1/sandbox/clock</code>, "your test clock's current time"],
          [<code key="d">POST /v1/sandbox/secure-orders/{"{id}"}/simulate-payment</code>, "pay a secure order as the buyer page would"],
          [<code key="e">GET /v1/sandbox/secure-orders/{"{id}"}/delivery-code</code>, "read a secure order's 6-digit delivery code"],
          [<code key="f">GET /v1/webhooks/events</code>, "the latest events of your application"],
          [<code key="g">POST /v1/opr/create, /v1/opr/charge</code>, "onsite payment with a one-time code (below)"],
        ]}
      />

      <h2>Onsite payment request (OPR), sandbox only</h2>
      <p>
        OPR charges a customer without sending them to the checkout: you create the request, the customer receives a one-time code by SMS, types it on your
        site, and you charge with it. In the sandbox the code is not sent: read it with <code>GET /v1/sandbox/opr/{"{token}"}/otp</code>. Three wrong codes cancel
        the request.
      </p>
      <Code label="OPR in the sandbox">{`# 1. create (same body as a payment, without return_url)
curl -s -X POST ${origin}/v1/opr/create -H "Authorization: Bearer $CAURI_KEY" \\
  -H "Content-Type: application/json" -H "X-Idempotency-Key: opr-1042" \\
  -d '{"amount": 2500, "payment_method": "OPERATOR_MONEY", "customer_phone": "+22376543210"}'
# → data.token = "opr_…", data.payment_id = "txn_…"

# 2. the code the customer would receive by SMS (sandbox only)
curl -s ${origin}/v1/sandbox/opr/opr_…/otp -H "Authorization: Bearer $CAURI_KEY"

# 3. charge with it → the payment is SUCCESS
curl -s -X POST ${origin}/v1/opr/charge -H "Authorization: Bearer $CAURI_KEY" \\
  -H "Content-Type: application/json" -d '{"token": "opr_…", "otp": "123456"}'`}</Code>
      <Note tone="warning">OPR is not available in production: a live key gets 403 <code>TEST_MODE_ONLY</code>. Use the hosted checkout in production.</Note>
    </Prose>
  );
}
