import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { drizzle } from "drizzle-orm/pglite";
import { schema, type Database } from "../db/client";
import { migratePglite, migratePostgresUrl } from "../db/migrate";
import { seedDemoMerchant } from "../lib/platform/demo";
import { openDatabase } from "../db/client";
import { dataDir, runningEmbeddedUrl, serveEmbeddedDatabase } from "./embedded-db";
import { serverMemorySettings } from "../lib/process/memory";
import { recordRunningApp } from "./running-app";

/**
 * `npm run dev` / `npm start`: migrate, seed the demo merchant on the embedded database, then
 * run Next.js. Without DATABASE_URL this process serves the PGlite data directory over the
 * wire (scripts/embedded-db.ts) and hands its URL to Next.js and to `npm run ops`.
 */
const command = process.argv[2] === "dev" ? "dev" : "start";
const port = process.env.PORT ?? "3000";
// Absolute, so the server and the ops CLI find the same data directory (secret key, embedded
// database) whatever their working directory.
const env: NodeJS.ProcessEnv = { ...process.env, PORT: port, CAURI_DATA_DIR: dataDir() };
let stopEmbedded: (() => Promise<void>) | null = null;

function announce(result: Awaited<ReturnType<typeof seedDemoMerchant>>) {
  const origin = `http://localhost:${port}`;
  const sign = result.credentials?.dashboard;
  if (result.created && result.credentials) {
    console.log(`\n  Demo merchant created. Test key (shown once, also saved in ${result.file}):\n\n    ${result.credentials.test_key}\n`);
    // The key itself is printed once, above; the hint reads it from the file instead of repeating it.
    console.log(`  Try: curl -H "Authorization: Bearer $(node -p "require('${result.file}').test_key")" ${origin}/v1/payments`);
  } else {
    console.log(`\n  Demo merchant ready; its test key is in ${result.file}`);
  }
  console.log(`  Docs:      ${origin}/docs`);
  if (sign) console.log(`  Dashboard: ${origin}/signin  (${sign.email}, password in ${result.file}${result.created ? `: ${sign.password}` : ""})`);
  console.log("");
}

if (process.env.DATABASE_URL) {
  await migratePostgresUrl(process.env.DATABASE_URL);
  if (process.env.CAURI_SEED_DEMO === "true") {
    const handle = openDatabase({ poolMax: 1 });
    announce(await seedDemoMerchant(handle.db, dataDir()));
    await handle.close();
  }
} else if (await runningEmbeddedUrl()) {
  // Another instance already serves this data directory: join it instead of opening it twice.
  Object.assign(env, { DATABASE_URL: await runningEmbeddedUrl(), DATABASE_POOL_MAX: "1", DATABASE_PREPARE: "false", CAURI_DATABASE_EMBEDDED: "true" });
} else {
  const server = await serveEmbeddedDatabase(async (client) => {
    await migratePglite(client);
    if (process.env.CAURI_SEED_DEMO !== "false") announce(await seedDemoMerchant(drizzle(client, { schema }) as unknown as Database, dataDir()));
  });
  stopEmbedded = server.stop;
  Object.assign(env, { DATABASE_URL: server.url, DATABASE_POOL_MAX: "1", DATABASE_PREPARE: "false", CAURI_DATABASE_EMBEDDED: "true" });
}

// `npm start` runs our server (server/main.ts: the edge, /v1 dispatched directly, Next.js for the
// rest) on the build `npm run build` produced; `npm run dev` runs next dev.
const distDir = path.resolve(process.env.NEXT_DIST_DIR ?? ".next");
const nextBin = new URL("../node_modules/next/dist/bin/next", import.meta.url).pathname;
if (command === "start" && !existsSync(path.join(distDir, "BUILD_ID"))) {
  console.error("No production build found: run `npm run build` first.");
  await stopEmbedded?.();
  process.exit(1);
}
// The embedded database serves one app process (docs/configuration.md): one worker there.
if (env.DATABASE_PREPARE === "false") env.CAURI_WORKERS = "1";
if (command === "start") Object.assign(env, serverMemorySettings(env));
const serverMain = new URL("../server/main.ts", import.meta.url).pathname;
const child: ChildProcess =
  command === "start"
    ? spawn(process.execPath, ["--import", "tsx", serverMain], { stdio: "inherit", env: { ...env, NODE_ENV: "production" } })
    : spawn(process.execPath, [nextBin, "dev", "-p", port], { stdio: "inherit", env });

const forgetRunningApp = recordRunningApp(env.CAURI_PUBLIC_URL?.replace(/\/+$/, "") || `http://localhost:${port}`, child.pid);

let stopping = false;
async function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  forgetRunningApp();
  if (child.exitCode === null) child.kill("SIGTERM");
  await stopEmbedded?.();
  process.exit(code);
}
child.on("exit", (code) => void shutdown(code ?? 0));
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void shutdown(0));
