import type { Metadata } from "next";
import { Code, Note, Prose } from "../_components/Prose";
import { apiOrigin } from "../_components/origin";

export const metadata: Metadata = { title: "Test clock" };

export default async function TestClock() {
  const origin = await apiOrigin();
  return (
    <Prose>
      <h1>Test clock</h1>
      <p>
        Payments expire, secure orders have payment and delivery deadlines, subscriptions renew. To test these without waiting, each merchant has a{" "}
        <strong>test clock</strong> for its sandbox objects. Moving it forward makes every time rule of your test objects see the new time, and runs the
        background work that became due (expiry, deadlines, billing cycles, webhook retries) before the call returns.
      </p>
      <Code label="Read and advance your test clock">{`curl -s ${origin}/v1/sandbox/clock -H "Authorization: Bearer $CAURI_KEY"

curl -s -X POST ${origin}/v1/sandbox/clock/advance \\
  -H "Authorization: Bearer $CAURI_KEY" -H "Content-Type: application/json" \\
  -d '{"seconds": 960}'`}</Code>

      <h2>Example: a payment that expires</h2>
      <ol>
        <li>
          Create a payment for <code>+22370000003</code> (it stays PENDING).
        </li>
        <li>Advance the clock past its <code>expires_at</code> (16 minutes here).</li>
        <li>
          Read it: it is <code>EXPIRED</code>, and a <code>payment.expired</code> event was emitted once (and delivered to your webhook endpoint).
        </li>
      </ol>
      <Code label="shell">{`curl -s -X POST ${origin}/v1/sandbox/clock/advance -H "Authorization: Bearer $CAURI_KEY" \\
  -H "Content-Type: application/json" -d '{"seconds": 960}'
curl -s ${origin}/v1/payments/txn_… -H "Authorization: Bearer $CAURI_KEY"   # "status": "EXPIRED"`}</Code>
      <Note>
        The clock only moves forward and only for your test mode: live objects and other merchants are never affected. Timestamps of test objects
        (<code>created_at</code>, <code>expires_at</code>, …) are on your test clock, so they can be ahead of the real time.
      </Note>
    </Prose>
  );
}
