import { spawn } from "node:child_process";
import path from "node:path";

/**
 * The ops command line as `npm run ops` runs it, without npx in front: npx resolves the package
 * anew on every call, seconds on a loaded 2-core machine, and the suite runs the CLI for every
 * merchant it creates. Run from the repository root, as Playwright runs the specs.
 */
export const opsCommand = (args: string[]): [string, string[]] => [path.resolve("node_modules/.bin/tsx"), ["bin/ops.ts", ...args]];

/** The ops command line with --json, as an operator runs it (same database as the web server); its answer parsed. */
function opsJson<T>(args: string[], stdin = ""): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(...opsCommand([...args, "--json"]), { env: process.env });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    // Names the sub-command only: the other arguments and the output may hold keys.
    child.on("exit", (code) => (code === 0 ? resolve(JSON.parse(stdout)) : reject(new Error(`ops ${args.slice(0, 2).join(" ")} failed (${code}): ${stderr.split("\n").slice(0, 5).join("\n")}`))));
    child.stdin.end(stdin);
  });
}

/** `ops staff create` as an operator runs it: the password on stdin, never in argv. */
export async function createStaff(email: string, password: string): Promise<void> {
  await opsJson(["staff", "create", "--email", email, "--password-stdin"], `${password}\n`);
}
