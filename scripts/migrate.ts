import { PGlite } from "@electric-sql/pglite";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { migratePglite, migratePostgresUrl } from "../db/migrate";
import { dataDir, runningEmbeddedUrl } from "./embedded-db";

/** `npm run db:migrate`: the database of DATABASE_URL, else the embedded one (served or not). */
const url = process.env.DATABASE_URL ?? (await runningEmbeddedUrl());
if (url) {
  await migratePostgresUrl(url);
} else {
  mkdirSync(dataDir(), { recursive: true });
  const client = await PGlite.create(path.join(dataDir(), "pglite"));
  await migratePglite(client);
  await client.close();
}
console.log("migrations applied");
