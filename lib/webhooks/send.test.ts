import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { CLAIM_MARGIN_MS, DELIVERY_TIMEOUT_MS, MAX_ENDPOINTS, MAX_SECRET_GRACE_SECONDS, nextDelayMs, privateTargetsAllowed, RESPONSE_EXCERPT_BYTES, RETRY_SCHEDULE_MS } from "./policy";
import { describeError } from "./errors";
import { postWebhook } from "./send";
import { blockedAddressReason, connectLookup, type Resolver } from "./targets";
import { startReceiver, waitFor } from "./test-support";

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});
async function receiver(...args: Parameters<typeof startReceiver>) {
  const r = await startReceiver(...args);
  closers.push(r.close);
  return r;
}

const open = { timeoutMs: 2_000, allowPrivateTargets: true };
const strict = { timeoutMs: 2_000, allowPrivateTargets: false };

describe("the published policy, as data", () => {
  it("retries immediately, then after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h: 8 attempts", () => {
    expect(RETRY_SCHEDULE_MS).toEqual([0, 5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000]);
    expect(Object.isFrozen(RETRY_SCHEDULE_MS)).toBe(true);
    expect(nextDelayMs(RETRY_SCHEDULE_MS, 0)).toBe(0);
    expect(nextDelayMs(RETRY_SCHEDULE_MS, 1)).toBe(5_000);
    expect(nextDelayMs(RETRY_SCHEDULE_MS, 7)).toBe(36_000_000);
    // After the 8th failed attempt there is no 9th: FAILED.
    expect(nextDelayMs(RETRY_SCHEDULE_MS, 8)).toBeNull();
  });

  it("cuts an attempt at 10 s, keeps 1 KiB of the answer, 10 endpoints, 24 h of secret grace", () => {
    expect(DELIVERY_TIMEOUT_MS).toBe(10_000);
    expect(RESPONSE_EXCERPT_BYTES).toBe(1024);
    expect(MAX_ENDPOINTS).toBe(10);
    expect(MAX_SECRET_GRACE_SECONDS).toBe(86_400);
    expect(CLAIM_MARGIN_MS).toBeGreaterThan(0);
  });

  it("allows private targets by default except in production; WEBHOOK_ALLOW_PRIVATE_TARGETS decides when set", () => {
    expect(privateTargetsAllowed({ NODE_ENV: "production" })).toBe(false);
    expect(privateTargetsAllowed({ NODE_ENV: "development" })).toBe(true);
    expect(privateTargetsAllowed({ NODE_ENV: "test" })).toBe(true);
    expect(privateTargetsAllowed({})).toBe(true);
    expect(privateTargetsAllowed({ NODE_ENV: "production", WEBHOOK_ALLOW_PRIVATE_TARGETS: "true" })).toBe(true);
    expect(privateTargetsAllowed({ NODE_ENV: "development", WEBHOOK_ALLOW_PRIVATE_TARGETS: "false" })).toBe(false);
    expect(privateTargetsAllowed({ NODE_ENV: "production", WEBHOOK_ALLOW_PRIVATE_TARGETS: "" })).toBe(false);
  });
});

describe("address classification", () => {
  it.each([
    "127.0.0.1", "127.255.255.254", "10.1.2.3", "172.16.0.1", "172.31.255.255", "192.168.1.1", "169.254.169.254", "169.254.0.1",
    "100.64.0.1", "0.0.0.0", "224.0.0.1", "255.255.255.255", "::1", "::", "fe80::1", "fc00::1", "fd00:ec2::254", "ff02::1",
    "::ffff:127.0.0.1", "::ffff:7f00:1", "::ffff:a9fe:a9fe", "64:ff9b::a9fe:a9fe", "::127.0.0.1",
  ])("refuses %s", (address) => {
    expect(blockedAddressReason(address)).toMatch(/loopback, private, link-local or reserved/);
  });

  it.each(["8.8.8.8", "1.1.1.1", "172.32.0.1", "172.15.255.255", "100.128.0.1", "169.255.0.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"])("allows %s", (address) => {
    expect(blockedAddressReason(address)).toBeNull();
  });
});

