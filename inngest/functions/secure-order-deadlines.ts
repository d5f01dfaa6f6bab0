import { cron } from "inngest";
import { db } from "@/db/client";
import { cancelUnpaidOrders, refundOverdueOrders } from "@/lib/secure-orders/deadlines";
import { inngest } from "../client";

/**
 * Every minute: the secure-order deadlines (lib/secure-orders/deadlines.ts, the same functions
 * the embedded runner and the sandbox clock advance call). Unpaid orders past pay_before are
 * CANCELLED; held orders past their delivery deadline are REFUNDED without waiting for a
 * confirmation. Each order is re-checked under its row lock (SKIP LOCKED), so an overlapping or
 * retried run changes nothing twice; each merchant's clock (the sandbox test clock) applies.
 */
export const secureOrderDeadlines = inngest.createFunction(
  { id: "secure-order-deadlines", triggers: [cron("* * * * *")], concurrency: { limit: 1 }, retries: 2 },
  async ({ step }) => {
    const cancelled = await step.run("cancel-unpaid-past-pay-before", () => cancelUnpaidOrders(db()));
    const refunded = await step.run("refund-held-past-delivery-deadline", () => refundOverdueOrders(db()));
    return { cancelled, refunded };
  },
);
