/**
 * `npm run test:e2e`: build, give the run its own empty database, run Playwright, clean up.
 * Arguments are passed to `playwright test` (e.g. `npm run test:e2e -- e2e/smoke.spec.ts`).
 *
 *   E2E_SKIP_BUILD=1   reuse the existing .next build
 *   DATABASE_URL       a PostgreSQL server on which a throwaway database is created and
 *                      dropped; without it the app uses a fresh embedded PGlite directory
 *                      (see playwright.config.ts)
 */
import { spawn, type ChildProcess } from "node:child_process";
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

  if (process.env.E2E_SKIP_BUILD === "1") {
    section("next build skipped (E2E_SKIP_BUILD=1)");
  } else {
    section("next build");
    const code = await run("npm", ["run", "build"], env);
    if (code !== 0) return code;
  }

  let drop: (() => Promise<void>) | undefined;
  if (process.env.DATABASE_URL) {
    section("throwaway database");
    const database = await createThrowawayDatabase(process.env.DATABASE_URL, "cauri_e2e");
    drop = database.drop;
    env.DATABASE_URL = database.url;
    process.stdout.write(`created ${new URL(database.url).pathname.slice(1)}\n`);
  }

  // Stay alive on Ctrl-C or a CI timeout so the database is dropped: Ctrl-C already reaches
  // Playwright through the shared process group, a SIGTERM aimed at us alone is passed on.
  process.on("SIGINT", () => {});
  process.on("SIGTERM", () => current?.kill("SIGTERM"));
  try {
    section("playwright test");
    return await run("npx", ["playwright", "test", ...process.argv.slice(2)], env);
  } finally {
    if (drop) {
      section("drop throwaway database");
      await drop();
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
