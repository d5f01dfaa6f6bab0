import type { Job } from "@/lib/jobs/registry";
import { deliverWebhook, sweepWebhooks } from "./deliver-webhook";
import { scheduledFunctions } from "./scheduled";

/** Every Inngest function of the app for the job list it is handed (lib/jobs/registry.ts), served by app/api/inngest/route.ts. */
export function inngestFunctions(jobs: readonly Job[]) {
  const delivery = jobs.find((job) => job.id === "webhook-delivery");
  return [deliverWebhook, ...(delivery ? [sweepWebhooks(delivery.everySeconds)] : []), ...scheduledFunctions(jobs)];
}
