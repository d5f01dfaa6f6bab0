import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

// The layers of docs/architecture.md: app, server, inngest -> lib/http (the HTTP kit) -> the domain -> lib/core, db.
const domainMessage =
  "The domain speaks no HTTP and knows no entry point: take errors, validation and the transaction policy from lib/core, and let the route, page or job that calls you build the answer (docs/architecture.md, \"Layers\").";
const noUpwardFromDomain = {
  patterns: [
    { regex: "^@/lib/http/|^(\\.\\./)+http/|^@/(app|components|server|inngest)/|^next(/|$)", message: domainMessage },
  ],
};
// Entry helpers and wiring that live under lib/ beside the domain: they may use the HTTP kit.
const notDomain = ["lib/http/**", "lib/openapi/**", "lib/jobs/**", "lib/payments/operator-callback.ts", "lib/secure-orders/public.ts"];
const noRunnerInRegistry = {
  patterns: [{ regex: "^(\\./|@/lib/jobs/)runner$|^@/inngest/", message: "The job registry lists jobs and imports no runner: runners are handed the list at start-up (instrumentation.ts, app/api/inngest/route.ts)." }],
};
const noUpwardFromDb = {
  patterns: [{ group: ["@/app/*", "@/components/*", "@/lib/*", "next", "next/*"], message: "db/ imports nothing of ours above it." }],
};

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [".next*/**", "node_modules/**", ".data/**", "next-env.d.ts", "db/migrations/**", "packages/*/dist/**", "test-results/**", "playwright-report/**"],
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // Test code reads loosely typed JSON bodies; the assertions are the type checks there.
    files: ["**/*.test.ts", "tests/**/*.ts", "e2e/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    files: ["lib/**/*.ts", "lib/**/*.tsx"],
    ignores: [...notDomain, "**/*.test.ts", "lib/**/test-support.ts"],
    rules: {
      "no-restricted-imports": ["error", noUpwardFromDomain],
      "no-restricted-globals": ["error", { name: "Response", message: domainMessage }],
    },
  },
  { files: ["lib/jobs/registry.ts"], rules: { "no-restricted-imports": ["error", noRunnerInRegistry] } },
  { files: ["db/**/*.ts"], rules: { "no-restricted-imports": ["error", noUpwardFromDb] } },
];

export default config;
