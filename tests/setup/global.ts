import type { TestProject } from "vitest/node";
import { PGlite } from "@electric-sql/pglite";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { migratePglite, migratePostgresUrl } from "../../db/migrate";

declare module "vitest" {
  export interface ProvidedContext {
    pgServerUrl: string;
    pgTemplate: string;
    pgliteSnapshot: string;
  }
}

const withDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

/**
 * With DATABASE_URL (CI), migrates one template database; every test file then gets its own
 * copy (CREATE DATABASE … TEMPLATE), so files run in parallel without seeing each other's rows.
 * Without it, one in-memory PGlite is migrated here and its data directory dumped to a file;
 * each test file starts its own PGlite from that dump (tests/setup/per-file.ts), as isolated as
 * before without paying for the migrations again (about 4 s a file).
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  project.provide("pgServerUrl", url ?? "");
  project.provide("pgTemplate", "");
  project.provide("pgliteSnapshot", "");
  if (!url) return pgliteSnapshot(project);
  const template = `cauri_tpl_${process.pid}_${Date.now()}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${template}"`);
  await migratePostgresUrl(withDatabase(url, template));
  project.provide("pgTemplate", template);
  return async () => {
    const rows = await admin<{ datname: string }[]>`select datname from pg_database where datname like ${`cauri_t_${process.pid}_%`} or datname = ${template}`;
    for (const row of rows) await admin.unsafe(`drop database if exists "${row.datname}" with (force)`).catch(() => {});
    await admin.end();
  };
}

async function pgliteSnapshot(project: TestProject) {
  const dir = await mkdtemp(path.join(tmpdir(), "cauri-pglite-"));
  const file = path.join(dir, "migrated.tar");
  const client = new PGlite("memory://");
  try {
    await migratePglite(client);
    // Uncompressed: each file reads it once, and gunzip would cost every file what it saves on disk.
    const dump = await client.dumpDataDir("none");
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await client.close();
  }
  project.provide("pgliteSnapshot", file);
  return () => rm(dir, { recursive: true, force: true });
}
