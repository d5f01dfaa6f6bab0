import { describe, expect, it } from "vitest";
import { GET as getPayment } from "@/app/v1/payments/[id]/route";
import { GET as listPayments, POST as createPayment } from "@/app/v1/payments/route";
import { GET as searchPayment } from "@/app/v1/payments/search/route";
import { call } from "@/tests/support/http";
import { newMerchant } from "@/tests/support/merchant";
import { expectMatchesOpenApi } from "@/tests/support/openapi";

// What the previous service's client libraries read on payments (issue 26): `reference_id`, the
// identifier their examples store on the order and find it by, and `data.customer.phone`.
const order = { amount: 12_500, provider: "OPERATOR_MONEY", customer: { phone: "+22370000009", name: "Awa Traoré", email: null }, return_url: "https://shop.example.ml/merci", client_reference: "CMD-1042" };

async function created(key: string, body: Record<string, unknown> = order, idempotencyKey = crypto.randomUUID()) {
  const res = await call(createPayment, "POST", "/v1/payments", { key, body, idempotencyKey });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expectMatchesOpenApi("POST", "/v1/payments", res.status, res.body);
  return res.body.data;
}

describe("payments as the previous service's libraries read them", () => {
  it("reference_id is the payment's id on creation, and reading the payment by it (the libraries' poll) finds it, with reference_id again", async () => {
    const m = await newMerchant();
    const payment = await created(m.testKey);
    expect(payment.reference_id).toBe(payment.id);

    const polled = await call(getPayment, "GET", `/v1/payments/${payment.reference_id}`, { key: m.testKey, params: { id: payment.reference_id } });
    expect(polled.status).toBe(200);
    expectMatchesOpenApi("GET", `/v1/payments/${payment.id}`, polled.status, polled.body);
    expect(polled.body.data).toMatchObject({ id: payment.id, reference_id: payment.id, status: "PENDING" });

    // The public status (hosted pages, no key) names it too.
    const open = await call(getPayment, "GET", `/v1/payments/${payment.id}`, { params: { id: payment.id } });
    expectMatchesOpenApi("GET", `/v1/payments/${payment.id}`, open.status, open.body);
    expect(open.body.data.reference_id).toBe(payment.id);
    expect(open.body.data).not.toHaveProperty("customer");
  });

  it("customer {phone, name, email} sits beside the flat fields on creation, reads, search and list items", async () => {
    const m = await newMerchant();
    const first = await created(m.testKey);
    const second = await created(m.testKey, { amount: 3_000, payment_method: "OPERATOR_MONEY", customer_phone: "+22376000003", customer_email: "moussa@example.ml", return_url: "https://shop.example.ml/merci" });
    expect(first.customer).toEqual({ phone: "+22370000009", name: "Awa Traoré", email: null });
    expect(second.customer).toEqual({ phone: "+22376000003", name: null, email: "moussa@example.ml" });

    const read = await call(getPayment, "GET", `/v1/payments/${first.id}`, { key: m.testKey, params: { id: first.id } });
    expect(read.body.data).toMatchObject({ customer_phone: "+22370000009", customer_name: "Awa Traoré", customer_email: null, customer: { phone: "+22370000009", name: "Awa Traoré", email: null } });

    const found = await call(searchPayment, "GET", "/v1/payments/search?client_reference=CMD-1042", { key: m.testKey });
    expectMatchesOpenApi("GET", "/v1/payments/search", found.status, found.body);
    expect(found.body.data).toMatchObject({ id: first.id, reference_id: first.id, customer: first.customer });

    const list = await call(listPayments, "GET", "/v1/payments?limit=10", { key: m.testKey });
    expect(list.status).toBe(200);
    expectMatchesOpenApi("GET", "/v1/payments", list.status, list.body);
    expect(list.body.data.payments.map((p: Record<string, unknown>) => [p.id, p.reference_id, p.customer])).toEqual([
      [second.id, second.id, second.customer],
      [first.id, first.id, first.customer],
    ]);
  });
});
