import { cron } from "inngest";
import { db } from "@/db/client";
import { pruneRateLimitCounters } from "@/lib/http/rate-limit";
import { compactPaymentCounts } from "@/lib/payments/counts";
import { inngest } from "../client";

/**
 * The embedded runner's housekeeping jobs, for deployments on Inngest: old rate-limit windows
 * dropped, payment count deltas folded (lib/payments/counts.ts; totals are exact either way,
 * folding keeps them cheap to read).
 */
export const housekeeping = inngest.createFunction(
  { id: "housekeeping", triggers: [cron("* * * * *")], concurrency: { limit: 1 }, retries: 3 },
  async ({ step }) => {
    await step.run("prune-rate-limit-counters", () => pruneRateLimitCounters(db()));
    const folded = await step.run("compact-payment-counts", () => compactPaymentCounts(db()));
    return { folded };
  },
);
