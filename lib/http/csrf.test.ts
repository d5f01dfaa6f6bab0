import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import * as teamRoute from "@/app/dashboard-api/team/route";
import { db } from "@/db/client";
import { mintSessionCookie } from "@/lib/auth/session-token";
import { createUser } from "@/lib/auth/users";
import { createAppServer } from "@/server/http-server";
import { serverOptions } from "@/server/options";
import { newMerchant } from "@/tests/support/merchant";
import { isSameOriginRequest } from "@/lib/http/csrf";

/**
 * X-Forwarded-Host names the host a request was sent to only when a proxy we trust wrote it
 * (CAURI_TRUSTED_PROXIES): otherwise any page could name its own host there and pass the check.
 */
const closers: (() => void)[] = [];
const savedSetting = process.env.CAURI_TRUSTED_PROXIES;
afterEach(() => {
  for (const close of closers.splice(0)) close();
  if (savedSetting === undefined) delete process.env.CAURI_TRUSTED_PROXIES;
  else process.env.CAURI_TRUSTED_PROXIES = savedSetting;
});

/** The real edge, configured by CAURI_TRUSTED_PROXIES as in production, in front of the real POST /dashboard-api/team handler. */
async function edge(trustedProxies: number): Promise<string> {
  process.env.CAURI_TRUSTED_PROXIES = String(trustedProxies);
  const { server } = createAppServer(serverOptions(), async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
    const response = await teamRoute.POST(new Request(`http://${req.headers.host}${req.url}`, { method: req.method, headers, body: Buffer.concat(chunks) }));
    res.writeHead(response.status, { "content-type": "application/json" });
    res.end(await response.text());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  closers.push(() => {
    server.closeAllConnections();
    server.close();
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function owner() {
  const { merchant } = await newMerchant();
  const user = await createUser(db(), { email: `owner-${crypto.randomUUID()}@csrf.example.ml`, password: "phrase de passe solide", role: "merchant", merchantId: merchant.id, merchantRole: "owner" });
  return mintSessionCookie(user);
}

const invite = (base: string, cookie: string, headers: Record<string, string>) =>
  fetch(`${base}/dashboard-api/team`, {
    method: "POST",
    headers: { cookie, "content-type": "application/json", ...headers },
    body: JSON.stringify({ email: `member-${crypto.randomUUID()}@csrf.example.ml`, role: "finance" }),
  });

describe("the CSRF check behind the edge", () => {
  it("with no trusted proxy, refuses a page that names its own host in X-Forwarded-Host", async () => {
    const base = await edge(0);
    const res = await invite(base, await owner(), { origin: "http://evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "http" });
    expect(res.status).toBe(403);
    expect((await res.json()).error.code).toBe("CSRF_REJECTED");
    // The same request from the dashboard's own page still goes through.
    expect((await invite(base, await owner(), { origin: base })).status).toBe(201);
  });

  it("behind one trusted proxy, takes the host that proxy wrote, not one a client put before it", async () => {
    const base = await edge(1);
    const cookie = await owner();
    // The proxy appends the host the browser asked for after whatever the client sent.
    expect((await invite(base, cookie, { origin: "https://pay.cauri.example", "x-forwarded-host": "pay.cauri.example", "x-forwarded-for": "203.0.113.9" })).status).toBe(201);
    const forged = await invite(base, cookie, { origin: "http://evil.example", "x-forwarded-host": "evil.example, pay.cauri.example", "x-forwarded-for": "6.6.6.6, 203.0.113.9" });
    expect(forged.status).toBe(403);
  });
});

describe("the CSRF check where no edge runs (next dev)", () => {
  const request = (headers: Record<string, string>) => new Request("http://127.0.0.1:3000/dashboard-api/team", { method: "POST", headers: { host: "127.0.0.1:3000", ...headers } });
  it("reads X-Forwarded-Host under the same rule", () => {
    const attack = request({ origin: "http://evil.example", "x-forwarded-host": "evil.example" });
    process.env.CAURI_TRUSTED_PROXIES = "0";
    expect(isSameOriginRequest(attack)).toBe(false);
    expect(isSameOriginRequest(request({ origin: "http://127.0.0.1:3000" }))).toBe(true);
    process.env.CAURI_TRUSTED_PROXIES = "1";
    expect(isSameOriginRequest(request({ origin: "https://pay.cauri.example", "x-forwarded-host": "pay.cauri.example" }))).toBe(true);
    expect(isSameOriginRequest(request({ origin: "http://evil.example", "x-forwarded-host": "evil.example, pay.cauri.example" }))).toBe(false);
  });
});
