import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { findRouteFiles, renderRouteIndex } from "@/lib/http/openapi/route-files";
import { isNotAllowedHandler } from "@/lib/http/method-not-allowed";
import { HTTP_METHODS } from "@/lib/http/openapi/types";
import { documentedPath } from "@/lib/http/openapi/document";
import type { DefinedRoute } from "@/lib/http/route";
import { openApiDocument } from "@/app/v1/openapi-document";
import { routeIndex } from "@/app/v1/route-index";

const root = process.cwd();
const FIX = "Run `npx tsx scripts/openapi-index.ts` and commit the result.";

// The route-coverage test: the document is generated from this index, so the index must list
// exactly the route files Next.js serves, and every handler in them must be documented.
describe("route coverage", () => {
  it("the route index lists exactly the route files under app/v1", () => {
    const onDisk = findRouteFiles(root);
    const listed = routeIndex.map((r) => r.file);
    const missing = onDisk.filter((f) => !listed.includes(f.file)).map((f) => f.file);
    const gone = listed.filter((f) => !onDisk.some((d) => d.file === f));
    expect({ missing, gone }, `route files missing from or listed but gone from the index. ${FIX}`).toEqual({ missing: [], gone: [] });
    expect(readFileSync(path.join(root, "app/v1/route-index.ts"), "utf8"), `the index is stale. ${FIX}`).toBe(renderRouteIndex(onDisk));
  });

  it("the document has an operation for every served method (not the 405 refusals), and nothing else", () => {
    const { document } = openApiDocument();
    const served = (r: (typeof routeIndex)[number]) => HTTP_METHODS.filter((m) => r.module[m] !== undefined && !isNotAllowedHandler(r.module[m]));
    // Under the path's documented parameter names (RouteDoc.pathParams).
    const exported = routeIndex.flatMap((r) => served(r).map((m) => `${m} ${documentedPath(r.path, (r.module[m] as DefinedRoute).definition.doc)}`)).sort();
    const documented = Object.entries(document.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`)).sort();
    expect(documented).toEqual(exported);
  });

  it("every route is declared with route() and a doc with its response schema, and every schema converts", () => {
    const { problems } = openApiDocument();
    expect(problems, "routes to fix (see the brief: every route() takes doc: {summary, response, errors})").toEqual([]);
  });
});
