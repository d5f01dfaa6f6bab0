import path from "node:path";

/**
 * The ops command line as `npm run ops` runs it, without npx in front: npx resolves the package
 * anew on every call, seconds on a loaded 2-core machine, and the suite runs the CLI for every
 * merchant it creates. Run from the repository root, as Playwright runs the specs.
 */
export const opsCommand = (args: string[]): [string, string[]] => [path.resolve("node_modules/.bin/tsx"), ["bin/ops.ts", ...args]];
