import type { Metadata } from "next";
import { Code, Prose } from "../_components/Prose";

export const metadata: Metadata = { title: "TypeScript client" };

export default function Client() {
  return (
    <Prose>
      <h1>TypeScript client: @cauri/client</h1>
      <p>
        A small client typed from this API&apos;s OpenAPI document: every path, parameter, body and answer is checked by the compiler. It works in Node 18+,
        Deno, Bun and edge runtimes (it uses <code>fetch</code>).
      </p>
      <Code label="shell">npm install @cauri/client</Code>
      <Code label="TypeScript">{`import { CauriClient, CauriError } from "@cauri/client";

const cauri = new CauriClient({ apiKey: process.env.CAURI_KEY!, baseUrl: "https://…" });

const payment = await cauri.payments.create({
  amount: 5000,
  payment_method: "OPERATOR_MONEY",
  customer_phone: "+22370000001",
  return_url: "https://shop.example/merci",
});
// redirect the customer to payment.redirect_url

try {
  await cauri.withdrawals.create({ amount: 50_000, provider: "OPERATOR_MONEY", phone_number: "+22376543210" });
} catch (error) {
  if (error instanceof CauriError && error.code === "INSUFFICIENT_BALANCE") { /* … */ }
  else throw error;
}

// Any operation of the reference, typed:
const details = await cauri.unwrap(cauri.api.GET("/v1/payments/{id}/details", { params: { path: { id: payment.id } } }));`}</Code>
      <h2>What it does for you</h2>
      <ul>
        <li>
          <strong>Idempotency keys</strong>: every operation that takes <code>X-Idempotency-Key</code> gets a fresh UUID automatically. Pass your own (
          <code>{"{ idempotencyKey }"}</code>) to tie it to your order; either way the same key is reused across the client&apos;s own retries.
        </li>
        <li>
          <strong>Retries</strong> with exponential backoff on 429 and 5xx and on network errors, honouring <code>Retry-After</code>, bounded (3 retries, 30
          seconds of waiting at most by default).
        </li>
        <li>
          <strong>Typed errors</strong>: a failed call throws <code>CauriError</code> with <code>status</code>, <code>code</code>, <code>message</code>,{" "}
          <code>param</code> and <code>requestId</code>.
        </li>
        <li>
          <strong>Webhook verification</strong> from the raw body: <code>verifyWebhook({"{ payload, headers, secret }"})</code>. Given an already-parsed object it
          tells you so, instead of failing with a bare &quot;invalid signature&quot;.
        </li>
        <li>
          <strong>Right by construction</strong>: withdrawals send <code>provider</code> and <code>phone_number</code> with an idempotency key; billing plans live under{" "}
          <code>/v1/billing/plans</code>. A call to a route that does not exist does not compile.
        </li>
      </ul>
    </Prose>
  );
}
