import { describe, expect, it } from "vitest";
import { call } from "@/tests/support/http";
import { newMerchant } from "@/tests/support/merchant";
import { GET as getById } from "./by-id/[id]/route";
import { PATCH as activate } from "./[slug]/activate/route";
import { PATCH as deactivate } from "./[slug]/deactivate/route";
import { DELETE as remove, GET as readPublic, PATCH as patch } from "./[slug]/route";
import { GET as list, POST as create } from "./route";

/** Existing client libraries create links with title / price / redirect_url and read title and price back. */
describe("payment links under the names client libraries use", () => {
  it("creates a link from title, price and redirect_url, and answers title and price beside name and amount", async () => {
    const m = await newMerchant();
    const res = await call(create, "POST", "/v1/payment-links", { key: m.testKey, body: { title: "Bazin riche", price: 15_000, redirect_url: "https://boutique.example.ml/merci" } });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ name: "Bazin riche", title: "Bazin riche", amount: 15_000, price: 15_000, mode: "FIXED", success_redirect_url: "https://boutique.example.ml/merci" });
  });

  it("answers title and price on every read: by id, public by slug, and in the list", async () => {
    const m = await newMerchant();
    const made = (await call(create, "POST", "/v1/payment-links", { key: m.testKey, body: { name: "Tissu wax", amount: 12_500 } })).body.data;
    const byId = await call(getById, "GET", `/v1/payment-links/by-id/${made.id}`, { key: m.testKey, params: { id: made.id } });
    expect(byId.body.data).toMatchObject({ title: "Tissu wax", price: 12_500 });
    const pub = await call(readPublic, "GET", `/v1/payment-links/${made.slug}`, { params: { slug: made.slug } });
    expect(pub.body.data).toMatchObject({ name: "Tissu wax", title: "Tissu wax", amount: 12_500, price: 12_500 });
    const listed = await call(list, "GET", "/v1/payment-links", { key: m.testKey });
    expect(listed.body.data.map((l: { title: string; price: number }) => [l.title, l.price])).toEqual([["Tissu wax", 12_500]]);
  });

  it("an OPEN link has price null, as its amount", async () => {
    const m = await newMerchant();
    const res = await call(create, "POST", "/v1/payment-links", { key: m.testKey, body: { title: "Don libre", mode: "OPEN", min_amount: 500, max_amount: 50_000 } });
    expect(res.body.data).toMatchObject({ title: "Don libre", amount: null, price: null, min_amount: 500, max_amount: 50_000 });
  });

  it("renames a link through title, and the update, activation, deactivation and deletion answers carry both names", async () => {
    const m = await newMerchant();
    const made = (await call(create, "POST", "/v1/payment-links", { key: m.testKey, body: { title: "Ancien nom", price: 2_000 } })).body.data;
    const params = { slug: made.id };
    const renamed = await call(patch, "PATCH", `/v1/payment-links/${made.id}`, { key: m.testKey, params, body: { title: "Nouveau nom" } });
    expect(renamed.body.data).toMatchObject({ name: "Nouveau nom", title: "Nouveau nom", amount: 2_000, price: 2_000 });
    const off = await call(deactivate, "PATCH", `/v1/payment-links/${made.id}/deactivate`, { key: m.testKey, params });
    expect(off.body.data).toMatchObject({ is_active: false, title: "Nouveau nom", price: 2_000 });
    const on = await call(activate, "PATCH", `/v1/payment-links/${made.id}/activate`, { key: m.testKey, params });
    expect(on.body.data).toMatchObject({ is_active: true, title: "Nouveau nom", price: 2_000 });
    const gone = await call(remove, "DELETE", `/v1/payment-links/${made.id}`, { key: m.testKey, params });
    expect(gone.body.data).toMatchObject({ archived: true, title: "Nouveau nom", price: 2_000 });
  });

  it("refuses a new price on a FIXED link, sent as price, with LINK_PRICE_IMMUTABLE", async () => {
    const m = await newMerchant();
    const made = (await call(create, "POST", "/v1/payment-links", { key: m.testKey, body: { title: "Prix fixe", price: 2_000 } })).body.data;
    const res = await call(patch, "PATCH", `/v1/payment-links/${made.id}`, { key: m.testKey, params: { slug: made.id }, body: { price: 3_000 } });
    expect([res.status, res.body.error.code]).toEqual([400, "LINK_PRICE_IMMUTABLE"]);
  });
});
