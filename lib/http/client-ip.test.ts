import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { applyTrustedForwarding, clientAddress, trustedProxies } from "@/server/edge";
import { createAppServer } from "@/server/http-server";
import { serverOptions } from "@/server/options";
import { clientIpOf } from "./client-ip";

describe("the client's address", () => {
  it("is the socket's when no proxy is trusted, whatever X-Forwarded-For says", () => {
    expect(clientAddress("6.6.6.6", "10.0.0.5", 0)).toBe("10.0.0.5");
    expect(clientAddress(undefined, "10.0.0.5", 0)).toBe("10.0.0.5");
  });

  it("is the entry the trusted proxies appended: what a client writes before it is ignored", () => {
    expect(clientAddress("203.0.113.7", "10.0.0.1", 1)).toBe("203.0.113.7");
    expect(clientAddress("6.6.6.6, 203.0.113.7", "10.0.0.1", 1)).toBe("203.0.113.7");
    expect(clientAddress("6.6.6.6, 203.0.113.7, 10.0.0.2", "10.0.0.1", 2)).toBe("203.0.113.7");
    // Fewer entries than trusted hops: the first one is all there is; none at all: the socket.
    expect(clientAddress("203.0.113.7", "10.0.0.1", 3)).toBe("203.0.113.7");
    expect(clientAddress(undefined, "10.0.0.1", 1)).toBe("10.0.0.1");
  });

  it("keeps X-Forwarded-Host and -Proto only as a trusted proxy wrote them, and drops them all with none", () => {
    const sent = () => ({ "x-forwarded-host": "evil.example, pay.cauri.example", "x-forwarded-proto": "http, https", "x-forwarded-for": "6.6.6.6, 203.0.113.7", "x-cauri-client-ip": "7.7.7.7" });
    const untrusted: Record<string, string | undefined> = sent();
    applyTrustedForwarding(untrusted, "10.0.0.1", 0);
    expect(untrusted).toEqual({ "x-cauri-client-ip": "10.0.0.1" });
    const proxied: Record<string, string | undefined> = sent();
    applyTrustedForwarding(proxied, "10.0.0.1", 1);
    expect(proxied).toEqual({ "x-forwarded-host": "pay.cauri.example", "x-forwarded-proto": "https", "x-forwarded-for": "6.6.6.6, 203.0.113.7", "x-cauri-client-ip": "203.0.113.7" });
  });

  it("refuses a CAURI_TRUSTED_PROXIES that is not a whole number", () => {
    expect(trustedProxies(undefined)).toBe(0);
    expect(trustedProxies("2")).toBe(2);
    for (const bad of ["-1", "one", "", "1.5"]) expect(() => trustedProxies(bad)).toThrow(/CAURI_TRUSTED_PROXIES/);
  });

  it("reaches Next.js's handler through the server as x-cauri-client-ip, replacing a client's own value", async () => {
    const { server } = createAppServer({ ...serverOptions(), trustedProxies: 0 }, async (req, res) => {
      res.end(clientIpOf(new Headers(req.headers as Record<string, string>)));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/`, { headers: { "x-forwarded-for": "6.6.6.6", "x-cauri-client-ip": "7.7.7.7" } });
      expect(await res.text()).toBe("127.0.0.1");
    } finally {
      server.close();
    }
  });
});
