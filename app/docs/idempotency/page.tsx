import type { Metadata } from "next";
import { Code, Note, Prose, Table } from "../_components/Prose";
import { apiOrigin } from "../_components/origin";

export const metadata: Metadata = { title: "Idempotency" };

export default async function Idempotency() {
  const origin = await apiOrigin();
  return (
    <Prose>
      <h1>Idempotency: retry without paying twice</h1>
      <p>
        A network error does not tell you whether your request reached us. Operations that move money take an <code>X-Idempotency-Key</code> header so you can
        simply send the same request again: the first answer is replayed, the work is never done twice.
      </p>
      <Table
        caption="Where the header is taken"
        head={["operation", "X-Idempotency-Key"]}
        rows={[
          ["POST /v1/payments", "required (400 IDEMPOTENCY_KEY_REQUIRED without it)"],
          ["POST /v1/withdrawals", "required"],
          ["POST /v1/secure-orders", "recommended"],
          ["others", "see each operation's x-idempotency in the reference"],
        ]}
      />
      <h2>Rules</h2>
      <ul>
        <li>One key per operation you mean to do once: a UUID v4 is ideal. At most 128 characters (400 <code>IDEMPOTENCY_KEY_TOO_LONG</code>).</li>
        <li>
          The same key with the same request within 24 hours replays the first answer, with the header <code>Idempotent-Replayed: true</code>.
        </li>
        <li>
          The same key with a <em>different</em> request is refused with 409 (<code>DUPLICATE_PAYMENT</code> on payments, <code>IDEMPOTENCY_CONFLICT</code> elsewhere). Use a
          new key for a new payment.
        </li>
        <li>
          Two identical requests sent at the same time: the second waits for the first and gets its answer. If the first is still running after a few seconds,
          the second gets 409 <code>IDEMPOTENCY_IN_PROGRESS</code>: retry it a moment later with the same key.
        </li>
        <li>A request that fails (4xx validation, 5xx) changes nothing and frees its key, so you can fix it and send it again with the same key.</li>
        <li>Keys belong to your application and mode: a test key and a live key never share keys.</li>
      </ul>
      <h2>Retrying well</h2>
      <Code label="shell">{`KEY=$(cat /proc/sys/kernel/random/uuid)      # generate once, store it with your order
for attempt in 1 2 3; do
  curl -s --fail-with-body -X POST ${origin}/v1/payments \\
    -H "Authorization: Bearer $CAURI_KEY" -H "Content-Type: application/json" \\
    -H "X-Idempotency-Key: $KEY" -d @payment.json && break
  sleep $((attempt * 2))
done`}</Code>
      <Note>
        Generate the key when you create the order on your side and store it with the order, not per HTTP attempt: a key made fresh on each retry defeats the
        purpose. The <a href="/docs/client">TypeScript client</a> does this for you: it adds a key to every such operation and reuses it across its own retries.
      </Note>
    </Prose>
  );
}
