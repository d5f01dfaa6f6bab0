import { InngestTestEngine } from "@inngest/test";
import { jobById, jobs } from "@/lib/jobs/registry";
import { cronSchedule } from "@/lib/jobs/schedule";
import { inngestFunctions } from "./index";
import { scheduledFunctions } from "./scheduled";

/** The ids of the functions app/api/inngest/route.ts serves for the job list. */
export const servedFunctionIds = () => inngestFunctions(jobs).map((f) => f.id());

export function scheduledFunction(id: string) {
  const fn = scheduledFunctions(jobs).find((f) => f.id() === id || f.id().endsWith(`-${id}`));
  if (!fn) throw new Error(`No scheduled Inngest function for job ${id}.`);
  return fn;
}

/**
 * One cron tick of a job's Inngest function, run to the end: its durable sleeps between passes
 * are let through at once (the test engine needs each one mocked).
 */
export async function tick(id: string) {
  const { passes } = cronSchedule(jobById(id).everySeconds);
  const sleeps = Array.from({ length: passes - 1 }, (_, i) => ({ id: `wait-${i + 1}`, handler: () => undefined }));
  const run = await new InngestTestEngine({ function: scheduledFunction(id), events: [{ name: "inngest/scheduled.timer", data: {} }] }).execute({ steps: sleeps });
  return { ...run, result: run.result as { job: string; passes: unknown[] } | undefined };
}
