import { readFileSync } from "node:fs";
import path from "node:path";
import { rateLimits } from "@/lib/rate-limit/limits";

/** Descriptions of the tags routes use (a tag without one still appears). */
export const TAGS: Record<string, string> = {
  Payments: "Collect a payment from a customer's mobile-money wallet through the hosted checkout.",
  "Payment links": "Reusable links and QR codes that open a payment page.",
  Invoices: "Numbered invoices with lines, a hosted page paid in one tap, sent by text message, e-mail or WhatsApp, with reminders.",
  Withdrawals: "Move your available balance to a mobile-money number. Verified and executed by our team; funds are reserved at request time.",
  Refunds: "Ask our team to refund (part of) a successful payment; the amount is reserved on your balance at request time. POST /v1/refunds stays unavailable.",
  "Secure orders": "Escrow for delivery businesses: the payment is held until the courier enters the buyer's 6-digit code.",
  Billing: "Recurring billing: plans, subscriptions and customers.",
  "Customer portal": "Sessions that let your customers manage their subscriptions.",
  "Partner program": "The partner product catalogue and royalties.",
  Webhooks: "Endpoints, deliveries, events and their logs; re-send any event; listen sessions that stream test events to the cauri CLI.",
  "Request log": "The last 24 hours of your /v1 requests, to follow them as they happen (cauri logs tail) or open one with its bodies.",
  Platform: "Cauri's own plans and your account's plan and subscription.",
  Utilities: "Look-ups: the operator's availability and routing.",
  Sandbox: "Test-mode tools (test keys only): settle simulated payments, move the test clock, read codes.",
  OPR: "Onsite payment request without redirect (sandbox only): a one-time code instead of the hosted checkout.",
  Meta: "This document.",
};

/** The folder of decision files, one per area, and the index that orders them. */
const DECISIONS_DIR = path.join("docs", "decisions");
const DECISIONS_INDEX = "README.md";

/**
 * The choices made where the contract says "not shown", read from docs/decisions/ at run time so
 * the document and those pages never disagree: every area file the index links to, in its order,
 * each under its title one level below "Decisions where the contract is silent" and its own
 * headings two levels down. Fenced code blocks are kept whole (a `#` inside them is not a heading).
 * The production server runs from the checkout (the Docker image copies docs/ with it), so the
 * files are where `next dev` finds them.
 */
export function readDecisions(root = process.cwd()): string | undefined {
  const dir = path.join(root, DECISIONS_DIR);
  let index: string;
  try {
    index = readFileSync(path.join(dir, DECISIONS_INDEX), "utf8");
  } catch {
    return undefined;
  }
  const files = [...index.matchAll(/^- \[[^\]]*\]\(([\w.-]+\.md)\)/gm)].map((m) => m[1]);
  const areas = files.map((file) => {
    let title = file;
    const lines: string[] = [];
    let fenced = false;
    for (const line of readFileSync(path.join(dir, file), "utf8").split("\n")) {
      if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
      const heading = !fenced && /^# (.+)$/.exec(line);
      if (heading && title === file && lines.length === 0) title = heading[1].trim();
      else lines.push(!fenced && /^#{2,4} /.test(line) ? `##${line}` : line);
    }
    return `### ${title}\n\n${lines.join("\n").trim()}`;
  });
  return areas.length ? areas.join("\n\n") : undefined;
}

/** info.description: what an integrator needs before the first call, then the decisions. */
export function apiDescription(decisions?: string): string {
  return `Cauri collects mobile-money payments for merchants in Mali through a single operator (\`OPERATOR_MONEY\`).
Amounts are integers in XOF (FCFA); timestamps are ISO 8601 UTC. Guides: [quick start](/docs/quick-start),
[test mode](/docs/test-mode), [idempotency](/docs/idempotency), [webhooks](/docs/webhooks), [errors](/docs/errors),
[going live](/docs/going-live), [secure orders](/docs/secure-orders). A typed TypeScript client is \`@cauri/client\`.

## Authentication and modes

Send \`Authorization: Bearer <secret key>\`. The key's prefix decides the mode: \`sk_test_…\` works in the sandbox
(simulated money, free), \`sk_live_…\` in production. A live key needs production access (otherwise 401
\`PRODUCTION_KEY_DISABLED\`) and a paid, current platform plan (otherwise 403 \`PAID_SUBSCRIPTION_REQUIRED\`).
Sandbox and production share this base URL; a key never sees the other mode's objects.

## Envelope

Success: \`{"success": true, "data": …}\` (some routes add top-level fields such as \`message\`).
Failure: \`{"success": false, "error": {"code", "message", "param"?, "details"?}}\`. Program against \`code\`; \`message\` is for people;
\`param\` names the field at fault; \`details\` lists every problem when one answer names several (a required
\`X-Idempotency-Key\` missing from a request whose body is wrong too). Each operation lists every code it can answer, grouped by HTTP status.
Optional body fields sent as JSON \`null\` are treated as absent (a field that takes \`null\` keeps it).

## Rate limits

${rateLimits.default} requests per minute per key (per client IP on public routes), plus per-operation limits
(\`POST /v1/payments\` ${rateLimits["payments.create"]}/min, reconcile ${rateLimits["payments.reconcile"]}/min, webhook test ${rateLimits["webhooks.test"]}/min, secure-order creation ${rateLimits["secure_orders.create"]}/min).
Every answer carries \`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\` (seconds until the window resets),
and the same as \`X-RateLimit-Limit\`, \`X-RateLimit-Remaining\` and \`X-RateLimit-Reset\` (the Unix time, in seconds, of the reset)
for clients written against the previous service; a 429 adds \`Retry-After\`.
Each operation's \`x-ratelimit\` gives its figures.

## Idempotency

Operations that create money movements take \`X-Idempotency-Key\` (required on payments and withdrawals). Retry with
the same key: you get the first answer again, never a second payment. See each operation's \`x-idempotency\`.

## Pagination

List operations take \`page\` (from 1) and \`limit\` (at most 100) and answer with a \`pagination\` object
(\`page\`, \`limit\`, \`total\`, \`pages\`) unless the operation says otherwise.

## Decisions where the contract is silent
${decisions ?? "See docs/decisions/ in the service's repository."}
`;
}
