import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { isNotAllowedHandler } from "@/lib/http/method-not-allowed";
import { HTTP_METHODS } from "@/lib/http/openapi/types";
import { call } from "@/tests/support/http";
import { newMerchant } from "@/tests/support/merchant";
import { routeIndex } from "@/app/v1/route-index";
import * as paymentRoute from "./payments/[id]/route";
import * as paymentsRoute from "./payments/route";

// PostgreSQL text and jsonb cannot hold U+0000: every such input must be a 4xx, never a failed query (500).
const NUL = "\u0000";
const valid = { amount: 12_500, payment_method: "OPERATOR_MONEY", customer_phone: "+22370000001", return_url: "https://shop.example/merci" };

describe("a NUL character (U+0000) in the input, or input nested too deep", () => {
  it("in a body field is a 400 naming the field (with the field's own code when it has one), and frees the idempotency key", async () => {
    const m = await newMerchant();
    const key = randomUUID();
    for (const [param, code, body] of [
      ["client_reference", "INVALID_FIELD", { ...valid, client_reference: `CMD${NUL}1` }],
      ["description", "INVALID_FIELD", { ...valid, description: `Pagne${NUL}` }],
      ["metadata", "INVALID_METADATA", { ...valid, metadata: { order: `A${NUL}` } }],
      ["metadata", "INVALID_METADATA", { ...valid, metadata: { [`or${NUL}der`]: "A" } }],
    ] as const) {
      const res = await call(paymentsRoute.POST, "POST", "/v1/payments", { key: m.testKey, idempotencyKey: key, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ success: false, error: { code, param } });
      expect(res.body.error.message).toContain("NUL");
    }
    const retried = await call(paymentsRoute.POST, "POST", "/v1/payments", { key: m.testKey, idempotencyKey: key, body: valid });
    expect(retried.status).toBe(201);
  });

  it("and JSON nested deeper than 32 levels is a 400 too, however deep (no stack overflow)", async () => {
    const m = await newMerchant();
    // Built as text: JSON.stringify itself cannot go that deep.
    const bodyNested = (depth: number) => {
      const text = JSON.stringify({ ...valid, metadata: { a: "__A__" } });
      return text.replace('"__A__"', `${"[".repeat(depth)}"x"${"]".repeat(depth)}`);
    };
    const send = (depth: number) =>
      call(paymentsRoute.POST, "POST", "/v1/payments", { key: m.testKey, idempotencyKey: randomUUID(), rawBody: bodyNested(depth), headers: { "content-type": "application/json" } });
    // metadata.a is level 2 of the body: 30 more arrays reach level 32 (allowed), 31 go one over.
    expect((await send(30)).status).toBe(201);
    for (const depth of [31, 5_000, 200_000]) {
      const res = await send(depth);
      expect(res.status, String(depth)).toBe(400);
      expect(res.body.error).toMatchObject({ code: "INVALID_METADATA", param: "metadata" });
    }
  });

  it("in a query parameter is 400 INVALID_FIELD", async () => {
    const m = await newMerchant();
    const res = await call(paymentsRoute.GET, "GET", `/v1/payments?client_reference=${encodeURIComponent(`A${NUL}`)}`, { key: m.testKey });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: "INVALID_FIELD", param: "client_reference" });
  });

  it("in a path segment (%00) is 404 NOT_FOUND, with or without a key", async () => {
    const m = await newMerchant();
    for (const key of [m.testKey, undefined]) {
      const res = await call(paymentRoute.GET, "GET", "/v1/payments/%00", { key, params: { id: NUL } });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe("NOT_FOUND");
    }
  });

  it("in every path parameter of every route never answers 500", async () => {
    const m = await newMerchant({ secureOrdersEnabled: true, kycStatus: "approved" });
    for (const entry of routeIndex) {
      const names = [...entry.path.matchAll(/\{(\w+)\}/g)].map(([, n]) => n);
      if (names.length === 0) continue;
      const params = Object.fromEntries(names.map((n) => [n, `x${NUL}`]));
      for (const method of HTTP_METHODS) {
        const handler = entry.module[method];
        if (typeof handler !== "function" || isNotAllowedHandler(handler)) continue;
        const res = await call(handler as Parameters<typeof call>[0], method, entry.path.replace(/\{\w+\}/g, "x%00"), {
          key: m.testKey,
          params,
          idempotencyKey: randomUUID(),
          ...(method === "GET" || method === "DELETE" ? {} : { body: {} }),
        });
        expect(res.status, `${method} ${entry.path}`).toBe(404);
        expect(res.body.error.code, `${method} ${entry.path}`).toBe("NOT_FOUND");
      }
    }
  });
});
