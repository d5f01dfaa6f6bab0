import type { Metadata } from "next";
import { errorCatalogue } from "@/lib/http/errors";
import { Code, Note, Prose, Table } from "../_components/Prose";

export const metadata: Metadata = { title: "Error handling" };

const RETRYABLE = new Set(["RATE_LIMIT_EXCEEDED", "SERVICE_UNAVAILABLE", "INTERNAL_ERROR", "IDEMPOTENCY_IN_PROGRESS", "PROVIDER_ERROR"]);

export default function Errors() {
  // Generated from the catalogue the API answers with: a new code appears here the day it ships.
  const byStatus = new Map<number, [string, { status: number; message: string }][]>();
  for (const entry of Object.entries(errorCatalogue).sort(([a], [b]) => (a < b ? -1 : 1))) {
    byStatus.set(entry[1].status, [...(byStatus.get(entry[1].status) ?? []), entry]);
  }
  const statuses = [...byStatus.keys()].sort((a, b) => a - b);
  return (
    <Prose>
      <h1>Error handling</h1>
      <p>Every failure has the same shape, with an HTTP status and a stable code:</p>
      <Code label="json">{`{
  "success": false,
  "error": {
    "code": "INVALID_AMOUNT",
    "message": "amount must be an integer number of XOF between 100 and 5,000,000.",
    "param": "amount"
  }
}`}</Code>
      <ul>
        <li>
          Program against <code>code</code>. The <code>message</code> is for people and may change.
        </li>
        <li>
          <code>param</code> names the field at fault on validation errors.
        </li>
        <li>
          Every answer has an <code>X-Request-Id</code> header: quote it to support.
        </li>
        <li>The reference lists, for each operation, every code it can answer, grouped by status.</li>
      </ul>

      <h2>What to retry</h2>
      <Table
        caption="Retry policy"
        head={["answer", "what to do"]}
        rows={[
          ["400, 401, 403, 404, 409, 410, 415", "Do not retry as is: fix the request, the key or the account. The request changed nothing."],
          [<span key="429">429 <code>RATE_LIMIT_EXCEEDED</code></span>, "Wait for Retry-After seconds, then retry."],
          [<span key="409">409 <code>IDEMPOTENCY_IN_PROGRESS</code></span>, "The first request with this key is still running: retry shortly with the same key."],
          ["500, 502, 503, network errors", "Retry with backoff and the same X-Idempotency-Key (503 carries Retry-After)."],
        ]}
      />
      <Note>
        The <a href="/docs/client">TypeScript client</a> retries 429 and 5xx for you ({[...RETRYABLE].sort().join(", ")}), honouring <code>Retry-After</code>,
        and throws a typed <code>CauriError</code> with <code>status</code>, <code>code</code>, <code>message</code> and <code>param</code> otherwise.
      </Note>

      <h2>Every code</h2>
      <p>The complete catalogue, generated from the service&apos;s own table.</p>
      {statuses.map((status) => (
        <section key={status} aria-labelledby={`status-${status}`}>
          <h3 id={`status-${status}`}>HTTP {status}</h3>
          <Table
            caption={`Codes answered with HTTP ${status}`}
            head={["code", "meaning"]}
            rows={byStatus.get(status)!.map(([code, spec]) => [
              <code key={code} id={code}>
                {code}
              </code>,
              spec.message,
            ])}
          />
        </section>
      ))}
    </Prose>
  );
}
