import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL("./", import.meta.url)) } },
  test: {
    include: ["lib/**/*.test.ts", "app/**/*.test.ts", "db/**/*.test.ts", "bin/**/*.test.ts", "inngest/**/*.test.ts", "tests/**/*.test.ts", "packages/**/*.test.ts", "server/**/*.test.ts"],
    exclude: ["node_modules/**", "e2e/**", "packages/*/node_modules/**"],
    globalSetup: ["./tests/setup/global.ts"],
    setupFiles: ["./tests/setup/per-file.ts"],
    // No 1 s hold on the 429s of a persistent client (lib/rate-limit/limits.ts) unless a test asks for it.
    // Passwords hashed at bcrypt's lowest cost: at the production cost (12) each sign-up or sign-in
    // of a test spends a quarter of a second in bcrypt (lib/auth/passwords.ts).
    env: { CAURI_LOG: "silent", CAURI_RATE_LIMIT_HOLD_MS: "0", CAURI_PASSWORD_HASH_COST: "4" },
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    fileParallelism: true,
    maxWorkers: 2,
  },
});
