import { describe, expect, it } from "vitest";
import { POST as create } from "@/app/v1/payments/route";
import { GET as getOne } from "@/app/v1/payments/[id]/route";
import { db } from "@/db/client";
import { checkoutView } from "@/lib/payments/checkout";
import { call } from "@/tests/support/http";
import { newMerchant } from "@/tests/support/merchant";

const valid = { amount: 12_500, payment_method: "OPERATOR_MONEY", customer_phone: "+22370000009", return_url: "https://shop.example.ml/merci" };
let seq = 0;

async function paymentWith(extra: Record<string, unknown>) {
  const m = await newMerchant();
  const res = await call(create, "POST", "/v1/payments", { key: m.testKey, body: { ...valid, ...extra }, idempotencyKey: `cv-${++seq}` });
  expect(res.status).toBe(201);
  return res.body.data.id as string;
}

describe("the hosted checkout's description (checkoutView)", () => {
  it("shows the payment's description", async () => {
    const id = await paymentWith({ description: "Commande 1042" });
    expect((await checkoutView(db(), id)).description).toBe("Commande 1042");
  });

  it("shows metadata.description, as client libraries send it, when no description is sent", async () => {
    const id = await paymentWith({ metadata: { description: "  Abonnement juin  ", order: 7 } });
    expect((await checkoutView(db(), id)).description).toBe("Abonnement juin");
  });

  it("prefers the description to metadata.description", async () => {
    const id = await paymentWith({ description: "Commande 1042", metadata: { description: "Autre chose" } });
    expect((await checkoutView(db(), id)).description).toBe("Commande 1042");
  });

  it.each([
    ["no metadata", {}],
    ["a blank metadata.description", { metadata: { description: "   " } }],
    ["a metadata.description that is not a string", { metadata: { description: { fr: "Commande" } } }],
  ])("shows nothing with %s", async (_case, extra) => {
    const id = await paymentWith(extra);
    expect((await checkoutView(db(), id)).description).toBeNull();
  });

  it("cuts a metadata.description to the 200 characters a description may have", async () => {
    const id = await paymentWith({ metadata: { description: "é".repeat(300) } });
    expect((await checkoutView(db(), id)).description).toBe("é".repeat(200));
  });

  it("leaves the public status as it was: no metadata, description null", async () => {
    const id = await paymentWith({ metadata: { description: "Abonnement juin" } });
    const pub = await call(getOne, "GET", `/v1/payments/${id}`, { params: { id } });
    expect(pub.body.data.description).toBeNull();
    expect(pub.body.data).not.toHaveProperty("metadata");
    expect((await checkoutView(db(), id)).payment.description).toBeNull();
  });
});
