import { cron } from "inngest";
import { db } from "@/db/client";
import { runPartnerRoyalties } from "@/lib/partner/royalty";
import { inngest } from "../client";

/**
 * The monthly partner royalty (lib/partner/royalty.ts `runPartnerRoyalties`, the same function the
 * embedded runner calls): credits the previous calendar month's royalty of each partner merchant.
 * It runs daily at 00:15 (Africa/Bamako = UTC): the 1st's run pays, later runs find the month
 * recorded and pay nothing (unique per merchant and month), and catch up if the 1st's run failed.
 */
export const partnerRoyalty = inngest.createFunction(
  { id: "partner-royalty", triggers: [cron("15 0 * * *")], concurrency: { limit: 1 }, retries: 3 },
  async ({ step }) =>
    step.run("credit-previous-month", async () => {
      const run = await runPartnerRoyalties(db());
      return { month: run.month, credited: run.credited.length, already_recorded: run.alreadyRecorded };
    }),
);
