import { asc, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { auditLog, partnerProducts } from "@/db/schema";
import { approvePartnerProduct, listPartnerProductsForStaff, rejectPartnerProduct } from "@/lib/partner/products";
import { ApiError } from "@/lib/core/errors";
import { call as rawCall } from "@/tests/support/http";
import { newMerchant } from "@/tests/support/merchant";
import { expectMatchesOpenApi } from "@/tests/support/openapi";
import { DELETE as archive, PATCH as update } from "./[id]/route";
import { GET as list, POST as propose } from "./route";

const call: typeof rawCall = async (handler, method, path, options) => {
  const res = await rawCall(handler, method, path, options);
  expectMatchesOpenApi(method, path, res.status, res.body);
  return res;
};
const staff = { staffId: "staff:moussa" };
const partner = () => newMerchant({ partner: true });
const product = (extra: Record<string, unknown> = {}) => ({ name: "Sac de riz 25 kg", description: "Riz parfumé", price: 17_500, image_url: "https://cdn.example.ml/riz.jpg", ...extra });
const create = (key: string, body: unknown = product()) => call(propose, "POST", "/v1/merchants/partner-products", { key, body });
const patch = (key: string, id: string, body: unknown) => call(update, "PATCH", `/v1/merchants/partner-products/${id}`, { key, body, params: { id } });
const del = (key: string, id: string) => call(archive, "DELETE", `/v1/merchants/partner-products/${id}`, { key, params: { id } });
const listOf = async (key: string, q = "") => (await call(list, "GET", `/v1/merchants/partner-products${q}`, { key })).body.data.products as { id: string; status: string; owned: boolean; review_note: string | null }[];

describe("POST /v1/merchants/partner-products", () => {
  it("proposes a product in PENDING_REVIEW", async () => {
    const m = await partner();
    const res = await create(m.testKey);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ name: "Sac de riz 25 kg", description: "Riz parfumé", price: 17_500, currency: "XOF", image_url: "https://cdn.example.ml/riz.jpg", status: "PENDING_REVIEW", owned: true, livemode: false });
    expect(res.body.data.id).toMatch(/^pp_/);
  });

  it("checks price (100 and 5,000,000 at the edges), name and image_url", async () => {
    const m = await partner();
    for (const price of [100, 5_000_000]) expect((await create(m.testKey, product({ price }))).status).toBe(201);
    for (const price of [99, 5_000_001, 150.5, "1000", undefined]) {
      const res = await create(m.testKey, product({ price }));
      expect(res.status, String(price)).toBe(400);
      expect(res.body.error.code).toBe("INVALID_PRICE");
    }
    for (const image_url of ["http://cdn.example.ml/x.jpg", "not a url"]) expect((await create(m.testKey, product({ image_url }))).body.error.code).toBe("INVALID_IMAGE_URL");
    expect((await create(m.testKey, product({ name: "" }))).body.error).toMatchObject({ code: "INVALID_FIELD", param: "name" });
    expect((await create(m.testKey, product({ name: undefined }))).body.error).toMatchObject({ code: "MISSING_FIELD", param: "name" });
    expect((await create(m.testKey, { name: "Savon", price: 500 })).status).toBe(201);
  });

  it("is for partner-program merchants only (403 PARTNER_PROGRAM_NOT_ENABLED)", async () => {
    const m = await newMerchant();
    const res = await create(m.testKey);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("PARTNER_PROGRAM_NOT_ENABLED");
  });
});

