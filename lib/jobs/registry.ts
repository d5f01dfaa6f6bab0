import type { Database } from "@/db/client";
import type { JobScope } from "@/lib/core/job-scope";
import { compactPaymentCounts } from "@/lib/payments/counts";
import { expireDuePayments } from "@/lib/payments/expire";
import { recheckPendingPayments } from "@/lib/payments/recheck";
import { runPartnerRoyalties } from "@/lib/partner/royalty";
import { runSecureOrderDeadlines } from "@/lib/secure-orders/deadlines";
import { runBillingCycle } from "@/lib/billing/cycle";
import { runInvoiceReminders } from "@/lib/invoices/reminders";
import { sendDueMail } from "@/lib/mail/send-job";
import { sendDueSms } from "@/lib/sms/send-job";
import { generateDueReports } from "@/lib/books/report-job";
import { pruneRequestLog } from "@/lib/request-log/store";
import { deliverSimulatedCallbacks } from "@/lib/sandbox/simulated-callbacks";
import { deliverDue } from "@/lib/webhooks/deliver";
import { startWebhookWorker } from "@/lib/webhooks/worker";
import { runWeeklySummaries } from "@/lib/figures/weekly-summary";
import { compactPaymentFigures } from "@/lib/figures/queries";


/**
 * One background job, declared once: the embedded runner (lib/jobs/runner.ts) and the Inngest
 * functions (inngest/functions/scheduled.ts) are both built from this list, so a job has one
 * cadence whichever runs it.
 *
 * Each job is idempotent and safe on several instances at once: it claims rows with row locks
 * (FOR UPDATE SKIP LOCKED) or unique constraints, never with in-process state.
 * - `everySeconds`: a divisor of 60 below a minute, else whole minutes dividing an hour or whole
 *   hours dividing a day (what a cron can express; Inngest runs sub-minute jobs as several passes
 *   of one per-minute run).
 * - `scope`: "merchant" jobs evaluate time rules and can run for one merchant (the sandbox clock
 *   advance runs them so before it answers); "global" jobs are housekeeping with no time rule.
 */
export type Job = {
  id: string;
  everySeconds: number;
  scope: "merchant" | "global";
  run: (db: Database, scope?: JobScope) => Promise<unknown>;
};

export const jobs: Job[] = [
  // The sandbox simulator's delayed operator callbacks (lib/sandbox/simulated-callbacks.ts): before the expiry, so in a clock
  // advance a callback that fell due before expires_at settles the payment as it would have in real time.
  { id: "simulated-operator-callbacks", everySeconds: 5, scope: "merchant", run: (db, scope) => deliverSimulatedCallbacks(db, scope) },
  // Asks the operator again about pushed payments still PENDING (lib/payments/recheck.ts), its last question before the expiry sweep.
  { id: "payment-rechecks", everySeconds: 15, scope: "merchant", run: (db, scope) => recheckPendingPayments(db, scope) },
  { id: "payment-expiry", everySeconds: 5, scope: "merchant", run: (db, scope) => expireDuePayments(db, scope) },
  // Keeps the delta log behind list totals short (lib/payments/counts.ts); totals are exact either way.
  { id: "payment-count-compaction", everySeconds: 5, scope: "global", run: (db) => compactPaymentCounts(db) },
  // Monthly work checked hourly: it credits the previous month once (unique per merchant and month).
  { id: "partner-royalty", everySeconds: 3_600, scope: "merchant", run: (db, scope) => runPartnerRoyalties(db, { merchantId: scope?.merchantId }) },
  { id: "secure-order-deadlines", everySeconds: 15, scope: "merchant", run: (db, scope) => runSecureOrderDeadlines(db, scope) },
  { id: "billing-cycle", everySeconds: 30, scope: "merchant", run: (db, scope) => runBillingCycle(db, scope) },
  // Invoices past due become overdue and reminders go on their day (lib/invoices/reminders.ts); the test clock drives both in sandbox.
  { id: "invoice-reminders", everySeconds: 60, scope: "merchant", run: (db, scope) => runInvoiceReminders(db, scope) },
  // Sends the mail outbox (lib/mail/send-job.ts): due messages, each claimed under a lease, retried with backoff.
  { id: "mail-delivery", everySeconds: 5, scope: "global", run: (db) => sendDueMail(db) },
  // Sends the text-message outbox (lib/sms/send-job.ts) on the process's SMPP session, under the same leases and retries.
  { id: "sms-delivery", everySeconds: 5, scope: "global", run: (db) => sendDueSms(db) },
  // Writes the reports merchants asked for (lib/books/report-job.ts), each under a lease, and deletes expired files.
  { id: "report-generation", everySeconds: 5, scope: "global", run: (db) => generateDueReports(db) },
  // The request log keeps bodies (masked) for 24 hours: writes prune as they go, this keeps the
  // promise on an instance that receives no API traffic.
  { id: "request-log-retention", everySeconds: 300, scope: "global", run: (db) => pruneRequestLog(db) },
  // Keeps the delta log behind the figures page short (lib/figures/queries.ts); the figures are exact either way.
  { id: "payment-figures-compaction", everySeconds: 5, scope: "global", run: (db) => compactPaymentFigures(db) },
  // Monday-morning summary of last week to owners and finance (lib/figures/weekly-summary.ts), once per member and ISO week.
  { id: "weekly-summary", everySeconds: 3_600, scope: "global", run: (db) => runWeeklySummaries(db) },
  // Last, so events emitted by the jobs above go out in the same pass. The webhook worker below
  // sends within a second; this pass is its safety net and the sandbox clock advance's sender.
  // On Inngest the same cadence drives `sweep-webhooks`, which hands deliveries to Inngest runs
  // instead of sending them in-process (inngest/functions/deliver-webhook.ts).
  { id: "webhook-delivery", everySeconds: 60, scope: "merchant", run: (db, scope) => deliverDue(db, scope) },
];

export function jobById(id: string): Job {
  const job = jobs.find((j) => j.id === id);
  if (!job) throw new Error(`No background job ${id}.`);
  return job;
}

/**
 * Where a worker hands the work it finds when a durable runner (Inngest) performs it: the ids of
 * the new items. Without one, the worker performs the work in this process.
 */
export type HandOff = (ids: string[]) => Promise<void>;

/**
 * Listener-style work that runs continuously in each app process (started by lib/jobs/runner.ts):
 * it reacts to in-process nudges within milliseconds instead of waiting for a timer. Like jobs,
 * workers keep their state in rows and claim with row locks, so any number of processes is safe.
 */
export type Worker = { name: string; start: (getDb: () => Database, handOff?: HandOff) => { stop: () => Promise<void> } };

export const workers: Worker[] = [{ name: "webhook-delivery", start: (getDb, handOff) => startWebhookWorker(getDb, handOff ? { enqueue: handOff } : {}) }];

/** The work a test-clock advance must finish before it returns: every job that evaluates time rules. */
export async function runDueWork(db: Database, scope: JobScope): Promise<void> {
  for (const job of jobs) {
    if (job.scope === "merchant") await job.run(db, scope);
  }
}
