import { describe, expect, it } from "vitest";
import { inngestFunctions } from "@/inngest/functions";
import { jobs } from "./registry";
import { cronSchedule } from "./schedule";

describe("cronSchedule", () => {
  it.each([
    [5, { cron: "* * * * *", passes: 12, gapSeconds: 5 }],
    [15, { cron: "* * * * *", passes: 4, gapSeconds: 15 }],
    [30, { cron: "* * * * *", passes: 2, gapSeconds: 30 }],
    [60, { cron: "* * * * *", passes: 1, gapSeconds: 0 }],
    [300, { cron: "*/5 * * * *", passes: 1, gapSeconds: 0 }],
    [3_600, { cron: "0 * * * *", passes: 1, gapSeconds: 0 }],
    [21_600, { cron: "0 */6 * * *", passes: 1, gapSeconds: 0 }],
    [86_400, { cron: "0 0 * * *", passes: 1, gapSeconds: 0 }],
  ])("every %i s runs as %o", (seconds, expected) => {
    expect(cronSchedule(seconds)).toEqual(expected);
  });

  it.each([0, -5, 7, 1.5, 90, 4_200, 7 * 3_600, 2 * 86_400])("refuses a cadence no cron expresses: %s", (seconds) => {
    expect(() => cronSchedule(seconds)).toThrow();
  });
});

describe("one job list for both runners", () => {
  it("every job has a cadence a cron can run, and ids are unique", () => {
    for (const job of jobs) expect(() => cronSchedule(job.everySeconds)).not.toThrow();
    expect(new Set(jobs.map((j) => j.id)).size).toBe(jobs.length);
  });

  it("Inngest serves one function per job, under the job's id, on the job's cadence", () => {
    const served = new Map(inngestFunctions(jobs).map((f) => [f.id().replace(/^cauri-/, ""), f]));
    for (const job of jobs) {
      const id = job.id === "webhook-delivery" ? "sweep-webhooks" : job.id;
      const fn = served.get(id);
      expect(fn, `no Inngest function for ${job.id}`).toBeDefined();
      const triggers = (fn as unknown as { opts: { triggers: { cron?: string }[] } }).opts.triggers;
      expect(triggers.map((t) => t.cron)).toEqual([cronSchedule(job.everySeconds).cron]);
    }
  });
});