describe("GET /v1/merchants/partner-products", () => {
  it("refuses an unknown status filter naming the product statuses (not another list's)", async () => {
    const m = await partner();
    const res = await call(list, "GET", "/v1/merchants/partner-products?status=PENDING", { key: m.testKey });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: "INVALID_STATUS_FILTER", param: "status", message: "status must be one of PENDING_REVIEW, APPROVED, REJECTED, ARCHIVED." });
  });

  it("shows the approved catalogue plus the merchant's own proposals; others' unapproved products stay invisible", async () => {
    const a = await partner();
    const b = await partner();
    const aPending = (await create(a.testKey, product({ name: "A pending" }))).body.data.id;
    const aApproved = (await create(a.testKey, product({ name: "A approved" }))).body.data.id;
    const bPending = (await create(b.testKey, product({ name: "B pending" }))).body.data.id;
    const bRejected = (await create(b.testKey, product({ name: "B rejected" }))).body.data.id;
    await approvePartnerProduct(db(), aApproved, staff);
    await rejectPartnerProduct(db(), bRejected, { reason: "Prix trop élevé" }, staff);

    const seenByA = await listOf(a.testKey);
    expect(seenByA.map((p) => p.id).sort()).toEqual([aPending, aApproved].sort());
    const seenByB = await listOf(b.testKey);
    expect(seenByB.map((p) => [p.id, p.owned]).sort()).toEqual([[aApproved, false], [bPending, true], [bRejected, true]].sort());
    expect(seenByB.find((p) => p.id === bRejected)!.review_note).toBe("Prix trop élevé");
    expect(await listOf(b.testKey, "?status=APPROVED")).toHaveLength(1);
    const bad = await call(list, "GET", "/v1/merchants/partner-products?status=LIVE", { key: a.testKey });
    expect(bad.body.error.code).toBe("INVALID_STATUS_FILTER");
  });

  it("keeps modes apart: test products are not in the live catalogue", async () => {
    const m = await newMerchant({ partner: true, productionEnabled: true, platformPlan: "pro" });
    const id = (await create(m.testKey)).body.data.id;
    await approvePartnerProduct(db(), id, staff);
    expect(await listOf(m.liveKey)).toEqual([]);
    expect((await patch(m.liveKey, id, { price: 200 })).status).toBe(404);
  });
});

describe("PATCH and DELETE /v1/merchants/partner-products/{id}", () => {
  it("any change sends an approved product back to PENDING_REVIEW", async () => {
    const m = await partner();
    const id = (await create(m.testKey)).body.data.id;
    await approvePartnerProduct(db(), id, staff);
    const res = await patch(m.testKey, id, { price: 18_000 });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id, price: 18_000, status: "PENDING_REVIEW", name: "Sac de riz 25 kg" });
    await approvePartnerProduct(db(), id, staff);
    expect((await patch(m.testKey, id, { description: "Nouveau" })).body.data.status).toBe("PENDING_REVIEW");
    expect((await patch(m.testKey, id, { image_url: null })).body.data.image_url).toBeNull();
  });

  it("refuses an empty change, invalid values, archived products and other merchants' products", async () => {
    const m = await partner();
    const id = (await create(m.testKey)).body.data.id;
    expect((await patch(m.testKey, id, {})).body.error.code).toBe("NOTHING_TO_UPDATE");
    expect((await patch(m.testKey, id, { price: 99 })).body.error.code).toBe("INVALID_PRICE");
    const other = await partner();
    const foreign = await patch(other.testKey, id, { price: 200 });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe("NOT_FOUND");
    expect((await del(other.testKey, id)).status).toBe(404);
    const [row] = await db().select().from(partnerProducts).where(eq(partnerProducts.id, id));
    expect(row).toMatchObject({ price: 17_500, status: "PENDING_REVIEW" });

    const archived = await del(m.testKey, id);
    expect(archived.status).toBe(200);
    expect(archived.body.data.status).toBe("ARCHIVED");
    expect((await del(m.testKey, id)).body.data.status).toBe("ARCHIVED");
    const late = await patch(m.testKey, id, { price: 200 });
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe("PARTNER_PRODUCT_ARCHIVED");
    // Archived: gone from the catalogue (other merchants' approved products may be there).
    expect((await listOf(m.testKey)).filter((p) => p.owned)).toEqual([]);
    expect((await listOf(m.testKey, "?status=ARCHIVED")).map((p) => p.id)).toEqual([id]);
  });
});

