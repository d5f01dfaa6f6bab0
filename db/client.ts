import { PGlite } from "@electric-sql/pglite";
import { sql, type ExtractTablesWithRelations } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { databaseApplicationName } from "./application-name";
import { withRequestDeadline } from "./availability";
import * as schema from "./schema";

export type Schema = typeof schema;
/** A database or a transaction: domain functions accept either, so callers can pass their tx. */
export type Database = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

/**
 * Sees every SQL statement with its parameters (tests use it to EXPLAIN what the code really
 * runs). One indirect call per query when unset.
 */
type QueryObserver = (query: string, params: unknown[]) => void;
let queryObserver: QueryObserver | null = null;
export function observeQueries(observer: QueryObserver | null): void {
  queryObserver = observer;
}
export const queryLogger = { logQuery: (query: string, params: unknown[]) => queryObserver?.(query, params) };


/**
 * Server-side limits every connection carries (docs/configuration.md): a statement running past
 * DATABASE_STATEMENT_TIMEOUT_MS is cancelled, and a transaction left idle past
 * DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS is ended with its session, so a stuck query or a request
 * that died mid-transaction cannot hold locks and a pool connection for ever. Work that
 * legitimately runs longer asks for it in its own transaction (withStatementTimeout).
 */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 30_000;
export const DEFAULT_IDLE_IN_TRANSACTION_TIMEOUT_MS = 60_000;

export function sessionLimits(env: Record<string, string | undefined> = process.env): { statement_timeout: number; idle_in_transaction_session_timeout: number } {
  const ms = (value: string | undefined, fallback: number) => {
    const n = Number(value);
    return value !== undefined && value !== "" && Number.isInteger(n) && n >= 0 ? n : fallback;
  };
  return {
    statement_timeout: ms(env.DATABASE_STATEMENT_TIMEOUT_MS, DEFAULT_STATEMENT_TIMEOUT_MS),
    idle_in_transaction_session_timeout: ms(env.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS, DEFAULT_IDLE_IN_TRANSACTION_TIMEOUT_MS),
  };
}

/** What a statement of the books (a merchant's whole history summed) may take, far past the default. */
export const LONG_STATEMENT_TIMEOUT_MS = 300_000;

/**
 * Runs `work` in a transaction of its own whose statements may run for `timeoutMs` (0: no limit),
 * for the few jobs that legitimately outlast the connection's statement timeout.
 */
export function withStatementTimeout<T>(database: Database, timeoutMs: number, work: (tx: Database) => Promise<T>): Promise<T> {
  return database.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local statement_timeout = ${Math.max(0, Math.trunc(timeoutMs))}`));
    return work(tx);
  });
}

/**
 * The pool as Drizzle sees it: inside a request scope (db/availability.ts) each query and each
 * transaction runs under the database deadline, so a page, its layout or the sign-in never waits
 * on a frozen server for longer than the API does. Outside one (jobs, the CLI) it is the pool as is.
 */
function underRequestDeadline(client: postgres.Sql, url: string): postgres.Sql {
  type Pending = ReturnType<postgres.Sql["unsafe"]>;
  const guarded = (query: Pending) => {
    const thenable = {
      values() {
        query.values();
        return thenable;
      },
      then<A, B>(onFulfilled?: (value: Awaited<Pending>) => A, onRejected?: (reason: unknown) => B) {
        return withRequestDeadline(() => Promise.resolve(query), url).then(onFulfilled, onRejected);
      },
    };
    return thenable;
  };
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === "unsafe") return (...args: Parameters<postgres.Sql["unsafe"]>) => guarded(target.unsafe(...args));
      if (property === "begin") return (...args: unknown[]) => withRequestDeadline(() => (target.begin as (...a: unknown[]) => Promise<unknown>)(...args), url);
      return Reflect.get(target, property, receiver);
    },
  });
}

export type Handle = { db: Database; driver: "postgres" | "pglite"; close: () => Promise<void> };

/**
 * PostgreSQL through the `postgres` driver when DATABASE_URL is set (production, CI, and the
 * embedded dev database served over the wire by scripts/launch.ts); an in-process PGlite
 * otherwise (tests without DATABASE_URL, the ops CLI when no server holds the data directory).
 */
export function openDatabase(options: { url?: string; pgliteDir?: string; poolMax?: number } = {}): Handle {
  const url = options.url ?? process.env.DATABASE_URL;
  if (url) {
    const client = postgres(url, {
      max: options.poolMax ?? Number(process.env.DATABASE_POOL_MAX ?? 10),
      idle_timeout: 30,
      connect_timeout: Number(process.env.DATABASE_CONNECT_TIMEOUT ?? 5),
      // The embedded PGlite server multiplexes clients onto one session, where named
      // prepared statements of different connections would collide.
      prepare: process.env.DATABASE_PREPARE !== "false",
      onnotice: () => {},
      // The embedded PGlite server runs every client on one session of its own: its limits are not ours to set.
      connection: { application_name: databaseApplicationName(), ...(process.env.CAURI_DATABASE_EMBEDDED === "true" ? {} : sessionLimits()) },
    });
    return { db: drizzlePostgres(underRequestDeadline(client, url), { schema, logger: queryLogger }) as unknown as Database, driver: "postgres", close: () => client.end({ timeout: 5 }) };
  }
  const dir = options.pgliteDir ?? process.env.PGLITE_DATA_DIR ?? "memory://";
  const client = new PGlite(dir);
  return { db: drizzlePglite(client, { schema, logger: queryLogger }) as unknown as Database, driver: "pglite", close: () => client.close() };
}

// Kept on globalThis so Next.js dev reloads reuse one pool instead of leaking connections.
const globalRef = globalThis as unknown as { __cauriDb?: Handle };

export function db(): Database {
  globalRef.__cauriDb ??= openDatabase();
  return globalRef.__cauriDb.db;
}

/** Makes `handle` the process's database (tests with an in-process PGlite, the ops CLI). */
export function setProcessDatabase(handle: Handle): void {
  globalRef.__cauriDb = handle;
}

export function dbDriver(): Handle["driver"] {
  db();
  return globalRef.__cauriDb!.driver;
}

export async function closeDb(): Promise<void> {
  const handle = globalRef.__cauriDb;
  globalRef.__cauriDb = undefined;
  await handle?.close();
}

export { schema };
