import { execFileSync, spawn } from "node:child_process";
import { createHmac } from "node:crypto";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/db/client";
import { generateDueReports } from "@/lib/books/report-job";
import { appServerForFile } from "@/tests/support/app-server";
import { newMerchant } from "@/tests/support/merchant";

// The cauri CLI as a developer runs it: a child process against the production server module
// on a real port, which lives in this process (so every child is spawned without blocking the
// event loop). The package is compiled once, as `npm pack` would ship it, and each run is plain
// node on that build: a tsx start per run costs seconds on a busy 2-core box.
const build = mkdtempSync(path.join(tmpdir(), "cauri-cli-build-"));
const MAIN = path.join(build, "dist", "main.js");
beforeAll(() => {
  const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
  execFileSync(process.execPath, [tsc, "-p", path.resolve(import.meta.dirname, "../tsconfig.json"), "--outDir", path.join(build, "dist")]);
  copyFileSync(path.resolve(import.meta.dirname, "../package.json"), path.join(build, "package.json"));
}, 120_000);
afterAll(() => rmSync(build, { recursive: true, force: true }));

const app = appServerForFile();

// Each test starts the tool several times.
vi.setConfig({ testTimeout: 90_000 });

const env = (extra: Record<string, string> = {}): NodeJS.ProcessEnv => {
  const { CAURI_API_KEY: _k, CAURI_BASE_URL: _u, CAURI_KEY: _qk, CAURI_URL: _qu, FORCE_COLOR: _f, ...rest } = process.env;
  return { ...rest, NO_COLOR: "1", ...extra };
};

type Run = { status: number | null; stdout: string; stderr: string };

/** Spawns the CLI; `cli.done` settles when it exits. */
function start(args: string[], options: { key?: string; baseUrl?: string } = {}) {
  const extra: Record<string, string> = { CAURI_BASE_URL: options.baseUrl ?? app.base };
  if (options.key) extra.CAURI_API_KEY = options.key;
  const child = spawn(process.execPath, [MAIN, ...args], { env: env(extra), cwd: path.resolve(import.meta.dirname, "../../..") });
  const result: Run = { status: null, stdout: "", stderr: "" };
  child.stdout.on("data", (d) => (result.stdout += d));
  child.stderr.on("data", (d) => (result.stderr += d));
  const done = new Promise<Run>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (status) => resolve({ ...result, status }));
  });
  child.stdin.end();
  return { child, result, done };
}

const run = (args: string[], options: { key?: string; baseUrl?: string } = {}) => start(args, options).done;

async function until<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== null && value !== false) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const jsonLines = (text: string) =>
  text
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as Record<string, any>);

async function api(key: string, method: string, p: string, body?: unknown) {
  const headers: Record<string, string> = { authorization: `Bearer ${key}` };
  if (body !== undefined) headers["content-type"] = "application/json";
  if (method === "POST") headers["x-idempotency-key"] = crypto.randomUUID();
  const response = await fetch(app.base + p, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as any };
}