describe("staff review (ops CLI and console)", () => {
  it("approves or rejects PENDING_REVIEW products only, with an audit row each", async () => {
    const m = await partner();
    const a = (await create(m.testKey, product({ name: "Huile 5 L" }))).body.data.id;
    const r = (await create(m.testKey, product({ name: "Sucre 1 kg" }))).body.data.id;
    const queue = await listPartnerProductsForStaff(db());
    expect(queue.map((p) => p.id)).toEqual(expect.arrayContaining([a, r]));
    expect(queue.find((p) => p.id === a)).toMatchObject({ merchant_id: m.merchant.id, merchant_name: "Boutique Test", mode: "test" });
    await approvePartnerProduct(db(), a, staff);
    await rejectPartnerProduct(db(), r, { reason: "Photo floue" }, staff);
    await expect(approvePartnerProduct(db(), a, staff)).rejects.toMatchObject({ code: "PARTNER_PRODUCT_NOT_PENDING" });
    await expect(approvePartnerProduct(db(), "pp_missing", staff)).rejects.toBeInstanceOf(ApiError);
    const rows = await db().select().from(auditLog).where(inArray(auditLog.targetId, [a, r])).orderBy(asc(auditLog.id));
    expect(rows.map((x) => [x.targetId, x.action, x.actor, (x.before as { status: string }).status, (x.after as { status: string }).status])).toEqual([
      [a, "partner_product.approve", "staff:moussa", "PENDING_REVIEW", "APPROVED"],
      [r, "partner_product.reject", "staff:moussa", "PENDING_REVIEW", "REJECTED"],
    ]);
  });

  it("refuses a decision on a version the reviewer did not see (409 PARTNER_PRODUCT_CHANGED), and takes the current one", async () => {
    const m = await partner();
    const id = (await create(m.testKey, product({ price: 17_500 }))).body.data.id;
    const seen = (await listPartnerProductsForStaff(db())).find((p) => p.id === id)!;
    // The merchant raises the price twice in a row while the reviewer looks at the first version.
    await patch(m.testKey, id, { price: 18_000 });
    const latest = (await patch(m.testKey, id, { price: 19_000 })).body.data;
    expect(latest.updated_at).not.toBe(seen.updated_at);

    for (const decide of [
      () => approvePartnerProduct(db(), id, staff, { updatedAt: seen.updated_at }),
      () => rejectPartnerProduct(db(), id, { reason: "Prix" }, staff, { updatedAt: seen.updated_at }),
    ]) {
      await expect(decide()).rejects.toMatchObject({ code: "PARTNER_PRODUCT_CHANGED", status: 409 });
    }
    const [untouched] = await db().select().from(partnerProducts).where(eq(partnerProducts.id, id));
    expect(untouched).toMatchObject({ status: "PENDING_REVIEW", price: 19_000, reviewedBy: null });
    expect(await db().select().from(auditLog).where(eq(auditLog.targetId, id))).toEqual([]);

    const approved = await approvePartnerProduct(db(), id, staff, { updatedAt: latest.updated_at });
    expect(approved).toMatchObject({ status: "APPROVED", price: 19_000 });
  });

  it("moves updated_at forward on every change, even when the clock has not moved past the last one", async () => {
    const m = await partner();
    const id = (await create(m.testKey)).body.data.id;
    // As if the previous change had happened in this same millisecond (or a clock stepped back).
    const last = new Date(Date.now() + 60_000);
    await db().update(partnerProducts).set({ updatedAt: last }).where(eq(partnerProducts.id, id));
    const changed = (await patch(m.testKey, id, { price: 1_000 })).body.data;
    expect(new Date(changed.updated_at).getTime()).toBe(last.getTime() + 1);
  });
});
