import type { Database } from "@/db/client";
import { log } from "@/lib/log";
import type { HandOff, Job, Worker } from "./registry";

/**
 * The embedded runner: timers in the app process, used when Inngest is not configured.
 * An overlap guard keeps one run of a job at a time per process; across processes the jobs'
 * own row locks keep the work exactly-once.
 */
// The stop of what this process started, on globalThis: Next.js's bundle starts the runner
// (instrumentation.ts) and the server's own copy of lib/ stops it on SIGTERM (server/main.ts).
const globalRef = globalThis as unknown as { __cauriStopBackgroundWork?: () => void };

/** Stops this process's job timers and workers (before its database closes on shutdown). */
export function stopBackgroundWork(): void {
  globalRef.__cauriStopBackgroundWork?.();
  globalRef.__cauriStopBackgroundWork = undefined;
}

/** Times each of `jobs` in this process and starts `workers`, which perform their work here. */
export function startEmbeddedRunner(getDb: () => Database, { jobs, workers }: { jobs: readonly Job[]; workers: readonly Worker[] }): () => void {
  const timers: NodeJS.Timeout[] = [];
  for (const job of jobs) {
    let running = false;
    const tick = async () => {
      if (running) return;
      running = true;
      try {
        await job.run(getDb());
      } catch (error) {
        log("error", "job failed", { job: job.id, error: error instanceof Error ? error.message : String(error) });
      } finally {
        running = false;
      }
    };
    timers.push(setInterval(tick, job.everySeconds * 1_000));
    setTimeout(tick, 1_000);
  }
  const stopWorkers = startWorkers(getDb, workers);
  const stop = () => {
    timers.forEach(clearInterval);
    stopWorkers();
  };
  globalRef.__cauriStopBackgroundWork = stop;
  return stop;
}

/**
 * Starts listener-style workers in this process (the embedded runner does it; with Inngest,
 * instrumentation.ts starts them with Inngest's hand-offs, so they only hand work over).
 */
export function startWorkers(getDb: () => Database, workers: readonly Worker[], handOffs: Record<string, HandOff> = {}): () => void {
  const running = workers.map((worker) => {
    try {
      return worker.start(getDb, handOffs[worker.name]);
    } catch (error) {
      log("error", "worker failed to start", { worker: worker.name, error: error instanceof Error ? error.message : String(error) });
      return null;
    }
  });
  const stop = () => {
    for (const handle of running) void handle?.stop();
  };
  globalRef.__cauriStopBackgroundWork ??= stop;
  return stop;
}

export const inngestConfigured = (): boolean => Boolean(process.env.INNGEST_EVENT_KEY && process.env.INNGEST_SIGNING_KEY);
