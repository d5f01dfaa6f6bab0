import { describe, expect, it } from "vitest";
import * as detailRoute from "@/app/dashboard-api/developers/requests/[id]/route";
import * as listRoute from "@/app/dashboard-api/developers/requests/route";
import * as v1Payments from "@/app/v1/payments/route";
import * as v1Payment from "@/app/v1/payments/[id]/route";
import * as v1Endpoints from "@/app/v1/webhooks/endpoints/route";
import { db } from "@/db/client";
import type { MerchantRole } from "@/db/schema";
import { mintSessionCookie } from "@/lib/auth/session-token";
import { createUser } from "@/lib/auth/users";
import { flushRequestLog } from "@/lib/request-log/store";
import { MASK } from "@/lib/request-log/mask";
import { call } from "@/tests/support/http";
import { newMerchant } from "@/tests/support/merchant";

const ORIGIN = "http://localhost:3000";
let seq = 0;

/** A merchant that made a few /v1 calls: a payment (201), a refused one (400), an unknown payment (404), an endpoint (201, with its secret). */
async function setup() {
  const m = await newMerchant({ name: "Boutique Journal" });
  const as = async (role: MerchantRole) => {
    const user = await createUser(db(), { email: `${role}-${Date.now()}-${seq++}@journal.example.ml`, password: "phrase de passe solide", role: "merchant", merchantId: m.merchant.id, merchantRole: role });
    return { cookie: `${await mintSessionCookie(user)}; cauri_mode=test`, origin: ORIGIN };
  };
  const payment = { amount: 12_500, payment_method: "OPERATOR_MONEY", customer_phone: "+22370000009", return_url: "https://shop.example.ml/merci", description: `Note ${m.testKey}` };
  expect((await call(v1Payments.POST, "POST", "/v1/payments", { key: m.testKey, body: payment, idempotencyKey: `j-${seq++}` })).status).toBe(201);
  expect((await call(v1Payments.POST, "POST", "/v1/payments", { key: m.testKey, body: { ...payment, amount: 99 }, idempotencyKey: `j-${seq++}` })).status).toBe(400);
  expect((await call(v1Payment.GET, "GET", "/v1/payments/txn_missing", { key: m.testKey, params: { id: "txn_missing" } })).status).toBe(404);
  const endpoint = await call(v1Endpoints.POST, "POST", "/v1/webhooks/endpoints", { key: m.testKey, body: { url: "https://hooks.example.ml/cauri" } });
  expect(endpoint.status).toBe(201);
  await flushRequestLog(db());
  return { ...m, as, secret: endpoint.body.data.secret as string };
}

const list = (headers: Record<string, string>, query = "") => call(listRoute.GET, "GET", `/dashboard-api/developers/requests${query}`, { headers });
const detail = (headers: Record<string, string>, id: string) => call(detailRoute.GET, "GET", `/dashboard-api/developers/requests/${id}`, { params: { id }, headers });
const lines = (res: Awaited<ReturnType<typeof list>>) => res.body.data.requests.map((r: { method: string; path: string; status: number }) => `${r.method} ${r.path} ${r.status}`);

describe("the request log in the dashboard", () => {
  it("filters by status class, exact status and path prefix; lists no body", async () => {
    const s = await setup();
    const dev = await s.as("developer");
    expect(lines(await list(dev))).toEqual(["POST /v1/webhooks/endpoints 201", "GET /v1/payments/txn_missing 404", "POST /v1/payments 400", "POST /v1/payments 201"]);
    expect(lines(await list(dev, "?status=4xx"))).toEqual(["GET /v1/payments/txn_missing 404", "POST /v1/payments 400"]);
    expect(lines(await list(dev, "?status=400"))).toEqual(["POST /v1/payments 400"]);
    expect(lines(await list(dev, "?status=5xx"))).toEqual([]);
    expect(lines(await list(dev, "?path=/v1/payments"))).toEqual(["GET /v1/payments/txn_missing 404", "POST /v1/payments 400", "POST /v1/payments 201"]);
    expect(lines(await list(dev, "?path=/v1/payments/&status=2xx"))).toEqual([]);
    // LIKE wildcards in the prefix match only themselves.
    expect(lines(await list(dev, "?path=/v1/pay%25"))).toEqual([]);
    expect(lines(await list(dev, "?path=/v1/_ebhooks"))).toEqual([]);
    expect((await list(dev)).body.data.requests[0]).not.toHaveProperty("response_body");
  });

  it("refuses a status that is neither a class nor an HTTP status, and a path that is not one", async () => {
    const s = await setup();
    const dev = await s.as("owner");
    for (const status of ["3xx", "600", "99", "4XX1", "abc"]) {
      const res = await list(dev, `?status=${status}`);
      expect([status, res.status, res.body.error.code, res.body.error.param]).toEqual([status, 400, "INVALID_STATUS_FILTER", "status"]);
    }
    const path = await list(dev, "?path=payments");
    expect([path.status, path.body.error.code, path.body.error.param]).toEqual([400, "INVALID_FIELD", "path"]);
    expect((await list(dev, "?status=100")).status).toBe(200);
    expect((await list(dev, "?status=599")).status).toBe(200);
  });

  it("opens one request with its bodies, secrets, keys and phone numbers masked", async () => {
    const s = await setup();
    const dev = await s.as("admin");
    const [endpointCall, , refused, created] = (await list(dev)).body.data.requests as { id: string }[];

    const payment = (await detail(dev, created.id)).body.data;
    expect(payment).toMatchObject({ method: "POST", path: "/v1/payments", status: 201 });
    const sent = JSON.parse(payment.request_body);
    expect(sent).toMatchObject({ amount: 12_500, customer_phone: "+223••••••09", description: `Note ${s.testKey.slice(0, 12)}…${s.testKey.slice(-4)}` });
    expect(JSON.parse(payment.response_body)).toMatchObject({ success: true, data: { amount: 12_500, status: "PENDING" } });
    expect(payment.request_body + payment.response_body).not.toContain("+22370000009");
    expect(payment.request_body + payment.response_body).not.toContain(s.testKey);

    const error = (await detail(dev, refused.id)).body.data;
    expect(JSON.parse(error.response_body)).toMatchObject({ success: false, error: { code: "INVALID_AMOUNT", param: "amount" } });

    const endpoint = (await detail(dev, endpointCall.id)).body.data;
    expect(JSON.parse(endpoint.response_body).data.secret).toBe(MASK);
    expect(endpoint.response_body).not.toContain(s.secret.slice("whsec_".length));
  });

  it("finds nothing of another merchant's log, nor an id that is not one", async () => {
    const s = await setup();
    const other = await setup();
    const [theirs] = (await list(await other.as("owner"))).body.data.requests as { id: string }[];
    const dev = await s.as("developer");
    for (const id of [theirs.id, "abc", "99999999999999999999"]) {
      const res = await detail(dev, id);
      expect([res.status, res.body.error.code]).toEqual([404, "REQUEST_LOG_ENTRY_NOT_FOUND"]);
    }
  });

  it("is refused to a viewer (403 ROLE_FORBIDDEN): bodies are for roles with developers.logs", async () => {
    const s = await setup();
    const viewer = await s.as("viewer");
    const [one] = (await list(await s.as("owner"))).body.data.requests as { id: string }[];
    for (const res of [await list(viewer), await detail(viewer, one.id)]) expect([res.status, res.body.error.code]).toEqual([403, "ROLE_FORBIDDEN"]);
  });
});
