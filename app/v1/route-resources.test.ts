import path from "node:path";
import { describe, expect, it } from "vitest";
import type { DefinedRoute } from "@/lib/http/route";
import { findRouteFiles } from "@/lib/http/openapi/route-files";
import { HTTP_METHODS } from "@/lib/http/openapi/types";
import { isKeyResource, KEY_RESOURCES } from "@/lib/platform/key-permissions";

// Read from the files on disk, not the generated index: a route added since the index was last
// generated is held to the rule too.
const files = findRouteFiles(process.cwd());

async function keyRoutes() {
  const out: { where: string; file: string; top: string; definition: DefinedRoute["definition"] }[] = [];
  for (const file of files) {
    const exported = (await import(path.join(process.cwd(), file.file))) as Record<string, unknown>;
    for (const method of HTTP_METHODS) {
      const handler = exported[method] as Partial<DefinedRoute> | undefined;
      const definition = handler?.definition;
      if (!definition || definition.auth === "none") continue;
      out.push({ where: `${method} ${file.path} (${file.file})`, file: file.file, top: file.path.split("/")[2], definition });
    }
  }
  return out;
}

describe("every /v1 route a key can call names its resource (restricted keys)", () => {
  it("declares `resource` with one of the known resources", async () => {
    const routes = await keyRoutes();
    expect(routes.length).toBeGreaterThan(90);
    const missing = routes.filter((r) => !r.definition.resource || !isKeyResource(r.definition.resource));
    expect(
      missing.map((r) => r.where),
      `add \`resource: "<one of ${KEY_RESOURCES.join(" | ")}>"\` right after \`auth: "key"\` in these route() definitions (lib/platform/key-permissions.ts; refund requests are "refunds")`,
    ).toEqual([]);
  });

  it("routes under one top-level path share one resource (a route filed under the wrong area is caught)", async () => {
    const byTop = new Map<string, Set<string>>();
    for (const r of await keyRoutes()) byTop.set(r.top, (byTop.get(r.top) ?? new Set()).add(String(r.definition.resource)));
    const mixed = [...byTop].filter(([, set]) => set.size > 1).map(([top, set]) => `/v1/${top}: ${[...set].join(", ")}`);
    expect(mixed).toEqual([]);
  });
});
