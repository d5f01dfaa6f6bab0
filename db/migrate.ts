import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as runPgliteMigrations } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import path from "node:path";
import postgres from "postgres";

export const migrationsFolder = path.resolve(process.cwd(), "db/migrations");

// Any constant works; it only has to be the same for every instance that migrates.
const MIGRATION_LOCK = 727_001;

/** Applies committed migrations; instances starting together serialize on an advisory lock. */
export async function migratePostgresUrl(url: string): Promise<void> {
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await client`select pg_advisory_lock(${MIGRATION_LOCK})`;
    await migratePostgres(drizzlePostgres(client), { migrationsFolder });
    await client`select pg_advisory_unlock(${MIGRATION_LOCK})`;
  } finally {
    await client.end({ timeout: 5 });
  }
}

export async function migratePglite(client: PGlite): Promise<void> {
  await runPgliteMigrations(drizzlePglite(client), { migrationsFolder });
}
