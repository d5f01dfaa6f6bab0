import { AsyncLocalStorage } from "node:async_hooks";
import postgres from "postgres";
import { isDatabaseUnavailable } from "../lib/http/db-errors";
import { databaseApplicationName } from "./application-name";

/**
 * Bounds how long a request waits on a database that does not answer. A stopped server fails
 * connections at once, but a frozen or unreachable one (SIGSTOP, a dropped network) accepts TCP and
 * never replies, and the driver queues every query behind it with no limit: requests used to hang
 * for the whole outage. So work that runs past `DATABASE_PROBE_AFTER_MS` asks the server, on a
 * connection of its own, to answer `select 1` within `DATABASE_PROBE_TIMEOUT_MS`; if it cannot, the
 * work is abandoned with a DatabaseUnavailableError (503 SERVICE_UNAVAILABLE) and the pool finishes
 * or fails the stuck query by itself when the server is back. A slow request on a healthy database
 * (an operator call, a large export) is never cut: the probe answers, and it keeps waiting.
 */
const probeAfterMs = () => Number(process.env.DATABASE_PROBE_AFTER_MS ?? 1_000);
const probeTimeoutMs = () => Number(process.env.DATABASE_PROBE_TIMEOUT_MS ?? 1_200);
// A verdict is reused this long, so a burst of slow requests sends one probe, not one each.
const VERDICT_TTL_MS = 500;

export class DatabaseUnavailableError extends Error {
  readonly code = "DATABASE_DEADLINE";
  constructor() {
    super("the database did not answer a probe in time");
  }
}

type Probe = { client: postgres.Sql; url: string };
const globalRef = globalThis as unknown as { __cauriDbProbe?: Probe; __cauriDbVerdict?: { url: string; at: number; up: Promise<boolean> } };

function probeClient(url: string): postgres.Sql {
  const current = globalRef.__cauriDbProbe;
  if (current?.url === url) return current.client;
  void current?.client.end({ timeout: 0 });
  const client = postgres(url, { max: 1, connect_timeout: 1, prepare: false, onnotice: () => {}, connection: { application_name: databaseApplicationName() } });
  globalRef.__cauriDbProbe = { client, url };
  // Connect now, so that a probe is one round trip on an open connection, not a connection set-up.
  client`select 1`.catch(() => {});
  return client;
}

/** Whether the server answers `select 1` within the probe timeout; shared by concurrent callers. */
export function databaseAnswers(url: string): Promise<boolean> {
  const verdict = globalRef.__cauriDbVerdict;
  if (verdict?.url === url && Date.now() - verdict.at < VERDICT_TTL_MS) return verdict.up;
  const up = new Promise<boolean>((resolve) => {
    // A busy event loop runs due timers before it reads sockets: the verdict waits for that read
    // (setImmediate), so a reply that arrived in time is never judged late because of our own lag.
    const timer = setTimeout(() => setImmediate(() => resolve(false)), probeTimeoutMs());
    probeClient(url)`select 1`.then(
      () => resolve(true),
      () => resolve(false),
    ).finally(() => clearTimeout(timer));
  });
  globalRef.__cauriDbVerdict = { url, at: Date.now(), up };
  return up;
}

/**
 * Runs `work`, abandoning it with DatabaseUnavailableError once it has run past the probe delay
 * and the database fails the probe. Without a PostgreSQL server (the in-process PGlite of tests,
 * the embedded database of `npm run dev`) the work runs as is.
 */
export async function withDatabaseDeadline<T>(work: () => Promise<T>, url = process.env.DATABASE_URL): Promise<T> {
  // The embedded PGlite server (scripts/launch.ts) runs every client on one session in this
  // machine's own process: a probe would queue behind the work it judges, and it cannot freeze apart.
  if (!url || process.env.CAURI_DATABASE_EMBEDDED === "true") return work();
  probeClient(url);
  let timer: NodeJS.Timeout | undefined;
  let done = false;
  const running = work();
  const watchdog = new Promise<never>((_, reject) => {
    const check = async () => {
      const up = await databaseAnswers(url);
      if (done) return;
      if (!up) return reject(new DatabaseUnavailableError());
      timer = setTimeout(check, probeAfterMs());
    };
    timer = setTimeout(check, probeAfterMs());
  });
  try {
    return await Promise.race([running, watchdog]);
  } finally {
    done = true;
    clearTimeout(timer);
    // The abandoned work may still fail when the server returns; that outcome has no one to tell.
    running.catch(() => {});
  }
}

/**
 * One request served by Next.js (pages, their layouts and metadata, the proxy, sign-in), opened
 * by the custom server (server/page-outage.ts). Inside it every query runs under the deadline
 * above (db/client.ts), and a database found unreachable is noted, so that the server answers the
 * outage page with 503 instead of the 500 Next.js renders for a failed page. Kept on globalThis:
 * the server and Next.js's bundles hold different copies of this module.
 */
export type RequestScope = { databaseUnavailable: boolean };
const scopeRef = globalThis as unknown as { __cauriRequestScope?: AsyncLocalStorage<RequestScope> };
const requestScopes = (scopeRef.__cauriRequestScope ??= new AsyncLocalStorage<RequestScope>());

export function runInRequestScope<T>(scope: RequestScope, work: () => T): T {
  return requestScopes.run(scope, work);
}

/** Runs `work` under the database deadline when inside a request scope, noting an unreachable database there. */
export function withRequestDeadline<T>(work: () => Promise<T>, url?: string): Promise<T> {
  const scope = requestScopes.getStore();
  if (!scope) return work();
  return withDatabaseDeadline(work, url).catch((error: unknown) => {
    if (isDatabaseUnavailable(error)) scope.databaseUnavailable = true;
    throw error;
  });
}
