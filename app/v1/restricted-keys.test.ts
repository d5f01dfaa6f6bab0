import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { withdrawals } from "@/db/schema";
import { issueApiKey, revokeApiKey } from "@/lib/platform/api-keys";
import type { KeyPermissionLevel } from "@/lib/platform/key-permissions";
import { appServerForFile } from "@/tests/support/app-server";
import { call } from "@/tests/support/http";
import { newMerchant } from "@/tests/support/merchant";
import { GET as getInvoices, POST as postInvoice } from "./invoices/route";
import { GET as getPayment } from "./payments/[id]/route";
import { GET as listPayments, POST as createPayment } from "./payments/route";
import { GET as balance } from "./withdrawals/balance/route";
import { GET as listWithdrawals, POST as postWithdrawal } from "./withdrawals/route";

const server = appServerForFile();
const payment = { amount: 12_500, payment_method: "OPERATOR_MONEY", customer_phone: "+22370000009", return_url: "https://shop.example.ml/merci" };
const withdrawal = { amount: 100_000, provider: "OPERATOR_MONEY", phone_number: "+22370000001" };
let seq = 0;

async function restricted(permissions: Record<string, KeyPermissionLevel>) {
  const m = await newMerchant();
  const issued = await issueApiKey(db(), { merchantId: m.merchant.id, applicationId: m.applicationId, mode: "test", name: "Caisse", permissions });
  return { ...m, restrictedKey: issued.key, restrictedId: issued.id };
}

const denied = (permission: string) => ({
  success: false,
  error: { code: "API_KEY_PERMISSION_DENIED", message: expect.stringContaining(`(needs ${permission})`), param: permission },
});

describe("restricted API keys on /v1", () => {
  it("a key with payments:write creates, reads and lists payments", async () => {
    const m = await restricted({ payments: "write", invoices: "read" });
    const created = await call(createPayment, "POST", "/v1/payments", { key: m.restrictedKey, body: payment, idempotencyKey: `rk-${++seq}` });
    expect(created.status).toBe(201);
    const id = created.body.data.id as string;
    const read = await call(getPayment, "GET", `/v1/payments/${id}`, { key: m.restrictedKey, params: { id } });
    expect(read.status).toBe(200);
    expect(read.body.data.id).toBe(id);
    const list = await call(listPayments, "GET", "/v1/payments", { key: m.restrictedKey });
    expect(list.status).toBe(200);
    expect(list.body.data.payments.map((p: { id: string }) => p.id)).toEqual([id]);
  });

  it("refuses an area it has no permission on with 403 API_KEY_PERMISSION_DENIED naming withdrawals:write or withdrawals:read", async () => {
    const m = await restricted({ payments: "write" });
    const post = await call(postWithdrawal, "POST", "/v1/withdrawals", { key: m.restrictedKey, body: withdrawal, idempotencyKey: `rk-${++seq}` });
    expect(post.status).toBe(403);
    expect(post.body).toEqual(denied("withdrawals:write"));
    expect(post.body.error.message).toBe(
      "This key cannot write withdrawals (needs withdrawals:write). Use a key with that permission, or ask an owner of the account to create a restricted key that has it.",
    );
    expect(post.headers.get("x-request-id")).toBeTruthy();
    // Refused requests count against the key's requests like any other.
    expect(post.headers.get("ratelimit-remaining")).not.toBeNull();
    expect((await call(balance, "GET", "/v1/withdrawals/balance", { key: m.restrictedKey })).body).toEqual(denied("withdrawals:read"));
    expect((await call(listWithdrawals, "GET", "/v1/withdrawals", { key: m.restrictedKey })).body).toEqual(denied("withdrawals:read"));
    const [{ n }] = await db().select({ n: count() }).from(withdrawals).where(eq(withdrawals.merchantId, m.merchant.id));
    expect(n).toBe(0);
  });

  it("checks the permission before the body and the idempotency key: a refused key learns nothing else", async () => {
    const m = await restricted({ payments: "write" });
    const badJson = await call(postWithdrawal, "POST", "/v1/withdrawals", { key: m.restrictedKey, rawBody: "{not json", headers: { "content-type": "application/json" } });
    expect(badJson.body).toEqual(denied("withdrawals:write"));
    const noKeyBadBody = await call(postWithdrawal, "POST", "/v1/withdrawals", { key: m.restrictedKey, body: { amount: -1 } });
    expect(noKeyBadBody.body).toEqual(denied("withdrawals:write"));
  });

  it("a resource given read: reads work, writes are refused with its :write permission", async () => {
    const m = await restricted({ payments: "write", invoices: "read" });
    expect((await call(getInvoices, "GET", "/v1/invoices", { key: m.restrictedKey })).status).toBe(200);
    const write = await call(postInvoice, "POST", "/v1/invoices", { key: m.restrictedKey, body: {}, idempotencyKey: `rk-${++seq}` });
    expect(write.status).toBe(403);
    expect(write.body).toEqual(denied("invoices:write"));
  });

  it("standard keys keep every permission", async () => {
    const m = await restricted({ payments: "read" });
    expect((await call(balance, "GET", "/v1/withdrawals/balance", { key: m.testKey })).status).toBe(200);
    expect((await call(postInvoice, "POST", "/v1/invoices", { key: m.testKey, body: {}, idempotencyKey: `rk-${++seq}` })).body.error?.code).not.toBe("API_KEY_PERMISSION_DENIED");
    // payments:read only: creating a payment is a write.
    const create = await call(createPayment, "POST", "/v1/payments", { key: m.restrictedKey, body: payment, idempotencyKey: `rk-${++seq}` });
    expect(create.body).toEqual(denied("payments:write"));
  });

  it("an optional-auth route stays public without a key and checks a restricted key when one is sent", async () => {
    const m = await restricted({ invoices: "write" });
    const created = await call(createPayment, "POST", "/v1/payments", { key: m.testKey, body: payment, idempotencyKey: `rk-${++seq}` });
    const id = created.body.data.id as string;
    expect((await call(getPayment, "GET", `/v1/payments/${id}`, { params: { id } })).status).toBe(200);
    expect((await call(getPayment, "GET", `/v1/payments/${id}`, { key: m.restrictedKey, params: { id } })).body).toEqual(denied("payments:read"));
  });

  it("a revoked restricted key is 401 INVALID_API_KEY", async () => {
    const m = await restricted({ payments: "write" });
    expect((await call(listPayments, "GET", "/v1/payments", { key: m.restrictedKey })).status).toBe(200);
    expect(await revokeApiKey(db(), m.merchant.id, m.restrictedId)).toBe(true);
    const res = await call(listPayments, "GET", "/v1/payments", { key: m.restrictedKey });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe("INVALID_API_KEY");
  });

  it("the production server's direct dispatch applies the same check", async () => {
    const m = await restricted({ payments: "write" });
    const send = (method: string, path: string, body?: unknown) =>
      fetch(`${server.base}${path}`, {
        method,
        headers: { authorization: `Bearer ${m.restrictedKey}`, "content-type": "application/json", "x-idempotency-key": `rk-${++seq}` },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const refused = await send("POST", "/v1/withdrawals", withdrawal);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual(denied("withdrawals:write"));
    const allowed = await send("POST", "/v1/payments", payment);
    expect(allowed.status).toBe(201);
  });
});
