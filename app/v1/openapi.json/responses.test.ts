import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { call, type CallOptions } from "@/tests/support/http";
import { newMerchant } from "@/tests/support/merchant";
import { expectMatchesOpenApi } from "@/tests/support/openapi";
import { routeIndex } from "@/app/v1/route-index";

type Handler = Parameters<typeof call>[0];

/** The handler the index lists for a concrete path, found like Next.js finds it (literal segments first). */
function handlerFor(method: string, path: string): Handler {
  const parts = path.split("?")[0].split("/");
  const candidates = routeIndex
    .map((r) => ({ r, t: r.path.split("/") }))
    .filter(({ t }) => t.length === parts.length && t.every((seg, i) => /^\{.+\}$/.test(seg) || seg === parts[i]))
    .sort((a, b) => b.t.filter((s) => !s.startsWith("{")).length - a.t.filter((s) => !s.startsWith("{")).length);
  const handler = candidates[0]?.r.module[method];
  if (!handler) throw new Error(`no route for ${method} ${path}`);
  return handler as Handler;
}

function paramsOf(path: string): Record<string, string> {
  const parts = path.split("?")[0].split("/");
  const entry = routeIndex.find((r) => r.path.split("/").length === parts.length && r.path.split("/").every((s, i) => s.startsWith("{") || s === parts[i]))!;
  return Object.fromEntries(entry.path.split("/").flatMap((s, i) => (s.startsWith("{") ? [[s.slice(1, -1), parts[i]]] : [])));
}

/** A real request through the route's handler; the answer must be what the document promises. */
async function checked(method: string, path: string, options: CallOptions = {}) {
  const res = await call(handlerFor(method, path), method, path, { params: paramsOf(path), ...options });
  expectMatchesOpenApi(method, path, res.status, res.body);
  return res;
}

const paymentBody = (phone = "+22370000001", amount = 100_000) => ({
  amount,
  payment_method: "OPERATOR_MONEY",
  customer_phone: phone,
  return_url: "https://shop.example/merci",
  client_reference: `order-${randomUUID().slice(0, 8)}`,
});

// Real answers of real routes, validated against the generated document: a route whose output
// drifts from its declared schema (a missing, extra or mistyped field, an undeclared error code
// or status) fails here.
describe("real responses match the OpenAPI document", () => {
  it("payments: create, list, read, simulate, and their errors", async () => {
    const m = await newMerchant();
    const key = m.testKey;
    const created = await checked("POST", "/v1/payments", { key, body: paymentBody("+22376000000"), idempotencyKey: randomUUID() });
    expect(created.status).toBe(201);
    const id = created.body.data.id as string;

    expect((await checked("POST", "/v1/payments", { key, body: paymentBody() })).body.error.code).toBe("IDEMPOTENCY_KEY_REQUIRED");
    expect((await checked("POST", "/v1/payments", { key, body: { ...paymentBody(), amount: 99 }, idempotencyKey: randomUUID() })).body.error.code).toBe("INVALID_AMOUNT");
    expect((await checked("POST", "/v1/payments", { key, rawBody: "{", headers: { "content-type": "application/json" }, idempotencyKey: randomUUID() })).body.error.code).toBe("INVALID_JSON");
    expect((await checked("GET", "/v1/payments")).status).toBe(401);

    expect((await checked("GET", "/v1/payments?page=1&limit=5", { key })).status).toBe(200);
    expect((await checked("GET", `/v1/payments/${id}`, { key })).body.data.id).toBe(id);
    expect((await checked("GET", `/v1/payments/${id}`)).body.data.id).toBe(id);
    expect((await checked("GET", "/v1/payments/txn_doesnotexist", { key })).status).toBe(404);

    const settled = await checked("POST", `/v1/sandbox/payments/${id}/simulate`, { key, body: { outcome: "SUCCESS" } });
    expect(settled.body.data.status).toBe("SUCCESS");
    expect((await checked("POST", `/v1/sandbox/payments/${id}/simulate`, { key, body: { outcome: "FAILED" } })).status).toBe(409);
  });

  it("withdrawals: balance, quote, create, list, cancel, and their errors", async () => {
    const m = await newMerchant({ kycStatus: "approved" });
    const key = m.testKey;
    const paid = await checked("POST", "/v1/payments", { key, body: paymentBody("+22376000001", 200_000), idempotencyKey: randomUUID() });
    await checked("POST", `/v1/sandbox/payments/${paid.body.data.id}/simulate`, { key, body: { outcome: "SUCCESS" } });

    expect((await checked("GET", "/v1/withdrawals/balance", { key })).status).toBe(200);
    expect((await checked("GET", "/v1/withdrawals/quote?amount=50000", { key })).status).toBe(200);
    const body = { amount: 50_000, provider: "OPERATOR_MONEY", phone_number: "+22376543210" };
    const created = await checked("POST", "/v1/withdrawals", { key, body, idempotencyKey: randomUUID() });
    expect(created.status).toBe(201);
    expect((await checked("POST", "/v1/withdrawals", { key, body })).body.error.code).toBe("IDEMPOTENCY_KEY_REQUIRED");
    expect((await checked("POST", "/v1/withdrawals", { key, body: { ...body, amount: 49_999 }, idempotencyKey: randomUUID() })).body.error.code).toBe("INVALID_AMOUNT");
    expect((await checked("POST", "/v1/withdrawals", { key, body: { amount: 50_000, recipient_phone: "+22376543210" }, idempotencyKey: randomUUID() })).status).toBe(400);
    expect((await checked("POST", "/v1/withdrawals", { key, body: { ...body, amount: 5_000_000 }, idempotencyKey: randomUUID() })).body.error.code).toBe("INSUFFICIENT_BALANCE");

    expect((await checked("GET", "/v1/withdrawals", { key })).status).toBe(200);
    const id = created.body.data.id as string;
    expect((await checked("GET", `/v1/withdrawals/${id}`, { key })).status).toBe(200);
    expect((await checked("PATCH", `/v1/withdrawals/${id}/cancel`, { key })).body.data.status).toBe("CANCELLED");
    expect((await checked("PATCH", `/v1/withdrawals/${id}/cancel`, { key })).status).toBe(409);
  });

  it("public utilities and the document itself", async () => {
    for (const path of ["/v1/openapi.json", "/v1/platform/plans", "/v1/providers/enabled"]) {
      if (routeIndex.some((r) => r.path === path)) expect((await checked("GET", path)).status).toBe(200);
    }
  });
});
