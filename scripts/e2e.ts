/**
 * `npm run test:e2e`: build, give the run its own empty database, run Playwright, clean up.
 * Arguments are passed to `playwright test` (e.g. `npm run test:e2e -- e2e/smoke.spec.ts`).
 *
 *   E2E_SKIP_BUILD=1   reuse the existing .next build
 *   DATABASE_URL       a PostgreSQL server on which throwaway databases are created and
 *                      dropped, one per Playwright worker (each worker has its own app server);
 *                      without it each server uses a fresh embedded PGlite directory
 *                      (see playwright.config.ts)
 *   E2E_WORKERS        workers, and so app servers (default: one per core, e2e/support/servers.ts)
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { e2eWorkers } from "../e2e/support/servers";
import { createThrowawayDatabase } from "./throwaway-database";

let current: ChildProcess | undefined;

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: "inherit", env });
    current = child;
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      current = undefined;
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

function section(title: string) {
  process.stdout.write(`\n=== ${title} ===\n`);
}

async function main(): Promise<number> {
  const env: NodeJS.ProcessEnv = { ...process.env };

  // Said before a build of several minutes, not by the first test's launch error.
  const chromium = process.env.PLAYWRIGHT_CHROMIUM_PATH || "/usr/bin/chromium";
  if (!existsSync(chromium)) {
    process.stderr.write(`The Playwright suite needs Chromium at ${chromium} (apt-get install chromium, or set PLAYWRIGHT_CHROMIUM_PATH); .ci/run installs it.\n`);
    return 1;
  }

  if (process.env.E2E_SKIP_BUILD === "1") {
    section("next build skipped (E2E_SKIP_BUILD=1)");
  } else {
    section("next build");
    const code = await run("npm", ["run", "build"], env);
    if (code !== 0) return code;
  }

  const drops: (() => Promise<void>)[] = [];
  if (process.env.DATABASE_URL) {
    section("throwaway databases");
    const urls: string[] = [];
    try {
      const servers = process.env.E2E_BASE_URL ? 1 : e2eWorkers();
      for (let slot = 0; slot < servers; slot++) {
        const database = await createThrowawayDatabase(process.env.DATABASE_URL, `cauri_e2e${slot}`);
        drops.push(database.drop);
        urls.push(database.url);
        process.stdout.write(`created ${database.name}\n`);
      }
    } catch (error) {
      for (const drop of drops) await drop();
      throw error;
    }
    env.DATABASE_URL = urls[0];
    env.E2E_DATABASE_URLS = urls.join(" ");
  }

  // Stay alive on Ctrl-C or a CI timeout so the database is dropped: Ctrl-C already reaches
  // Playwright through the shared process group, a SIGTERM aimed at us alone is passed on.
  process.on("SIGINT", () => {});
  process.on("SIGTERM", () => current?.kill("SIGTERM"));
  try {
    section("playwright test");
    return await run("npx", ["playwright", "test", ...process.argv.slice(2)], env);
  } finally {
    if (drops.length > 0) {
      section("drop throwaway databases");
      for (const drop of drops) await drop();
    }
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
