import { execFileSync, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it, type TestContext } from "vitest";
import { newSigningSecret } from "@/lib/webhooks/secret";
import { signatureHeaders } from "@/lib/webhooks/sign";
import { appServerForFile } from "@/tests/support/app-server";
import { newMerchant } from "@/tests/support/merchant";
import { requires, type Requirement } from "@/tests/support/requirements";
import { LANGUAGES, payment, verify, type Language } from "./snippets";

// Each tab of the quick start, run as a merchant would paste it, against the production server
// module (which serves /v1 in-process) on a real port.
const dir = mkdtempSync(path.join(tmpdir(), "cauri-quick-start-"));
const interpreter: Record<Language, string> = { curl: "bash", node: "node", python: "python3", php: "php" };

const needs: Record<Language, Requirement[]> = { curl: ["curl", "openssl"], node: [], python: ["python"], php: ["php"] };

/**
 * A language whose interpreter is missing is skipped by name where only Node is installed (the
 * fast lane) and fails under CI: a silently skipped language would hide a broken sample.
 */
const requireInterpreter = (context: TestContext, language: Language) => requires(context, ...needs[language]);

const app = appServerForFile();

type Run = { status: number | null; stdout: string; stderr: string };

/** Runs a program without blocking this process's event loop: the server under test lives in it. */
function run(command: string, args: string[], options: { env?: NodeJS.ProcessEnv; input?: string } = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: options.env ?? process.env, timeout: 30_000 });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout, stderr }));
    child.stdin.end(options.input ?? "");
  });
}

async function runProgram(language: Language, key: string, name = ""): Promise<Run> {
  const { file } = LANGUAGES.find((l) => l.id === language)!;
  const target = path.join(dir, `${name}${file}`);
  writeFileSync(target, payment[language].trimStart());
  return run(interpreter[language], [target], { env: { ...process.env, CAURI_URL: app.base, CAURI_KEY: key } });
}

describe("the quick start's programs create a test payment, settle it and read it back", () => {
  it.for(LANGUAGES.map((l) => l.id))("%s", async (language, context) => {
    await requireInterpreter(context, language);
    const { testKey } = await newMerchant();
    const result = await runProgram(language, testKey);
    expect(result.status, result.stderr).toBe(0);
    const lines = result.stdout.trim().split("\n");
    const [id, status] = lines.at(-1)!.split(" ");
    expect(id).toMatch(/^txn_/);
    expect(status).toBe("SUCCESS");
    expect(lines.join("\n")).toContain(`/checkout/${id}`);

    // The payment is really there, on the key's merchant, settled.
    const read = await fetch(`${app.base}/v1/payments/${id}`, { headers: { authorization: `Bearer ${testKey}` } });
    expect(read.status).toBe(200);
    expect((await read.json()).data).toMatchObject({ id, status: "SUCCESS", amount: 5000, livemode: false });
  });

  it("curl stops (curl's exit status 22) when the key is wrong", async (context) => {
    await requireInterpreter(context, "curl");
    expect((await runProgram("curl", "sk_test_not_a_key", "wrong-key-")).status).toBe(22);
  });

  it.for(["node", "python", "php"] as const)("%s stops with the API's error code when the key is wrong", async (language, context) => {
    await requireInterpreter(context, language);
    const result = await runProgram(language, "sk_test_not_a_key", "wrong-key-");
    expect(result.status).not.toBe(0);
    expect(result.stdout + result.stderr).toMatch(/INVALID_API_KEY|UNAUTHORIZED/);
  });
});

describe("the quick start's signature checks accept a real delivery and refuse the rest", () => {
  const secret = newSigningSecret();
  const body = JSON.stringify({ id: "evt_1", type: "payment.success", data: { id: "txn_1", status: "SUCCESS" } });
  const header = (ageSeconds = 0) => signatureHeaders("evt_1", body, [secret], new Date(Date.now() - ageSeconds * 1000))["X-Service-Signature"];

  type Input = { body: string; header: string; secret: string };
  // One interpreter start per language (several seconds each on a loaded machine), all cases in it.
  const checkers: Record<Language, (inputs: Input[]) => boolean[]> = {
    curl: (inputs) => {
      const file = path.join(dir, "verify.sh");
      writeFileSync(file, verify.curl.trimStart());
      return inputs.map((input) => spawnSync("bash", [file, input.header, input.secret], { input: input.body }).status === 0);
    },
    node: (inputs) => {
      const file = path.join(dir, "verify-run.mjs");
      writeFileSync(file, `${verify.node}\nconst all = JSON.parse(process.argv[2]);\nconsole.log(JSON.stringify(all.map((a) => verifyServiceSignature(a.body, a.header, a.secret))));\n`);
      return JSON.parse(execFileSync("node", [file, JSON.stringify(inputs)], { encoding: "utf8" }));
    },
    python: (inputs) => {
      const file = path.join(dir, "verify.py");
      writeFileSync(file, `${verify.python}\nimport json, sys\nprint(json.dumps([verify_service_signature(a["body"].encode(), a["header"], a["secret"]) for a in json.load(sys.stdin)]))\n`);
      return JSON.parse(execFileSync("python3", [file], { input: JSON.stringify(inputs), encoding: "utf8" }));
    },
    php: (inputs) => {
      const file = path.join(dir, "verify.php");
      writeFileSync(
        file,
        `${verify.php.trim()}\necho json_encode(array_map(fn($a) => verify_service_signature($a['body'], $a['header'], $a['secret']), json_decode(stream_get_contents(STDIN), true)));\n`,
      );
      return JSON.parse(execFileSync("php", [file], { input: JSON.stringify(inputs), encoding: "utf8" }));
    },
  };

  it.for(LANGUAGES.map((l) => l.id))("%s", async (language, context) => {
    await requireInterpreter(context, language);
    // Five minutes of tolerance; the margins leave room for an interpreter's slow start.
    const cases: [string, Input, boolean][] = [
      ["a real delivery", { body, header: header(), secret }, true],
      ["another secret", { body, header: header(), secret: newSigningSecret() }, false],
      ["a changed body", { body: body.replace("txn_1", "txn_2"), header: header(), secret }, false],
      ["signed 280 s ago", { body, header: header(280), secret }, true],
      ["signed 320 s ago", { body, header: header(320), secret }, false],
    ];
    const answers = checkers[language](cases.map(([, input]) => input));
    expect(Object.fromEntries(cases.map(([name], i) => [name, answers[i]]))).toEqual(Object.fromEntries(cases.map(([name, , expected]) => [name, expected])));
  });
});
