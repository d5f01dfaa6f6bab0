import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { readFile } from "node:fs/promises";
import postgres from "postgres";
import { afterAll, inject } from "vitest";
import { closeDb, openDatabase, queryLogger, schema, setProcessDatabase, type Database } from "../../db/client";
import { closeRateLimits } from "../../lib/rate-limit/limits";

const serverUrl = inject("pgServerUrl");
const template = inject("pgTemplate");
const snapshot = inject("pgliteSnapshot");

async function createFromTemplate(): Promise<string> {
  const name = `cauri_t_${process.ppid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    // Two files copying the template at the same instant can collide; a short retry settles it.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.unsafe(`create database "${name}" template "${template}"`);
        break;
      } catch (error) {
        if (attempt >= 20) throw error;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
  } finally {
    await admin.end();
  }
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

// With REDIS_URL set, files count in Redis side by side: each under its own prefix, as a fresh database each.
process.env.CAURI_REDIS_PREFIX = `${process.env.CAURI_REDIS_PREFIX || "cauri:rl"}:test:${process.pid}:${Date.now()}`;

if (template) {
  const url = await createFromTemplate();
  process.env.DATABASE_URL = url;
  setProcessDatabase(openDatabase({ url }));
} else {
  delete process.env.DATABASE_URL;
  // A fresh in-memory database per file, started from the data directory migrated once (tests/setup/global.ts).
  const client = new PGlite("memory://", { loadDataDir: new Blob([await readFile(snapshot)]) });
  // Started before the file's tests run: a PGlite still unpacking would hold the event loop under their timing checks.
  await client.waitReady;
  setProcessDatabase({ db: drizzle(client, { schema, logger: queryLogger }) as unknown as Database, driver: "pglite", close: () => client.close() });
}

afterAll(async () => {
  await closeRateLimits();
  await closeDb();
});
