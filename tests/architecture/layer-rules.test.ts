import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * The layer rules of docs/architecture.md are lint rules (eslint.config.mjs): each one, fed a
 * file that breaks it, reports the break; fed the same import where it is allowed, reports none.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function restrictedIn(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === "no-restricted-imports" || m.ruleId === "no-restricted-globals").map((m) => m.ruleId!);
}

describe("layer rules", () => {
  it.each([
    ['import { answer } from "@/lib/http/envelope";'],
    ['import { route } from "../http/route";'],
    ['import { GET } from "@/app/v1/payments/route";'],
    ['import { Button } from "@/components/ui/Button";'],
    ['import { createServer } from "@/server/http-server";'],
    ['import { inngest } from "@/inngest/client";'],
    ['import { headers } from "next/headers";'],
  ])("a domain module may not import the HTTP kit or an entry point: %s", async (line) => {
    expect(await restrictedIn("lib/payments/layer-probe.ts", `${line}\nexport const x = 1;\n`)).toEqual(["no-restricted-imports"]);
  });

  it("a domain module may not build a Response", async () => {
    expect(await restrictedIn("lib/payments/layer-probe.ts", "export const answer = () => new Response(null);\n")).toEqual(["no-restricted-globals"]);
  });

  it("the shared vocabulary and the database are open to the domain, and the HTTP kit to entry helpers", async () => {
    expect(await restrictedIn("lib/payments/layer-probe.ts", 'import { ApiError } from "@/lib/core/errors";\nimport { db } from "@/db/client";\nexport const x = [ApiError, db];\n')).toEqual([]);
    expect(await restrictedIn("lib/http/layer-probe.ts", 'import { answer } from "@/lib/http/envelope";\nexport const x = () => new Response(String(answer));\n')).toEqual([]);
  });

  it.each(["lib/auth/layer-probe.ts", "lib/account/layer-probe.ts", "lib/ops/layer-probe.ts", "lib/payments/operator-callback.ts", "lib/secure-orders/public.ts", "lib/jobs/layer-probe.ts"])(
    "no module of the domain is exempt: %s",
    async (filePath) => {
      expect(await restrictedIn(filePath, 'import { json } from "@/lib/http/envelope";\nexport const x = json;\n')).toEqual(["no-restricted-imports"]);
      expect(await restrictedIn(filePath, "export const answer = () => new Response(null);\n")).toEqual(["no-restricted-globals"]);
    },
  );

  it("the job registry imports no runner, and is domain like the jobs it lists", async () => {
    expect(await restrictedIn("lib/jobs/registry.ts", 'import { startEmbeddedRunner } from "./runner";\nexport const x = startEmbeddedRunner;\n')).toEqual(["no-restricted-imports"]);
    expect(await restrictedIn("lib/jobs/registry.ts", 'import { startEmbeddedRunner } from "@/lib/jobs/runner";\nexport const x = startEmbeddedRunner;\n')).toEqual(["no-restricted-imports"]);
    expect(await restrictedIn("lib/jobs/registry.ts", 'import { functions } from "@/inngest/functions";\nexport const x = functions;\n')).toEqual(["no-restricted-imports"]);
    expect(await restrictedIn("lib/jobs/registry.ts", 'import { json } from "@/lib/http/envelope";\nexport const x = json;\n')).toEqual(["no-restricted-imports"]);
    expect(await restrictedIn("lib/jobs/registry.ts", 'import { pruneRequestLog } from "@/lib/request-log/store";\nexport const x = pruneRequestLog;\n')).toEqual([]);
  });

  it.each([
    ["app/(public)/o/[token]/layer-probe.ts", 'import { db } from "@/db/client";'],
    ["app/v1/payments/layer-probe.ts", 'import type { Database } from "@/db/client";'],
    ["app/readyz/layer-probe.ts", 'import { db } from "../../db/client";'],
    ["components/ui/LayerProbe.tsx", 'import { db } from "@/db/client";'],
  ])("no file under app/ or components/ imports db/client: %s", async (filePath, line) => {
    expect(await restrictedIn(filePath, `${line}\nexport const x = 1;\n`)).toEqual(["no-restricted-imports"]);
  });

  it("app/ takes the database from its entry helper, and its test code may open it", async () => {
    expect(await restrictedIn("app/account/layer-probe.ts", 'import { publicPage } from "@/lib/http/page";\nexport const x = publicPage;\n')).toEqual([]);
    expect(await restrictedIn("app/v1/payments/layer-probe.test.ts", 'import { db } from "@/db/client";\nexport const x = db;\n')).toEqual([]);
    expect(await restrictedIn("app/v1/secure-orders/test-support.ts", 'import { db } from "@/db/client";\nexport const x = db;\n')).toEqual([]);
  });

  it("db/ imports nothing of ours above it", async () => {
    expect(await restrictedIn("db/layer-probe.ts", 'import { log } from "@/lib/log";\nexport const x = log;\n')).toEqual(["no-restricted-imports"]);
  });
});
