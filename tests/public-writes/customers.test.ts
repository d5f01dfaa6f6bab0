/**
 * Public routes cannot write what belongs to the merchant (issue 13): a public page may create a
 * customer that does not exist yet; it never changes what the merchant or an earlier payment
 * recorded. Each entry point: the link checkout (API and page action share startLinkCheckout),
 * the portal's profile form, the secure-order buyer page.
 */
import { describe, expect, it } from "vitest";
import { POST as checkout } from "@/app/v1/payment-links/[slug]/checkout/route";
import { POST as createLink } from "@/app/v1/payment-links/route";
import { GET as listCustomers } from "@/app/v1/billing/customers/route";
import { POST as createSession } from "@/app/v1/portal/sessions/route";
import { db } from "@/db/client";
import { updatePortalProfile } from "@/lib/portal/sessions";
import { buyerPay, buyerSimulate } from "@/lib/http/secure-order-actions";
import { createdOrder, soMerchant } from "@/app/v1/secure-orders/test-support";
import { call } from "@/tests/support/http";
import { newMerchant } from "@/tests/support/merchant";

let ip = 0;
const freshIp = () => `10.13.${Math.floor(++ip / 250)}.${ip % 250}`;
const PHONE = "+22370000009";

const customersOf = async (key: string) => {
  const res = await call(listCustomers, "GET", "/v1/billing/customers?limit=100", { key });
  expect(res.status).toBe(200);
  return res.body.data as { id: string; phone: string; name: string | null; email: string | null }[];
};
const merchantRecords = (key: string, body: Record<string, unknown>) => call(createSession, "POST", "/v1/portal/sessions", { key, body: { customer_phone: PHONE, ...body } });
const linkOf = async (key: string) => (await call(createLink, "POST", "/v1/payment-links", { key, body: { name: "Tissu wax", amount: 12_500 } })).body.data as { slug: string };
const pay = (slug: string, body: unknown) => call(checkout, "POST", `/v1/payment-links/${slug}/checkout`, { body, params: { slug }, headers: { "x-forwarded-for": freshIp() } });

describe("POST /v1/payment-links/{slug}/checkout (public)", () => {
  it("never overwrites the merchant's stored customer name or e-mail for that phone", async () => {
    const m = await newMerchant();
    expect((await merchantRecords(m.testKey, { customer_name: "Awa Traoré", customer_email: "awa@example.ml" })).status).toBe(201);
    const link = await linkOf(m.testKey);

    const res = await pay(link.slug, { customer_phone: PHONE, customer_name: "Quelqu'un d'autre" });
    expect(res.status, JSON.stringify(res.body)).toBe(201);

    expect(await customersOf(m.testKey)).toEqual([expect.objectContaining({ phone: PHONE, name: "Awa Traoré", email: "awa@example.ml" })]);
  });

  it("does not fill in a name the merchant left blank either: an existing customer is never touched", async () => {
    const m = await newMerchant();
    await merchantRecords(m.testKey, {});
    const link = await linkOf(m.testKey);
    expect((await pay(link.slug, { customer_phone: PHONE, customer_name: "Moussa" })).status).toBe(201);
    expect(await customersOf(m.testKey)).toEqual([expect.objectContaining({ phone: PHONE, name: null, email: null })]);
  });

  it("creates the customer when the phone is new, with the name given, once even when paid concurrently", async () => {
    const m = await newMerchant();
    const link = await linkOf(m.testKey);
    const results = await Promise.all(["Fatou", "Fatou D.", "Fatou Diallo"].map((customer_name) => pay(link.slug, { customer_phone: "+22370000077", customer_name })));
    for (const r of results) expect(r.status, JSON.stringify(r.body)).toBe(201);
    const rows = await customersOf(m.testKey);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ phone: "+22370000077" });
    expect(["Fatou", "Fatou D.", "Fatou Diallo"]).toContain(rows[0].name);
    // A later public checkout keeps the first one's record.
    const first = rows[0].name;
    expect((await pay(link.slug, { customer_phone: "+22370000077", customer_name: "Autre nom" })).status).toBe(201);
    expect((await customersOf(m.testKey))[0].name).toBe(first);
  });

  it("the merchant's own keyed call still updates the record", async () => {
    const m = await newMerchant();
    await merchantRecords(m.testKey, { customer_name: "Awa" });
    await merchantRecords(m.testKey, { customer_name: "Awa Traoré", customer_email: "awa@example.ml" });
    expect(await customersOf(m.testKey)).toEqual([expect.objectContaining({ name: "Awa Traoré", email: "awa@example.ml" })]);
  });
});

describe("the portal's profile form (public page)", () => {
  const tokenOf = (url: string) => url.split("/portal/")[1];

  it("never changes or clears what the merchant recorded; fills in only what is missing", async () => {
    const m = await newMerchant();
    const session = (await merchantRecords(m.testKey, { customer_name: "Awa Traoré" })).body.data;
    const token = tokenOf(session.url);

    await updatePortalProfile(db(), token, { name: "Quelqu'un d'autre", email: "awa@example.ml" });
    expect(await customersOf(m.testKey)).toEqual([expect.objectContaining({ name: "Awa Traoré", email: "awa@example.ml" })]);

    await updatePortalProfile(db(), token, { name: "", email: "autre@example.ml" });
    await updatePortalProfile(db(), token, { name: null, email: null });
    expect(await customersOf(m.testKey)).toEqual([expect.objectContaining({ name: "Awa Traoré", email: "awa@example.ml" })]);
  });

  it("a value the merchant records after the page was opened wins over the form", async () => {
    const m = await newMerchant();
    const token = tokenOf((await merchantRecords(m.testKey, {})).body.data.url);
    await merchantRecords(m.testKey, { customer_email: "merchant@example.ml" });
    await updatePortalProfile(db(), token, { name: "Awa", email: "customer@example.ml" });
    expect(await customersOf(m.testKey)).toEqual([expect.objectContaining({ name: "Awa", email: "merchant@example.ml" })]);
  });
});

describe("the secure-order buyer page (public)", () => {
  it("paying an order never creates or changes the merchant's customer", async () => {
    const m = await soMerchant();
    await merchantRecords(m.testKey, { customer_name: "Awa Traoré", customer_email: "awa@example.ml" });
    const order = await createdOrder(m.testKey, { customer_phone: PHONE, customer_name: "Nom de la commande" });
    const token = new URL(order.buyer_url).pathname.split("/").pop()!;
    expect(await buyerPay(db(), freshIp(), token, PHONE)).toEqual({ ok: true });
    await buyerSimulate(db(), freshIp(), token, "SUCCESS");
    expect(await customersOf(m.testKey)).toEqual([expect.objectContaining({ phone: PHONE, name: "Awa Traoré", email: "awa@example.ml" })]);

    const other = await createdOrder(m.testKey, { customer_phone: "+22370000055", customer_name: "Moussa" });
    await buyerPay(db(), freshIp(), new URL(other.buyer_url).pathname.split("/").pop()!, "+22370000055");
    expect((await customersOf(m.testKey)).map((c) => c.phone)).toEqual([PHONE]);
  });
});
