/**
 * Webhook targets: every IPv4-mapped or -translated IPv6 form is judged on the IPv4 address it
 * carries, at endpoint creation (400 WEBHOOK_URL_NOT_ALLOWED when private targets are not
 * allowed) and at delivery, on the address actually connected to.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { PATCH as patchEndpoint } from "@/app/v1/webhooks/endpoints/[id]/route";
import { POST as createEndpoint } from "@/app/v1/webhooks/endpoints/route";
import { postWebhook } from "@/lib/webhooks/send";
import type { Resolver } from "@/lib/webhooks/targets";
import { startReceiver } from "@/lib/webhooks/test-support";
import { call } from "@/tests/support/http";
import { newMerchant } from "@/tests/support/merchant";

afterEach(() => {
  vi.unstubAllEnvs();
});

/** Each one reaches loopback, a private network or the metadata address. */
const MAPPED = [
  "http://[::ffff:0:7f00:1]/", // the example: IPv4-translated ::ffff:0:0:0/96
  "http://[::ffff:0:127.0.0.1]/",
  "http://[::ffff:0:a9fe:a9fe]/latest/meta-data",
  "http://[::ffff:127.0.0.1]/", // IPv4-mapped ::ffff:0:0/96
  "http://[::ffff:7f00:1]:8080/",
  "http://[::ffff:c0a8:101]/",
  "http://[64:ff9b::7f00:1]/", // NAT64 well-known prefix
  "http://[64:ff9b::a9fe:a9fe]/",
  "http://[64:ff9b:1::a00:1]/", // NAT64 local-use prefix 64:ff9b:1::/48
  "http://[::127.0.0.1]/", // IPv4-compatible
  "http://[::a00:1]/",
  "http://[2002:7f00:1::1]/", // 6to4 carrying 127.0.0.1
  "http://[2002:a9fe:a9fe::1]/", // 6to4 carrying 169.254.169.254
  "http://[2001:0:808:808::80ff:fffe]/", // Teredo, client 127.0.0.1
  "http://[2001:0:a00:1::f7f7:f7f7]/", // Teredo, server 10.0.0.1
];

describe("POST /v1/webhooks/endpoints (private targets not allowed)", () => {
  const make = (key: string, url: string) => call(createEndpoint, "POST", "/v1/webhooks/endpoints", { key, body: { url } });

  it.each(MAPPED)("refuses %s with WEBHOOK_URL_NOT_ALLOWED", async (url) => {
    vi.stubEnv("WEBHOOK_ALLOW_PRIVATE_TARGETS", "false");
    const m = await newMerchant();
    const res = await make(m.testKey, url);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: "WEBHOOK_URL_NOT_ALLOWED", param: "url" });
  });

  it("refuses them on PATCH too, and accepts forms carrying a public IPv4 address", async () => {
    vi.stubEnv("WEBHOOK_ALLOW_PRIVATE_TARGETS", "false");
    const m = await newMerchant();
    for (const url of ["http://[::ffff:8.8.8.8]/", "http://[::ffff:0:808:808]/", "http://[64:ff9b::808:808]/", "http://[2002:808:808::1]/"]) {
      expect((await make(m.testKey, url)).status, url).toBe(201);
    }
    const id = (await make(m.testKey, "https://hooks.example.ml/")).body.data.id;
    const res = await call(patchEndpoint, "PATCH", `/v1/webhooks/endpoints/${id}`, { key: m.testKey, params: { id }, body: { url: "http://[::ffff:0:7f00:1]/" } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("WEBHOOK_URL_NOT_ALLOWED");
  });
});

describe("delivery (on the address actually connected to)", () => {
  const strict = { timeoutMs: 2_000, allowPrivateTargets: false };

  it.each(MAPPED)("does not connect to %s", async (url) => {
    const result = await postWebhook(url, "{}", {}, strict);
    expect(result).toMatchObject({ ok: false, statusCode: null });
    expect(result.error).toMatch(/^target not allowed: /);
  });

  it.each(["::ffff:0:7f00:1", "::ffff:127.0.0.1", "64:ff9b::7f00:1", "::127.0.0.1", "2002:7f00:1::", "2001:0:808:808::80ff:fffe"])(
    "refuses a name that resolves to %s (it would reach a local receiver)",
    async (address) => {
      const receiver = await startReceiver();
      try {
        const resolver: Resolver = async () => [{ address, family: 6 }];
        const result = await postWebhook(`http://hooks.example.com:${receiver.port}/x`, "{}", {}, { ...strict, resolver });
        expect(result.error).toMatch(new RegExp(`^target not allowed: hooks\\.example\\.com resolves to ${address.replace(/[.:]/g, "\\$&")} is a loopback, private, link-local or reserved address`));
        expect(receiver.received).toHaveLength(0);
      } finally {
        await receiver.close();
      }
    },
  );
});
