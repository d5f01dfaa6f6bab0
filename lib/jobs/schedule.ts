/**
 * How a job's `everySeconds` (lib/jobs/registry.ts) runs on a cron scheduler such as Inngest,
 * whose finest cron is one minute: a sub-minute job runs as `passes` passes of one per-minute
 * run, `everySeconds` apart; a longer one is one pass per cron tick.
 */
export type CronSchedule = { cron: string; passes: number; gapSeconds: number };

export function cronSchedule(everySeconds: number): CronSchedule {
  if (!Number.isInteger(everySeconds) || everySeconds <= 0) throw new Error(`everySeconds must be a positive integer, not ${everySeconds}`);
  if (everySeconds < 60) {
    if (60 % everySeconds !== 0) throw new Error(`a sub-minute cadence must divide 60 seconds, not ${everySeconds}`);
    return { cron: "* * * * *", passes: 60 / everySeconds, gapSeconds: everySeconds };
  }
  const minutes = everySeconds / 60;
  if (Number.isInteger(minutes) && minutes < 60 && 60 % minutes === 0) {
    return { cron: minutes === 1 ? "* * * * *" : `*/${minutes} * * * *`, passes: 1, gapSeconds: 0 };
  }
  const hours = everySeconds / 3_600;
  if (Number.isInteger(hours) && hours <= 24 && 24 % hours === 0) {
    return { cron: hours === 1 ? "0 * * * *" : hours === 24 ? "0 0 * * *" : `0 */${hours} * * *`, passes: 1, gapSeconds: 0 };
  }
  throw new Error(`no cron expresses every ${everySeconds} seconds: use whole minutes dividing an hour or whole hours dividing a day`);
}
