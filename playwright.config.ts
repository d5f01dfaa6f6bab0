import { defineConfig, devices } from "@playwright/test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const port = Number(process.env.E2E_PORT ?? 3100);

// An explicit E2E_BASE_URL points the suite at a server someone else runs; otherwise start ours.
const externalBaseUrl = process.env.E2E_BASE_URL;
const baseURL = externalBaseUrl ?? `http://127.0.0.1:${port}`;

// Without DATABASE_URL our server runs on embedded PGlite; give each run an empty data
// directory. It is written back into process.env because this file is evaluated again in every
// worker: workers inherit the variable and reuse the directory instead of creating their own,
// so the ops CLI (e2e/support/merchant.ts) and the web server see the same database.
// Only the process that created the directory removes it, after the web server has stopped.
if (!externalBaseUrl && !process.env.DATABASE_URL && !process.env.CAURI_DATA_DIR) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "cauri-e2e-"));
  process.env.CAURI_DATA_DIR = dataDir;
  process.on("exit", () => rmSync(dataDir, { recursive: true, force: true }));
}

function serverEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined) env[key] = value;
  }
  env.PORT = String(port);
  // The production build refuses private webhook targets by default; e2e receivers listen on 127.0.0.1.
  env.WEBHOOK_ALLOW_PRIVATE_TARGETS ??= "true";
  // One proxy hop trusted, so a checkout test can stand for a customer's own phone with
  // X-Forwarded-For (e2e/support/customer-ip.ts); requests without the header count as 127.0.0.1.
  env.CAURI_TRUSTED_PROXIES ??= "1";
  return env;
}

export default defineConfig({
  testDir: "e2e",
  // Several app instances share one PostgreSQL; the embedded PGlite server multiplexes its clients
  // onto one session and serves a single app process (README, "Configuration"), so the specs that
  // run more app processes on the suite's database (several at once, or one killed and restarted
  // beside the suite's server, or a second server to compare /v1 answers with) run where that
  // deployment exists: with DATABASE_URL (CI).
  testIgnore: process.env.DATABASE_URL ? [] : ["**/multi-instance.spec.ts", "**/crash-recovery.spec.ts", "**/v1-dispatch.spec.ts"],
  outputDir: "test-results",
  fullyParallel: false,
  workers: 1,
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
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: {
          executablePath: process.env.PLAYWRIGHT_CHROMIUM_PATH || "/usr/bin/chromium",
          args: [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
          ],
        },
      },
    },
  ],
  webServer: externalBaseUrl
    ? undefined
    : {
        command: "npx tsx scripts/launch.ts start",
        url: `${baseURL}/`,
        reuseExistingServer: false,
        timeout: 180_000,
        env: serverEnv(),
        stdout: "pipe",
        stderr: "pipe",
        gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
      },
});
