import { afterEach, describe, expect, it } from "vitest";
import { GET, POST, PUT } from "./route";

const saved = { event: process.env.INNGEST_EVENT_KEY, signing: process.env.INNGEST_SIGNING_KEY, dev: process.env.INNGEST_DEV };
afterEach(() => {
  for (const [name, value] of [["INNGEST_EVENT_KEY", saved.event], ["INNGEST_SIGNING_KEY", saved.signing], ["INNGEST_DEV", saved.dev]] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

const call = (handler: typeof GET, method: string) => handler(new Request("http://localhost/api/inngest", { method, headers: { "content-type": "application/json" }, body: method === "GET" ? undefined : "{}" }), {});

describe("/api/inngest", () => {
  it("does not exist without Inngest's keys (the embedded runner's default): a JSON 404 to anyone, never the SDK's 500", async () => {
    delete process.env.INNGEST_EVENT_KEY;
    delete process.env.INNGEST_SIGNING_KEY;
    delete process.env.INNGEST_DEV;
    for (const [handler, method] of [[GET, "GET"], [POST, "POST"], [PUT, "PUT"]] as const) {
      const res = await call(handler, method);
      expect(res.status, method).toBe(404);
      expect(await res.json()).toMatchObject({ success: false, error: { code: "NOT_FOUND", message: expect.stringContaining("Inngest is not configured") } });
    }
  });

  it("is Inngest's endpoint once configured: an unsigned call is refused by the SDK, not by us", async () => {
    process.env.INNGEST_EVENT_KEY = "test-event-key";
    process.env.INNGEST_SIGNING_KEY = "signkey-test-0123456789abcdef0123456789abcdef";
    const res = await call(POST, "POST");
    expect(res.status).not.toBe(404);
    expect(res.status).toBeLessThan(500);
  });
});
