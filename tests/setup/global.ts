import type { TestProject } from "vitest/node";
import postgres from "postgres";
import { migratePostgresUrl } from "../../db/migrate";

declare module "vitest" {
  export interface ProvidedContext {
    pgServerUrl: string;
    pgTemplate: string;
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
 * Without it, each file migrates its own in-memory PGlite (tests/setup/per-file.ts).
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  project.provide("pgServerUrl", url ?? "");
  project.provide("pgTemplate", "");
  if (!url) return;
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
