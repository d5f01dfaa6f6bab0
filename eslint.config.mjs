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
// Outside the domain under lib/: the HTTP kit alone, lib/http/ — the entry helpers (route(), accountRoute(), runAction(),
// the page helpers and the session of a page, the operator callback, readiness), the envelope and pipeline, CSRF and cookies,
// and the OpenAPI description of the HTTP contract (lib/http/openapi/). Test code may call an entry point.
const notDomain = ["lib/http/**"];
const testCode = ["**/*.test.ts", "**/*.test.tsx", "**/test-support.ts"];
const noRunnerInRegistry = {
  patterns: [
    ...noUpwardFromDomain.patterns,
    { regex: "^(\\./|@/lib/jobs/)runner$", message: "The job registry lists jobs and imports no runner: runners are handed the list at start-up (instrumentation.ts, app/api/inngest/route.ts; docs/architecture.md, \"Layers\")." },
  ],
};
const noDatabaseInEntries = {
  patterns: [
    {
      regex: "^(@/|(\\.\\./)+)db/client$",
      message: "Pages, routes and actions get the database from their entry helper (dashboardPage, opsPage, publicPage, publicAction, route, accountRoute, runAction): no import of db/client under app/ or components/ (docs/architecture.md, \"Layers\").",
    },
  ],
};
const noUpwardFromDb = {
  patterns: [{ group: ["@/app/*", "@/components/*", "@/lib/*", "next", "next/*"], message: "db/ imports nothing of ours above it (docs/architecture.md, \"Layers\")." }],
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
    ignores: [...notDomain, ...testCode],
    rules: {
      "no-restricted-imports": ["error", noUpwardFromDomain],
      "no-restricted-globals": ["error", { name: "Response", message: domainMessage }],
    },
  },
  { files: ["lib/jobs/registry.ts"], rules: { "no-restricted-imports": ["error", noRunnerInRegistry] } },
  { files: ["db/**/*.ts"], rules: { "no-restricted-imports": ["error", noUpwardFromDb] } },
  { files: ["app/**/*.ts", "app/**/*.tsx", "components/**/*.ts", "components/**/*.tsx"], ignores: testCode, rules: { "no-restricted-imports": ["error", noDatabaseInEntries] } },
];

export default config;
