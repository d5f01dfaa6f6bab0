import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { POST as createPayment } from "@/app/v1/payments/route";
import { POST as createWithdrawal } from "@/app/v1/withdrawals/route";
import { db } from "@/db/client";
import { payments } from "@/db/schema";
import { ApiError } from "@/lib/core/errors";
import { input, parseInput } from "@/lib/core/validation";
import { call } from "@/tests/support/http";
import { newMerchant } from "@/tests/support/merchant";

// What the published client libraries send: the Python one sends null for every field left unset.
const pythonStyle = {
  amount: 12_500,
  currency: null,
  payment_method: null,
  provider: "OPERATOR_MONEY",
  country: null,
  customer_phone: "+22370000009",
  customer_name: null,
  customer_email: null,
  return_url: "https://shop.example.ml/merci",
  client_reference: null,
  description: null,
  metadata: null,
};
let seq = 0;

describe("JSON null means absent for every optional body field", () => {
  it("creates a payment from a body whose unset fields are all null, with the defaults an absent field gets", async () => {
    const m = await newMerchant();
    const res = await call(createPayment, "POST", "/v1/payments", { key: m.testKey, body: pythonStyle, idempotencyKey: `null-${++seq}` });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ currency: "XOF", payment_method: "OPERATOR_MONEY", amount: 12_500 });
    const [row] = await db().select().from(payments).where(eq(payments.id, res.body.data.id));
    expect(row).toMatchObject({ clientReference: null, description: null, country: null });
  });

  it.each(["currency", "payment_method", "country", "client_reference", "provider"])("accepts %s: null alone", async (field) => {
    const m = await newMerchant();
    const body = { amount: 1_000, payment_method: "OPERATOR_MONEY", customer_phone: "+22370000009", return_url: "https://shop.example.ml/merci", [field]: null };
    if (field === "payment_method") body.provider = "OPERATOR_MONEY";
    const res = await call(createPayment, "POST", "/v1/payments", { key: m.testKey, body, idempotencyKey: `null-${++seq}` });
    expect(res.status).toBe(201);
  });

  it("answers a required field sent as null like a missing one, with its own code", async () => {
    const m = await newMerchant();
    const base = { amount: 1_000, payment_method: "OPERATOR_MONEY", customer_phone: "+22370000009", return_url: "https://shop.example.ml/merci" };
    const phone = await call(createPayment, "POST", "/v1/payments", { key: m.testKey, body: { ...base, customer_phone: null }, idempotencyKey: `null-${++seq}` });
    expect(phone.status).toBe(400);
    expect(phone.body.error).toMatchObject({ code: "MISSING_PHONE", param: "customer_phone" });
    const method = await call(createPayment, "POST", "/v1/payments", { key: m.testKey, body: { ...base, payment_method: null }, idempotencyKey: `null-${++seq}` });
    expect(method.body.error.code).toBe("INVALID_PAYMENT_METHOD");
  });

  it("keeps null where the schema takes it, drops it in nested objects, and never inside an array", () => {
    const spec = input(
      z.object({
        label: z.string().nullable(),
        note: z.string().optional(),
        address: z.object({ city: z.string(), zip: z.string().optional() }).optional(),
        tags: z.array(z.string()).optional(),
      }),
    );
    expect(parseInput(spec, { label: null, note: null, address: { city: "Bamako", zip: null } })).toEqual({ label: null, address: { city: "Bamako" } });
    expect(() => parseInput(spec, { label: "x", tags: ["a", null] })).toThrow(ApiError);
    expect(() => parseInput(spec, { note: null })).toThrow(expect.objectContaining({ code: "MISSING_FIELD", param: "label" }));
  });
});

describe("a withdrawal written for the old helpers (recipient_phone, no idempotency key)", () => {
  it("gets one 400 naming both problems and the fields to use instead", async () => {
    const m = await newMerchant();
    const res = await call(createWithdrawal, "POST", "/v1/withdrawals", { key: m.testKey, body: { amount: 50_000, recipient_phone: "+22370000009" } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("IDEMPOTENCY_KEY_REQUIRED");
    expect(res.body.error.message).toContain("X-Idempotency-Key");
    expect(res.body.error.message).toContain("RECIPIENT_PHONE_NOT_SUPPORTED");
    expect(res.body.error.message).toContain("phone_number");
    expect(res.body.error.details).toEqual([
      expect.objectContaining({ code: "IDEMPOTENCY_KEY_REQUIRED" }),
      expect.objectContaining({ code: "RECIPIENT_PHONE_NOT_SUPPORTED", param: "recipient_phone" }),
    ]);
  });

  it("still gets the plain missing-key answer when the body is right", async () => {
    const m = await newMerchant();
    const res = await call(createWithdrawal, "POST", "/v1/withdrawals", { key: m.testKey, body: { amount: 50_000, provider: "OPERATOR_MONEY", phone_number: "+22370000009" } });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({ code: "IDEMPOTENCY_KEY_REQUIRED", message: new ApiError("IDEMPOTENCY_KEY_REQUIRED").message });
  });
});

describe("rate-limit headers the published docs name", () => {
  it("sends X-RateLimit-Limit, -Remaining and -Reset (Unix seconds) beside RateLimit-*", async () => {
    const m = await newMerchant();
    const before = Math.floor(Date.now() / 1000);
    const res = await call(createPayment, "POST", "/v1/payments", { key: m.testKey, body: { ...pythonStyle }, idempotencyKey: `hdr-${++seq}` });
    const h = res.headers;
    expect(h.get("x-ratelimit-limit")).toBe(h.get("ratelimit-limit"));
    expect(h.get("x-ratelimit-remaining")).toBe(h.get("ratelimit-remaining"));
    const reset = Number(h.get("x-ratelimit-reset"));
    expect(reset).toBeGreaterThanOrEqual(before + Number(h.get("ratelimit-reset")));
    expect(reset).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + Number(h.get("ratelimit-reset")));
  });
});
