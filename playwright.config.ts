import { defineConfig, devices } from "@playwright/test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { e2eWorkers, serverDatabaseUrls, serverPort } from "./e2e/support/servers";

// An explicit E2E_BASE_URL points the suite at a server someone else runs; otherwise start ours.
const externalBaseUrl = process.env.E2E_BASE_URL;

// One app server per worker, each on its own database (e2e/support/servers.ts). With
// DATABASE_URL those are the databases scripts/e2e.ts created (E2E_DATABASE_URLS); a bare
// DATABASE_URL without them (playwright run by hand) is one database, so one server and one
// worker. So is an external server, and an embedded data directory named in CAURI_DATA_DIR.
const databaseUrls = serverDatabaseUrls();
const workers =
  externalBaseUrl || (!process.env.DATABASE_URL && process.env.CAURI_DATA_DIR && !process.env.E2E_DATA_DIRS)
    ? 1
    : process.env.DATABASE_URL
      ? Math.max(1, Math.min(e2eWorkers(), databaseUrls.length))
      : e2eWorkers();

// Without DATABASE_URL each server runs on embedded PGlite in an empty data directory of its own.
// They are written back into process.env because this file is evaluated again in every worker:
// workers inherit the list instead of creating their own. Only the process that created the
// directories removes them, after the web servers have stopped.
if (!externalBaseUrl && !process.env.DATABASE_URL && !process.env.E2E_DATA_DIRS) {
  if (process.env.CAURI_DATA_DIR) process.env.E2E_DATA_DIRS = process.env.CAURI_DATA_DIR;
}
if (!externalBaseUrl && !process.env.DATABASE_URL && !process.env.E2E_DATA_DIRS) {
  const dirs = Array.from({ length: workers }, () => mkdtempSync(path.join(tmpdir(), "cauri-e2e-")));
  process.env.E2E_DATA_DIRS = dirs.join(" ");
  process.on("exit", () => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
}
const dataDirs = (process.env.E2E_DATA_DIRS ?? "").split(" ").filter(Boolean);

/** What server `slot` and the helpers talking to its database (the ops CLI, e2e/support) are given. */
function slotEnv(slot: number): Record<string, string> {
  const env: Record<string, string> = {};
  if (process.env.DATABASE_URL && databaseUrls.length > 0) env.DATABASE_URL = databaseUrls[slot]!;
  if (!process.env.DATABASE_URL) env.CAURI_DATA_DIR = dataDirs[slot]!;
  // Rate-limit counters in Redis are per client address, 127.0.0.1 for every worker: a prefix per
  // server keeps one worker's sign-ins from spending another's limits, as its own database does.
  if (process.env.REDIS_URL) env.CAURI_REDIS_PREFIX = `${process.env.CAURI_REDIS_PREFIX || "cauri:rl"}:e2e:${slot}`;
  return env;
}

// Passwords hashed at bcrypt's lowest cost by the app servers, the processes the specs start and
// the ops CLI alike: the production cost (12) made the sign-in specs the slowest (lib/auth/passwords.ts).
process.env.CAURI_PASSWORD_HASH_COST ??= "4";

// In a worker (Playwright numbers them 0..workers-1 in TEST_PARALLEL_INDEX, stable across
// restarts), the specs and their helpers read process.env: point it at this worker's server.
const slot = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
if (!externalBaseUrl && process.env.TEST_PARALLEL_INDEX !== undefined && process.env.E2E_SLOT === undefined) {
  Object.assign(process.env, slotEnv(slot), { E2E_SLOT: String(slot) });
}
const baseURL = externalBaseUrl ?? `http://127.0.0.1:${serverPort(slot)}`;

function serverEnv(slot: number): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined) env[key] = value;
  }
  Object.assign(env, slotEnv(slot));
  env.PORT = String(serverPort(slot));
  // The production build refuses private webhook targets by default; e2e receivers listen on 127.0.0.1.
  env.WEBHOOK_ALLOW_PRIVATE_TARGETS ??= "true";
  // One proxy hop trusted, so a checkout test can stand for a customer's own phone with
  // X-Forwarded-For (e2e/support/customer-ip.ts); requests without the header count as 127.0.0.1.
  env.CAURI_TRUSTED_PROXIES ??= "1";
  return env;
}

// The specs that run app processes of their own beside their worker's server (killed, cut from
// the database, several at once) take the extra ports of e2e/support/servers.ts: one at a time.
const processSpecs = ["**/multi-instance.spec.ts", "**/crash-recovery.spec.ts", "**/v1-dispatch.spec.ts", "**/database-outage.spec.ts", "**/quick-start-dev.spec.ts"];

export default defineConfig({
  testDir: "e2e",
  // Several app instances share one PostgreSQL; the embedded PGlite server multiplexes its clients
  // onto one session and serves a single app process (docs/configuration.md), so the specs that
  // run more app processes on the suite's database (several at once, or one killed and restarted
  // beside the suite's server, or a second server to compare /v1 answers with) run where that
  // deployment exists: with DATABASE_URL (CI).
  testIgnore: process.env.DATABASE_URL ? [] : ["**/multi-instance.spec.ts", "**/crash-recovery.spec.ts", "**/v1-dispatch.spec.ts"],
  outputDir: "test-results",
  // A spec file's tests run in order on one worker (some build on the previous test's state);
  // files are spread over the workers.
  fullyParallel: false,
  workers,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // A 2-core CI box compiles nothing here (next build ran before), but the first request of
  // each page and the ops CLI's tsx start-up are slow; keep failures about behaviour, not time.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"], ["html", { open: "never", outputFolder: "playwright-report" }]] : "list",
  use: {
    baseURL,
    // The service's users are in Mali: French browser, Bamako time, unless a test says otherwise.
    locale: "fr-ML",
    timezoneId: "Africa/Bamako",
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
  },
  projects: [
    { name: "chromium", testIgnore: processSpecs, use: { ...chromium() } },
    { name: "processes", testMatch: processSpecs, workers: 1, use: { ...chromium() } },
  ],
  webServer: externalBaseUrl
    ? undefined
    : Array.from({ length: workers }, (_, slot) => ({
        command: "npx tsx scripts/launch.ts start",
        url: `http://127.0.0.1:${serverPort(slot)}/`,
        reuseExistingServer: false,
        timeout: 180_000,
        env: serverEnv(slot),
        stdout: "pipe" as const,
        stderr: "pipe" as const,
        gracefulShutdown: { signal: "SIGTERM" as const, timeout: 10_000 },
      })),
});

function chromium() {
  return {
    ...devices["Desktop Chrome"],
    launchOptions: {
      executablePath: process.env.PLAYWRIGHT_CHROMIUM_PATH || "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
  };
}
