import { cron } from "inngest";
import { db } from "@/db/client";
import type { Job } from "@/lib/jobs/registry";
import { cronSchedule } from "@/lib/jobs/schedule";
import { inngest } from "../client";

/**
 * One Inngest function per background job of lib/jobs/registry.ts, with the job's own id and
 * cadence: the same list the embedded runner times. A sub-minute job runs as several passes of a
 * per-minute run with durable sleeps between them (`pass-N`, `wait-N`). `concurrency: 1` keeps
 * one run of a job at a time, as the embedded runner's overlap guard does in one process.
 */
function scheduledFunction(job: Job) {
  const schedule = cronSchedule(job.everySeconds);
  return inngest.createFunction(
    { id: job.id, triggers: [cron(schedule.cron)], concurrency: { limit: 1 }, retries: 3 },
    async ({ step }) => {
      const passes: unknown[] = [];
      for (let pass = 1; pass <= schedule.passes; pass++) {
        if (pass > 1) await step.sleep(`wait-${pass - 1}`, `${schedule.gapSeconds}s`);
        passes.push(await step.run(`pass-${pass}`, async () => (await job.run(db())) ?? null));
      }
      return { job: job.id, passes };
    },
  );
}

// On Inngest, webhook delivery is its own pair of functions (deliver-webhook.ts): each delivery is
// a durable run, and `sweep-webhooks` takes the job's cadence.
export const scheduledFunctions = (jobs: readonly Job[]) => jobs.filter((job) => job.id !== "webhook-delivery").map(scheduledFunction);
