import { PGlite } from "@electric-sql/pglite";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import postgres from "postgres";
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
 * How this process's connections appear in pg_stat_activity (CAURI_INSTANCE_NAME:pid): one
 * process holds one pool, whichever copy of this module opened it (README, "Architecture").
 */
export const databaseApplicationName = () => `${process.env.CAURI_INSTANCE_NAME ?? "cauri"}:${process.pid}`;

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
      connection: { application_name: databaseApplicationName() },
    });
    return { db: drizzlePostgres(client, { schema, logger: queryLogger }) as unknown as Database, driver: "postgres", close: () => client.end({ timeout: 5 }) };
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