describe("postWebhook", () => {
  it("POSTs the exact body and headers and succeeds on a 2xx, with the answer's excerpt and the duration", async () => {
    const r = await receiver(() => ({ status: 202, body: "accepted" }));
    const result = await postWebhook(r.url, '{"a":1}', { "webhook-id": "evt_1" }, open);
    expect(result).toMatchObject({ ok: true, statusCode: 202, error: null, excerpt: "accepted" });
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
    expect(r.received[0].body).toBe('{"a":1}');
    expect(r.received[0].headers).toMatchObject({ "webhook-id": "evt_1", "content-type": "application/json", "content-length": "7" });
    expect(r.received[0].headers["user-agent"]).toMatch(/^Cauri-Webhooks\//);
  });

  it("fails on a 4xx or 5xx, keeping the status and the excerpt", async () => {
    const r = await receiver((n) => ({ status: n === 1 ? 404 : 500, body: n === 1 ? "nope" : "boom" }));
    expect(await postWebhook(r.url, "{}", {}, open)).toMatchObject({ ok: false, statusCode: 404, error: "HTTP 404", excerpt: "nope" });
    expect(await postWebhook(r.url, "{}", {}, open)).toMatchObject({ ok: false, statusCode: 500, error: "HTTP 500", excerpt: "boom" });
  });

  it("does not follow redirects: a 3xx is a failure and the target is never called", async () => {
    const target = await receiver();
    const r = await receiver(() => ({ status: 307, headers: { location: target.url }, body: "moved" }));
    const result = await postWebhook(r.url, "{}", {}, open);
    expect(result).toMatchObject({ ok: false, statusCode: 307, error: "HTTP 307: redirects are not followed" });
    // An absence needs a window: a followed redirect would reach the target within it.
    await new Promise((res) => setTimeout(res, 100));
    expect(target.received).toHaveLength(0);
  });

  it("keeps only the first 1 KiB of a long answer, without NUL characters", async () => {
    const r = await receiver(() => ({ status: 200, body: "\u0000" + "x".repeat(100_000) }));
    const result = await postWebhook(r.url, "{}", {}, open);
    expect(result.ok).toBe(true);
    expect(result.excerpt).toBe("x".repeat(RESPONSE_EXCERPT_BYTES - 1));
  });

  it("keeps an answer of exactly 1 KiB whole", async () => {
    const r = await receiver(() => ({ status: 200, body: "y".repeat(1024) }));
    expect((await postWebhook(r.url, "{}", {}, open)).excerpt).toBe("y".repeat(1024));
  });

  it("cuts a receiver that never answers at the timeout", async () => {
    const r = await receiver(() => ({ hang: true }));
    const started = Date.now();
    const result = await postWebhook(r.url, "{}", {}, { ...open, timeoutMs: 250 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(245);
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(result).toMatchObject({ ok: false, statusCode: null, error: "timed out after 250 ms", excerpt: null });
  });

  it("a receiver answering later than the timeout fails; just within it succeeds", async () => {
    const late = await receiver(() => ({ delayMs: 400 }));
    expect((await postWebhook(late.url, "{}", {}, { ...open, timeoutMs: 200 })).error).toBe("timed out after 200 ms");
    const onTime = await receiver(() => ({ delayMs: 50 }));
    expect((await postWebhook(onTime.url, "{}", {}, { ...open, timeoutMs: 1_000 })).ok).toBe(true);
  });

  it("a 2xx status received within the time decides, even if the body never ends", async () => {
    const server = http.createServer((req, res) => {
      req.resume();
      res.writeHead(200);
      res.write("partial");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    closers.push(() => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const result = await postWebhook(url, "{}", {}, { ...open, timeoutMs: 300 });
    expect(result).toMatchObject({ ok: true, statusCode: 200, excerpt: "partial" });
  });

  it("reports a refused connection as a network error", async () => {
    const r = await receiver();
    await r.close();
    closers.pop();
    const result = await postWebhook(r.url, "{}", {}, open);
    expect(result).toMatchObject({ ok: false, statusCode: null });
    expect(result.error).toMatch(/^ECONNREFUSED/);
  });

  describe("when private targets are not allowed", () => {
    it.each(["http://127.0.0.1:{port}/hooks", "http://[::1]:{port}/", "http://localhost:{port}/", "http://api.localhost:{port}/", "http://169.254.169.254/latest/meta-data", "http://[::ffff:127.0.0.1]:{port}/", "http://10.0.0.1/"])(
      "refuses %s without connecting",
      async (template) => {
        const r = await receiver();
        const result = await postWebhook(template.replace("{port}", String(r.port)), "{}", {}, strict);
        expect(result).toMatchObject({ ok: false, statusCode: null });
        expect(result.error).toMatch(/^target not allowed: /);
        expect(r.received).toHaveLength(0);
      },
    );

    it("checks the address a name resolves to at connect time (a public-looking name pointing at loopback is refused)", async () => {
      const r = await receiver();
      const rebinding: Resolver = async () => [{ address: "127.0.0.1", family: 4 }];
      const refused = await postWebhook(`http://hooks.example.com:${r.port}/x`, "{}", {}, { ...strict, resolver: rebinding });
      expect(refused.error).toBe("target not allowed: hooks.example.com resolves to 127.0.0.1 is a loopback, private, link-local or reserved address");
      expect(r.received).toHaveLength(0);
      // The same name and answer with private targets allowed does connect there: the check is what refused it.
      const allowed = await postWebhook(`http://hooks.example.com:${r.port}/x`, "{}", {}, { ...open, resolver: rebinding });
      expect(allowed.ok).toBe(true);
      await waitFor(() => r.received[0]);
      expect(r.received[0].headers.host).toBe(`hooks.example.com:${r.port}`);
    });

    it("refuses a name when any of its addresses is private, even beside a public one", async () => {
      const mixed: Resolver = async () => [{ address: "93.184.216.34", family: 4 }, { address: "10.0.0.7", family: 4 }];
      const result = await postWebhook("http://mixed.example.com/", "{}", {}, { ...strict, resolver: mixed });
      expect(result.error).toMatch(/^target not allowed: mixed.example.com resolves to 10.0.0.7/);
    });

    it("lets a public address through the guard", async () => {
      const lookup = connectLookup(async () => [{ address: "93.184.216.34", family: 4 }], false);
      const answer = await new Promise<unknown>((resolve) => lookup("example.com", { all: true }, (err, addresses) => resolve(err ?? addresses)));
      expect(answer).toEqual([{ address: "93.184.216.34", family: 4 }]);
      const single = await new Promise<unknown>((resolve) => lookup("example.com", {}, (err, address, family) => resolve(err ?? [address, family])));
      expect(single).toEqual(["93.184.216.34", 4]);
    });
  });
});

describe("describeError", () => {
  it("keeps a query failure's database reason and drops the SQL text", () => {
    const wrapped = Object.assign(new Error("Failed query: select secret from x where a = $1\nparams: whsec_abc"), { cause: Object.assign(new Error("deadlock detected"), { code: "40P01" }) });
    expect(describeError(wrapped)).toBe("query failed: 40P01 deadlock detected");
    expect(describeError(new Error("plain"))).toBe("plain");
    expect(describeError("text")).toBe("text");
  });
});