type Received = { headers: http.IncomingHttpHeaders; body: string };
async function receiver(status = 200) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      received.push({ headers: req.headers, body });
      res.writeHead(status, { "content-type": "text/plain" }).end("thanks");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`, received, close: () => new Promise((r) => server.close(r)) };
}

/** A local TCP port that counts connections: proof that a command made no network call. */
async function tripwire() {
  let connections = 0;
  const server = net.createServer((s) => {
    connections++;
    s.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, connections: () => connections, close: () => new Promise((r) => server.close(r)) };
}

async function settledPayment(key: string, phone: string, outcome: "SUCCESS" | "FAILED") {
  const created = await api(key, "POST", "/v1/payments", { amount: 1_500, payment_method: "OPERATOR_MONEY", customer_phone: phone, return_url: "https://example.com/r" });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const settled = await api(key, "POST", `/v1/sandbox/payments/${created.body.data.id}/simulate`, { outcome });
  expect(settled.status).toBe(200);
  return created.body.data.id as string;
}

describe.concurrent("help and version", () => {
  it("prints the root help with every command, and the version", async () => {
    const root = await run(["--help"]);
    expect(root.status).toBe(0);
    for (const c of ["listen", "trigger", "logs tail", "events list", "events get", "events resend", "clock advance", "open"]) expect(root.stdout).toContain(c);
    const version = await run(["--version"]);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it.for([
    ["listen", "--forward-to"],
    ["trigger", "payment.success"],
    ["logs tail", "--status"],
    ["events list", "--limit"],
    ["events get", "<evt_id>"],
    ["events resend", "--endpoint"],
    ["clock advance", "<duration>"],
    ["clock show", "cauri clock show"],
    ["open", "checkout"],
  ])("cauri %s --help", async ([command, mention]) => {
    const r = await run([...command.split(" "), "--help"]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain(`Usage: cauri ${command}`);
    expect(r.stdout).toContain(mention);
    expect(r.stdout).toContain("--api-key");
  });

  it("lists a group's commands, and refuses an unknown command or option with status 2", async () => {
    const group = await run(["events", "--help"]);
    expect([group.status, group.stdout]).toEqual([0, expect.stringContaining("events resend")]);
    const unknown = await run(["frobnicate"]);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain("Unknown command: frobnicate");
    const option = await run(["clock", "advance", "1h", "--bogus"]);
    expect(option.status).toBe(2);
    expect(option.stderr).toContain("cauri clock advance --help");
  });
});

describe.concurrent("clear errors", () => {
  it("names a refused key", async () => {
    const r = await run(["clock", "advance", "1h"], { key: "sk_test_not_a_key" });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/The API key was refused .*INVALID_API_KEY/);
  });

  it("says --json errors as JSON", async () => {
    const r = await run(["events", "list", "--json"], { key: "sk_test_not_a_key" });
    expect(JSON.parse(r.stderr.trim())).toMatchObject({ error: { code: "INVALID_API_KEY", status: 401 } });
  });

  it("refuses a live key for trigger, listen and clock before any network call", async () => {
    const wire = await tripwire();
    try {
      for (const args of [["trigger", "payment.success"], ["listen", "--forward-to", "http://127.0.0.1:9/x"], ["clock", "advance", "1h"]]) {
        const r = await run(args, { key: "sk_live_abcdef", baseUrl: wire.url });
        expect(r.status, args.join(" ")).toBe(2);
        expect(r.stderr).toContain("works with a test key (sk_test_…) only");
      }
      expect(wire.connections()).toBe(0);
    } finally {
      await wire.close();
    }
  });

  it("says when the service cannot be reached", async () => {
    const wire = await tripwire();
    await wire.close();
    const r = await run(["events", "list"], { key: "sk_test_x", baseUrl: wire.url });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`Cannot reach ${wire.url}: is the server running? (npm run dev)`);
  });

  it("asks for a key when there is none", async () => {
    const r = await run(["events", "list"]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("No API key: pass --api-key");
  });
});

describe("cauri trigger", () => {
  it("payment.success creates a payment that succeeded, with the overrides", async () => {
    const { testKey } = await newMerchant();
    const reference = `cli-${Date.now()}`;
    const r = await run(["trigger", "payment.success", "--set", "amount=2500", "--set", "metadata.order=42", "--set", `client_reference=${reference}`, "--set", "phone=+22370000001", "--json"], { key: testKey });
    expect(r.status, r.stderr).toBe(0);
    const [out] = jsonLines(r.stdout);
    expect(out).toMatchObject({ event_type: "payment.success", created: [{ object: "payment", status: "SUCCESS" }], events: [{ type: "payment.success" }] });

    const read = await api(testKey, "GET", `/v1/payments/${out.created[0].id}`);
    expect(read.body.data).toMatchObject({ status: "SUCCESS", amount: 2_500, client_reference: reference, customer_phone: "+22370000001", metadata: { order: 42 }, livemode: false });
    const event = await api(testKey, "GET", `/v1/webhooks/events/${out.events[0].id}`);
    expect(event.body.data).toMatchObject({ type: "payment.success", data: { id: out.created[0].id } });
  });

  it("prints what it made for people", async () => {
    const { testKey } = await newMerchant();
    const r = await run(["trigger", "subscription.payment_due", "--set", "amount=3000"], { key: testKey });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain("Triggered subscription.payment_due");
    expect(r.stdout).toMatch(/plan +\S+/);
    expect(r.stdout).toMatch(/subscription +\S+ +ACTIVE/);
    expect(r.stdout).toMatch(/event +evt_\S+ +subscription\.payment_due/);
  });

  it("makes every event type of its table, each for real", async () => {
    const help = await run(["trigger", "--help"]);
    const types = [...help.stdout.matchAll(/^ {2}([a-z_]+\.[a-z_]+) {2,}/gm)].map((m) => m[1]);
    expect(types.length).toBeGreaterThan(15);
    const local = await receiver();
    // Reports are written by a background job, which the server under test does not run: this is it.
    const reports = setInterval(() => void generateDueReports(db()), 500);
    // One merchant per type (the clock moves are merchant-wide), a few at a time.
    const makes = async (type: string) => {
      const { testKey } = await newMerchant({ secureOrdersEnabled: true, kycStatus: "approved" });
      // webhook.test goes to the merchant's endpoints.
      if (type === "webhook.test") await api(testKey, "POST", "/v1/webhooks/endpoints", { url: local.url });
      const r = await run(["trigger", type, "--json"], { key: testKey });
      return [type, r.status === 0 ? jsonLines(r.stdout)[0].events.map((e: { type: string }) => e.type) : r.stderr.trim()];
    };
    try {
      const results = [];
      for (let i = 0; i < types.length; i += 4) results.push(...(await Promise.all(types.slice(i, i + 4).map(makes))));
      expect(results).toEqual(types.map((type) => [type, [type]]));
    } finally {
      clearInterval(reports);
      await local.close();
    }
  }, 240_000);

  it("lists what it can trigger when the type is unknown", async () => {
    const r = await run(["trigger", "payment.teleported"], { key: "sk_test_x" });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('cannot make "payment.teleported"');
    expect(r.stderr).toContain("payment.success");
    expect(r.stderr).toContain("secure_order.released");
  });

  it("says which events only Cauri's staff cause, rather than that it does not know them", async () => {
    for (const type of ["withdrawal.approved", "withdrawal.completed", "withdrawal.rejected"]) {
      const r = await run(["trigger", type], { key: "sk_test_x" });
      expect(r.status).toBe(2);
      expect(r.stderr).toContain(`${type} is sent when`);
      expect(r.stderr).toContain("a key cannot cause it");
      expect(r.stderr).not.toContain("cannot make");
    }
  });

  it("prints the API's code and message when a step is refused", async () => {
    const { testKey } = await newMerchant();
    const r = await run(["trigger", "payment.success", "--set", "amount=5"], { key: testKey });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("INVALID_AMOUNT");
  });
});

describe("cauri listen", () => {
  it("forwards each event only to its route, signed with the printed secret, and records the attempt", async () => {
    const { testKey } = await newMerchant();
    const [payments, failures] = [await receiver(), await receiver(500)];
    const cli = start(["listen", "--forward-to", payments.url, "--events", "payment.success", "--forward-to", failures.url, "--events", "payment.failed", "--json"], { key: testKey });
    try {
      const ready = await until("ready", () => jsonLines(cli.result.stdout).find((l) => l.type === "ready"));
      expect(ready).toMatchObject({ secret: expect.stringMatching(/^whsec_/), enabled_events: expect.arrayContaining(["payment.success", "payment.failed"]) });

      const succeeded = await settledPayment(testKey, "+22370000001", "SUCCESS");
      const got = await until("payment.success at its route", () => payments.received[0]);
      const event = new Webhook(ready.secret).verify(got.body, got.headers as Record<string, string>) as Record<string, any>;
      expect(event).toMatchObject({ type: "payment.success", data: { id: succeeded } });
      // The previous service's scheme too: hex HMAC of `t.body` keyed with the whole secret string.
      const [t, v1] = String(got.headers["x-service-signature"]).split(",");
      expect(v1).toBe(`v1=${createHmac("sha256", ready.secret).update(`${t.slice(2)}.${got.body}`).digest("hex")}`);

      await settledPayment(testKey, "+22370000002", "FAILED");
      await until("payment.failed at its route", () => failures.received[0]);
      const forwards = await until("two forwards", () => {
        const lines = jsonLines(cli.result.stdout).filter((l) => l.type === "forward");
        return lines.length >= 2 ? lines : undefined;
      });
      expect(payments.received).toHaveLength(1);
      expect(failures.received).toHaveLength(1);
      expect(JSON.parse(failures.received[0].body)).toMatchObject({ type: "payment.failed" });
      expect(forwards.map((f) => [f.event_type, f.attempts.map((a: any) => [a.url, a.status_code])])).toEqual([
        ["payment.success", [[payments.url, 200]]],
        ["payment.failed", [[failures.url, 500]]],
      ]);

      // Each forward is a delivery attempt in the log, with what the local server answered.
      const logs = await until("recorded attempts", async () => {
        const list = (await api(testKey, "GET", "/v1/webhooks/logs?limit=10")).body.data as any[];
        return list.filter((l) => l.status !== "PENDING").length >= 2 ? list : undefined;
      });
      expect(logs.find((l) => l.event_id === forwards[0].event_id)).toMatchObject({ status: "SUCCESS", response_status: 200, event_type: "payment.success" });
      expect(logs.find((l) => l.event_id === forwards[1].event_id)).toMatchObject({ status: "FAILED", response_status: 500 });
    } finally {
      cli.child.kill("SIGINT");
      await Promise.all([payments.close(), failures.close()]);
    }
    const ended = await cli.done;
    expect(ended.status, ended.stderr).toBe(0);
    expect(jsonLines(ended.stdout).at(-1)).toMatchObject({ type: "closed" });
    // Ctrl-C closed the session on the service.
    const session = jsonLines(ended.stdout).find((l) => l.type === "ready")!.session_id;
    const stream = await fetch(`${app.base}/v1/webhooks/listen-sessions/${session}/stream`, { headers: { authorization: `Bearer ${testKey}` } });
    expect(stream.status).toBe(410);
    await stream.body?.cancel();
  });

  it("prints the secret and one line per forward for people", async () => {
    const { testKey } = await newMerchant();
    const local = await receiver();
    const cli = start(["listen", "--forward-to", local.url], { key: testKey });
    try {
      const secret = await until("ready", () => /Ready! Your webhook signing secret is (whsec_\S+) \(valid for this session\)/.exec(cli.result.stdout)?.[1]);
      const id = await settledPayment(testKey, "+22370000001", "SUCCESS");
      await until("forward line", () => cli.result.stdout.includes(`→ POST ${local.url} [200]`));
      expect(cli.result.stdout).toMatch(/\d\d:\d\d:\d\d {2}payment\.success +evt_\S+ {2}→ POST/);
      expect(JSON.parse(local.received[0].body).data.id).toBe(id);
      expect(secret).toMatch(/^whsec_/);
    } finally {
      cli.child.kill("SIGTERM");
      await local.close();
    }
    expect((await cli.done).stdout).toContain("Session closed.");
  });

  it("reconnects when the connection drops, and keeps forwarding", async () => {
    const { testKey } = await newMerchant();
    const local = await receiver();
    const cli = start(["listen", "--forward-to", local.url], { key: testKey });
    try {
      await until("ready", () => cli.result.stdout.includes("Ready!"));
      app.dropConnections();
      await until("reconnection", () => cli.result.stderr.includes("Reconnected."));
      expect(cli.result.stderr).toMatch(/Connection to \S+ lost; reconnecting in 1s \(attempt 1\)/);
      const id = await settledPayment(testKey, "+22370000001", "SUCCESS");
      await until("forward after reconnection", () => local.received.find((r) => JSON.parse(r.body).data.id === id));
      expect(cli.result.stdout.match(/Ready!/g)).toHaveLength(1);
    } finally {
      cli.child.kill("SIGINT");
      await local.close();
    }
    expect((await cli.done).status).toBe(0);
  });

  it("needs a --forward-to", async () => {
    const r = await run(["listen"], { key: "sk_test_x" });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("needs at least one --forward-to");
  });
});

describe("cauri logs tail", () => {
  it("shows a request made after it started, as JSON lines", async () => {
    const { testKey } = await newMerchant();
    const cli = start(["logs", "tail", "--path", "/v1/payments", "--json"], { key: testKey });
    try {
      await until("tailing", () => cli.result.stderr.includes("Tailing requests"));
      const requestId = `req_cli_${Date.now()}`;
      await fetch(`${app.base}/v1/payments?limit=1`, { headers: { authorization: `Bearer ${testKey}`, "x-request-id": requestId } });
      await fetch(`${app.base}/v1/balance`, { headers: { authorization: `Bearer ${testKey}` } });
      const line = await until("the request in the tail", () => jsonLines(cli.result.stdout).find((l) => l.request_id === requestId));
      expect(line).toMatchObject({ method: "GET", path: "/v1/payments", status: 200 });
      // --path kept the other request out.
      expect(jsonLines(cli.result.stdout).every((l) => l.path.startsWith("/v1/payments"))).toBe(true);
    } finally {
      cli.child.kill("SIGINT");
    }
    expect((await cli.done).status).toBe(0);
  });
});

describe("cauri events", () => {
  it("lists, gets and resends an event", async () => {
    const { testKey } = await newMerchant();
    const local = await receiver();
    try {
      const endpoint = await api(testKey, "POST", "/v1/webhooks/endpoints", { url: local.url, enabled_events: ["payment.success"] });
      expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(201);
      const paymentId = await settledPayment(testKey, "+22370000001", "SUCCESS");

      const list = await run(["events", "list", "--limit", "5", "--json"], { key: testKey });
      expect(list.status, list.stderr).toBe(0);
      const event = jsonLines(list.stdout).find((e) => e.type === "payment.success" && e.data.id === paymentId)!;
      expect(event.id).toMatch(/^evt_/);

      const human = await run(["events", "list"], { key: testKey });
      expect(human.stdout).toContain(`${event.id}  payment.success`);

      const got = await run(["events", "get", event.id], { key: testKey });
      expect(JSON.parse(got.stdout)).toMatchObject({ id: event.id, type: "payment.success", data: { id: paymentId } });

      const resent = await run(["events", "resend", event.id, "--endpoint", endpoint.body.data.id, "--json"], { key: testKey });
      expect(resent.status, resent.stderr).toBe(0);
      expect(jsonLines(resent.stdout)[0]).toMatchObject({ event_id: event.id, deliveries: [{ endpoint_id: endpoint.body.data.id, response_status: 200, status: "SUCCESS" }] });
      const arrived = await until("the resent event", () => local.received.find((r) => JSON.parse(r.body).id === event.id));
      expect(new Webhook(endpoint.body.data.secret).verify(arrived.body, arrived.headers as Record<string, string>)).toMatchObject({ id: event.id });

      const missing = await run(["events", "get", "evt_missing"], { key: testKey });
      expect(missing.status).toBe(1);
      expect(missing.stderr).toContain("EVENT_NOT_FOUND");
    } finally {
      await local.close();
    }
  });
});

describe("cauri clock", () => {
  it("advances the sandbox clock by a duration", async () => {
    const { testKey } = await newMerchant();
    const r = await run(["clock", "advance", "2h", "--json"], { key: testKey });
    expect(r.status, r.stderr).toBe(0);
    expect(jsonLines(r.stdout)[0]).toMatchObject({ advanced_seconds: 7_200, offset_seconds: expect.any(Number) });
    expect(jsonLines(r.stdout)[0].offset_seconds).toBeGreaterThanOrEqual(7_200);
    const clock = await api(testKey, "GET", "/v1/sandbox/clock");
    expect(clock.body.data.offset_seconds).toBeGreaterThanOrEqual(7_200);

    const human = await run(["clock", "advance", "1h30m"], { key: testKey });
    expect(human.stdout).toMatch(/Sandbox clock advanced by 1h 30m: now \S+ \(3h 30m \d*s? ?ahead of real time\)/);

    const bad = await run(["clock", "advance", "soon"], { key: testKey });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain("is not a duration");
  });
});

describe("cauri open", () => {
  it("prints the page's URL (and opens it where a browser is)", async () => {
    const r = await run(["open", "checkout", "txn_123", "--no-browser"]);
    expect(r.stdout.trim()).toBe(`${app.base}/checkout/txn_123`);
    const docs = await run(["open", "docs", "--no-browser", "--json"]);
    expect(JSON.parse(docs.stdout)).toEqual({ url: `${app.base}/docs` });
    const bad = await run(["open", "checkout"]);
    expect(bad.status).toBe(2);
  });
});
