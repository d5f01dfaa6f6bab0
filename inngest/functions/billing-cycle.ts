import { cron } from "inngest";
import { db } from "@/db/client";
import { runBillingCycle } from "@/lib/billing/cycle";
import { inngest } from "../client";

/**
 * Every minute: the billing cycle (lib/billing/cycle.ts `runBillingCycle`, the same function the
 * embedded runner and the sandbox clock advance call). Each due subscription gets one collection
 * for its period; row locks and the unique (subscription, period) row make an overlapping or
 * retried run charge nothing twice.
 */
export const billingCycle = inngest.createFunction(
  { id: "billing-cycle", triggers: [cron("* * * * *")], concurrency: { limit: 1 }, retries: 2 },
  async ({ step }) => step.run("charge-due-subscriptions", () => runBillingCycle(db())),
);
