import type { Database } from "@/db/client";
import { pruneRateLimitCounters } from "@/lib/http/rate-limit";
import { compactPaymentCounts } from "@/lib/payments/counts";
import { expireDuePayments } from "@/lib/payments/expire";
import { runPartnerRoyalties } from "@/lib/partner/royalty";
import { runSecureOrderDeadlines } from "@/lib/secure-orders/deadlines";
import { runBillingCycle } from "@/lib/billing/cycle";
import { deliverDue } from "@/lib/webhooks/deliver";
import { startWebhookWorker } from "@/lib/webhooks/worker";

export type JobScope = { merchantId?: string };

/**
 * Background work that both the embedded runner (timers) and Inngest (cron) call. Each job is
 * idempotent and safe on several instances at once: it claims rows with row locks
 * (FOR UPDATE SKIP LOCKED) or unique constraints, never with in-process state.
 * With a scope, it only handles that merchant's rows (the sandbox clock advance runs them so).
 */
export type Job = { name: string; everyMs: number; run: (db: Database, scope?: JobScope) => Promise<unknown> };

export const jobs: Job[] = [
  { name: "rate-limit-prune", everyMs: 60_000, run: (db) => pruneRateLimitCounters(db) },
  { name: "payment-expiry", everyMs: 5_000, run: (db, scope) => expireDuePayments(db, scope) },
  // Keeps the delta log behind list totals short (lib/payments/counts.ts); totals are exact either way.
  { name: "payment-count-compaction", everyMs: 5_000, run: (db) => compactPaymentCounts(db) },
  // Monthly work checked hourly: it credits the previous month once (unique per merchant and month).
  { name: "partner-royalty", everyMs: 3_600_000, run: (db, scope) => runPartnerRoyalties(db, { merchantId: scope?.merchantId }) },
  { name: "secure-order-deadlines", everyMs: 15_000, run: (db, scope) => runSecureOrderDeadlines(db, scope) },
  { name: "billing-cycle", everyMs: 30_000, run: (db, scope) => runBillingCycle(db, scope) },
  // Last, so events emitted by the jobs above go out in the same pass. The webhook worker below
  // sends within a second; this pass is its safety net and the sandbox clock advance's sender.
  { name: "webhook-delivery", everyMs: 60_000, run: (db, scope) => deliverDue(db, scope) },
];

export type WorkerMode = "embedded" | "inngest";

/**
 * Listener-style work that runs continuously in each app process (started by lib/jobs/runner.ts):
 * it reacts to in-process nudges within milliseconds instead of waiting for a timer. Like jobs,
 * workers keep their state in rows and claim with row locks, so any number of processes is safe.
 * In "inngest" mode a worker only hands work to Inngest.
 */
export type Worker = { name: string; start: (getDb: () => Database, mode: WorkerMode) => { stop: () => Promise<void> } };

export const workers: Worker[] = [
  {
    name: "webhook-delivery",
    start: (getDb, mode) =>
      startWebhookWorker(
        getDb,
        mode === "inngest"
          ? { enqueue: async (ids) => (await import("@/inngest/functions/deliver-webhook")).enqueueDeliveries(ids.map((id) => ({ id, dedupe: `${id}-new` }))) }
          : {},
      ),
  },
];

// Housekeeping with no time rule in it: a test-clock advance has nothing to wait for there.
const MAINTENANCE = new Set(["rate-limit-prune", "payment-count-compaction"]);

/** The work a test-clock advance must finish before it returns: every job that evaluates time rules. */
export async function runDueWork(db: Database, scope: JobScope): Promise<void> {
  for (const job of jobs) {
    if (MAINTENANCE.has(job.name)) continue;
    await job.run(db, scope);
  }
}
