import type { Metadata } from "next";
import { Code, Prose } from "./_components/Prose";
import { DOCS_NAV } from "./_components/nav";
import { apiOrigin } from "./_components/origin";

export const metadata: Metadata = { title: { absolute: "Documentation · Cauri" } };

const BLURBS: Record<string, string> = {
  "/docs/quick-start": "Your first payment with curl in five minutes.",
  "/docs/reference": "Every operation, parameter, response and error code — try them from the browser.",
  "/docs/test-mode": "Sandbox keys, the simulator's magic numbers and the sandbox tools.",
  "/docs/test-clock": "Move time forward to test expiry and deadlines without waiting.",
  "/docs/idempotency": "Retry safely: one key, one payment.",
  "/docs/webhooks": "Receive events and verify their signatures in Node, PHP and Python.",
  "/docs/errors": "The envelope, every error code, and which errors to retry.",
  "/docs/client": "@cauri/client: typed calls, automatic idempotency keys and retries.",
  "/docs/going-live": "KYC, a platform plan, production access, live keys.",
  "/docs/secure-orders": "Escrow for delivery businesses, released by a 6-digit code.",
};

export default async function DocsHome() {
  const origin = await apiOrigin();
  return (
    <Prose>
      <h1>Cauri API</h1>
      <p className="text-lg text-muted">
        Collect mobile-money payments from your customers in Mali with one REST API.{" "}
        <span lang="fr">Encaissez vos clients par mobile money au Mali avec une seule API REST.</span>
      </p>
      <p>
        Base URL: <code>{origin}</code>. The same URL serves the sandbox and production: your key decides. The API is described by an OpenAPI 3.1
        document, <a href="/v1/openapi.json">/v1/openapi.json</a>, generated from the code that serves it.
      </p>
      <Code label="Check your key">{`curl ${origin}/v1/payments -H "Authorization: Bearer sk_test_…"`}</Code>
      <h2>Guides</h2>
      <ul className="!list-none !pl-0 grid gap-3 sm:grid-cols-2">
        {DOCS_NAV.filter((item) => item.href !== "/docs").map((item) => (
          <li key={item.href} className="!mt-0">
            <a href={item.href} className="block h-full rounded-xl border border-line bg-surface p-4 !no-underline hover:border-brand">
              <span className="block font-semibold text-ink">{item.en}</span>
              <span lang="fr" className="block text-sm text-muted">
                {item.fr}
              </span>
              <span className="mt-2 block text-sm font-normal text-ink">{BLURBS[item.href]}</span>
            </a>
          </li>
        ))}
      </ul>
    </Prose>
  );
}
