import { availableParallelism } from "node:os";

/**
 * How the Playwright suite lays out its app servers: one per worker, each on its own database,
 * so a spec that counts rows, stops the scheduler or starts extra processes on "the suite's
 * database" sees only its own worker's. Shared by playwright.config.ts (which starts the servers
 * and, in each worker, picks the worker's) and scripts/e2e.ts (which creates their databases).
 */

/** The suite's base port: the first server's, and the base of the extra processes' ports (e2e/support/instance.ts extraPort). */
export const basePort = () => Number(process.env.E2E_PORT ?? 3100);

/**
 * Workers, from E2E_WORKERS or the machine's cores: each worker drives a browser and its own
 * server, both CPU-bound, so more workers than cores only queue. At most 5, the ports below.
 */
export function e2eWorkers(): number {
  const asked = Number(process.env.E2E_WORKERS);
  const count = Number.isInteger(asked) && asked > 0 ? asked : availableParallelism();
  return Math.max(1, Math.min(count, SERVER_OFFSETS.length));
}

// Offsets 1, 2, 7 and 8 are the extra app processes of multi-instance, crash-recovery and
// v1-dispatch (extraPort); 9 is E2E_OUTAGE_PORT by convention and 10 the dev server of
// quick-start-dev. Those specs run one at a time
// (playwright.config.ts, the "processes" project), so the servers take the offsets left over.
const SERVER_OFFSETS = [0, 3, 4, 5, 6];

/** The port of worker `slot`'s server. */
export const serverPort = (slot: number) => basePort() + SERVER_OFFSETS[slot]!;

/** The PostgreSQL databases scripts/e2e.ts created for the servers, one per worker, in order. */
export function serverDatabaseUrls(): string[] {
  return (process.env.E2E_DATABASE_URLS ?? "").split(" ").filter(Boolean);
}
