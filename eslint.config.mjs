import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

// The layer rule of DESIGN.md: app -> lib -> db, never back up.
const noUpwardFromLib = {
  patterns: [
    { group: ["@/app/*", "@/components/*", "next", "next/*"], message: "lib/ is the domain layer: no Next.js or app imports (lib/http works on web-standard Request/Response)." },
  ],
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
  { files: ["lib/**/*.ts", "lib/**/*.tsx"], ignores: ["lib/auth/**"], rules: { "no-restricted-imports": ["error", noUpwardFromLib] } },
  { files: ["db/**/*.ts"], rules: { "no-restricted-imports": ["error", noUpwardFromDb] } },
];

export default config;
