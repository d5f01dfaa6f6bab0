/**
 * Regenerates what is derived from the route files:
 *   1. app/v1/route-index.ts — one import per app/v1/**\/route.ts with its URL path;
 *   2. packages/client/src/schema.d.ts    — the typed client's types, from the OpenAPI document.
 *
 *   npx tsx scripts/openapi-index.ts            # both
 *   npx tsx scripts/openapi-index.ts --index    # the route index only
 *
 * Run it after adding, moving or removing a route, or changing a route's schemas or doc; the
 * tests beside each generated file fail while it is stale.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { findRouteFiles, renderRouteIndex } from "../lib/http/openapi/route-files";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const files = findRouteFiles(root);
writeFileSync(path.join(root, "app/v1/route-index.ts"), renderRouteIndex(files));
console.log(`app/v1/route-index.ts: ${files.length} route files`);

if (!process.argv.includes("--index")) {
  process.env.CAURI_LOG ??= "silent";
  const { writeClientSchema } = await import("../packages/client/scripts/generate-schema");
  const { problems } = await writeClientSchema(root);
  console.log("packages/client/src/schema.d.ts: written");
  if (problems.length) console.log(`\nThe document has ${problems.length} problem(s) to fix in the routes:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
}
