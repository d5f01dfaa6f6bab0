import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL("./", import.meta.url)) } },
  test: {
    include: ["lib/**/*.test.ts", "app/**/*.test.ts", "db/**/*.test.ts", "bin/**/*.test.ts", "inngest/**/*.test.ts", "tests/**/*.test.ts", "packages/**/*.test.ts"],
    exclude: ["node_modules/**", "e2e/**", "packages/*/node_modules/**"],
    globalSetup: ["./tests/setup/global.ts"],
    setupFiles: ["./tests/setup/per-file.ts"],
    env: { CAURI_LOG: "silent" },
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    fileParallelism: true,
    maxWorkers: 2,
  },
});
