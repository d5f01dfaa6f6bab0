import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { newSigningSecret } from "@/lib/webhooks/secret";
import { signatureHeaders } from "@/lib/webhooks/sign";
import { requires } from "@/tests/support/requirements";
import * as snippets from "./snippets";

// The guide's code, run as a merchant would paste it, against headers our deliveries carry.
const dir = mkdtempSync(path.join(tmpdir(), "cauri-snippets-"));
const secret = newSigningSecret();
const body = JSON.stringify({ id: "evt_1", type: "payment.success", event: "payment.success", version: "v1", data: { id: "txn_1", metadata: { order_id: "A-1" } } });
const signedNow = () => signatureHeaders("evt_1", body, [secret], new Date())["X-Service-Signature"];
const signedLongAgo = () => signatureHeaders("evt_1", body, [secret], new Date(Date.now() - 6 * 60_000))["X-Service-Signature"];

describe("the migration guide's X-Service-Signature snippets verify real signatures", () => {
  it("Node.js: accepts a delivery, refuses a wrong secret, a tampered body and a timestamp older than 5 minutes", async () => {
    const file = path.join(dir, "verify.mjs");
    writeFileSync(file, snippets.nodeServiceSignature);
    const { verifyServiceSignature } = await import(pathToFileURL(file).href);
    expect(verifyServiceSignature(body, signedNow(), secret)).toBe(true);
    expect(verifyServiceSignature(body, signedNow(), newSigningSecret())).toBe(false);
    expect(verifyServiceSignature(body.replace("A-1", "A-2"), signedNow(), secret)).toBe(false);
    expect(verifyServiceSignature(body, signedLongAgo(), secret)).toBe(false);
    expect(verifyServiceSignature(body, undefined, secret)).toBe(false);
  });

  it("Python: the same four answers", async (context) => {
    await requires(context, "python");
    const file = path.join(dir, "verify.py");
    writeFileSync(file, `${snippets.pythonServiceSignature}\nimport json, sys\nargs = json.load(sys.stdin)\nprint(json.dumps(verify_service_signature(args["body"].encode(), args["header"], args["secret"])))\n`);
    const run = (input: { body: string; header: string; secret: string }) => JSON.parse(execFileSync("python3", [file], { input: JSON.stringify(input) }).toString());
    expect(run({ body, header: signedNow(), secret })).toBe(true);
    expect(run({ body, header: signedNow(), secret: newSigningSecret() })).toBe(false);
    expect(run({ body: body.replace("A-1", "A-2"), header: signedNow(), secret })).toBe(false);
    expect(run({ body, header: signedLongAgo(), secret })).toBe(false);
  });

  it("docs/migrating.md shows the same snippets as the /docs page", () => {
    const markdown = readFileSync(path.join(process.cwd(), "docs/migrating.md"), "utf8");
    for (const [name, code] of Object.entries(snippets)) expect(markdown, name).toContain(code.trim());
  });
});
