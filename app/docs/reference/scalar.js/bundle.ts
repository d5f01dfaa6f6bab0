import { readFileSync } from "node:fs";
import path from "node:path";

const root = () => path.join(process.cwd(), "node_modules/@scalar/api-reference");

export const scalarBundlePath = () => path.join(root(), "dist/browser/standalone.js");

/** Busts browser caches when the installed Scalar changes. */
export function scalarVersion(): string {
  try {
    return (JSON.parse(readFileSync(path.join(root(), "package.json"), "utf8")) as { version: string }).version;
  } catch {
    return "0";
  }
}
