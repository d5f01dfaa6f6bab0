import { cron } from "inngest";
import { db } from "@/db/client";
import { expireDuePayments } from "@/lib/payments/expire";
import { inngest } from "../client";

/**
 * The expiry sweep (lib/payments/expire.ts, the same function the embedded runner calls every
 * 5 s): unpaid payments past expires_at become EXPIRED with their `payment.expired` event even when
 * nobody reads them. Every minute, the finest an Inngest cron goes; a read in between expires a
 * due payment on the spot anyway.
 */
export const paymentExpiry = inngest.createFunction(
  { id: "payment-expiry", triggers: [cron("* * * * *")], concurrency: { limit: 1 }, retries: 3 },
  async ({ step }) => step.run("expire-due-payments", async () => ({ expired: await expireDuePayments(db()) })),
);
