import { eq } from "drizzle-orm";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { customers, payments } from "@/db/schema";
import { publicBaseUrl } from "@/lib/config";
import { initiatePayment } from "@/lib/payments/initiate";
import { settlePayment } from "@/lib/payments/settle";
import { updateMerchant } from "@/lib/platform/merchants";
import { call } from "@/tests/support/http";
import { newLiveMerchant, newMerchant } from "@/tests/support/merchant";
import { expectMatchesOpenApi } from "@/tests/support/openapi";
import { GET as getById } from "./by-id/[id]/route";
import { PATCH as activate } from "./[slug]/activate/route";
import { POST as checkout } from "./[slug]/checkout/route";
import { PATCH as deactivate } from "./[slug]/deactivate/route";
import { GET as qr } from "./[slug]/qr/route";
import { DELETE as remove, GET as readPublic, PATCH as patch } from "./[slug]/route";
import { GET as list, POST as create } from "./route";

const fixed = { name: "Tissu wax", amount: 12_500 };
const open = { name: "Don libre", mode: "OPEN", min_amount: 500, max_amount: 50_000 };
let ip = 0;
/** Each call from its own client IP, so the per-IP checkout limit only bites where a test wants it. */
const freshIp = () => `10.0.${Math.floor(++ip / 250)}.${ip % 250}`;

const make = (key: string, body: unknown) => call(create, "POST", "/v1/payment-links", { key, body });
const pay = (slug: string, body: unknown, clientIp = freshIp()) =>
  call(checkout, "POST", `/v1/payment-links/${slug}/checkout`, { body, params: { slug }, headers: { "x-forwarded-for": clientIp } });
const readQr = (slug: string, query = "", headers: Record<string, string> = {}) => call(qr, "GET", `/v1/payment-links/${slug}/qr${query}`, { params: { slug }, headers });

async function linkOf(key: string, body: unknown = fixed) {
  const res = await make(key, body);
  expect(res.status).toBe(201);
  return res.body.data;
}

describe("POST /v1/payment-links", () => {
  it("creates a FIXED link with its public URL and a random slug", async () => {
    const m = await newMerchant();
    const res = await make(m.testKey, { ...fixed, description: "2 pagnes", success_redirect_url: "https://boutique.example.ml/merci" });
    expect(res.status).toBe(201);
    const d = res.body.data;
    expect(d).toMatchObject({
      name: "Tissu wax", description: "2 pagnes", mode: "FIXED", amount: 12_500, min_amount: null, max_amount: null, currency: "XOF",
      is_active: true, archived: false, success_redirect_url: "https://boutique.example.ml/merci", total_collected: 0, payment_count: 0, livemode: false,
    });
    expect(d.id).toMatch(/^link_/);
    expect(d.slug).toMatch(/^[a-z0-9]{10}$/);
    expect(d.url).toBe(`${publicBaseUrl()}/l/${d.slug}`);
  });

  it("creates an OPEN link with bounds, min = max allowed", async () => {
    const m = await newMerchant();
    expect((await linkOf(m.testKey, open))).toMatchObject({ mode: "OPEN", amount: null, min_amount: 500, max_amount: 50_000 });
    expect((await linkOf(m.testKey, { ...open, min_amount: 100, max_amount: 100 }))).toMatchObject({ min_amount: 100, max_amount: 100 });
    expect((await linkOf(m.testKey, { ...open, min_amount: 100, max_amount: 5_000_000 }))).toMatchObject({ max_amount: 5_000_000 });
  });

  it("accepts the aliases title, price and redirect_url of existing client libraries", async () => {
    const m = await newMerchant();
    const d = await linkOf(m.testKey, { title: "Abonnement presse", price: 2_000, redirect_url: "https://journal.example.ml/ok" });
    expect(d).toMatchObject({ name: "Abonnement presse", mode: "FIXED", amount: 2_000, success_redirect_url: "https://journal.example.ml/ok" });
  });

  it.each([
    [{ ...fixed, name: undefined }, "MISSING_FIELD", "name"],
    [{ ...fixed, name: "x".repeat(101) }, "INVALID_FIELD", "name"],
    [{ ...fixed, name: "   " }, "INVALID_FIELD", "name"],
    [{ ...fixed, amount: 99 }, "INVALID_AMOUNT", "amount"],
    [{ ...fixed, amount: 5_000_001 }, "INVALID_AMOUNT", "amount"],
    [{ ...fixed, amount: 100.5 }, "INVALID_AMOUNT", "amount"],
    [{ name: "Sans prix" }, "INVALID_AMOUNT", "amount"],
    [{ ...fixed, min_amount: 100 }, "LINK_NOT_OPEN", "min_amount"],
    [{ ...fixed, mode: "SUBSCRIPTION" }, "INVALID_LINK_MODE", "mode"],
    [{ ...open, min_amount: undefined }, "INVALID_AMOUNT_RANGE", "min_amount"],
    [{ ...open, max_amount: undefined }, "INVALID_AMOUNT_RANGE", "max_amount"],
    [{ ...open, min_amount: 99 }, "INVALID_AMOUNT_RANGE", "min_amount"],
    [{ ...open, max_amount: 5_000_001 }, "INVALID_AMOUNT_RANGE", "max_amount"],
    [{ ...open, min_amount: 5_000, max_amount: 4_999 }, "INVALID_AMOUNT_RANGE", "min_amount"],
    [{ ...open, amount: 1_000 }, "INVALID_AMOUNT", "amount"],
    [{ ...fixed, slug: "ab" }, "INVALID_SLUG", "slug"],
    [{ ...fixed, slug: "a".repeat(65) }, "INVALID_SLUG", "slug"],
    [{ ...fixed, slug: "Boutique" }, "INVALID_SLUG", "slug"],
    [{ ...fixed, slug: "wax_2026" }, "INVALID_SLUG", "slug"],
    [{ ...fixed, slug: "wax 2026" }, "INVALID_SLUG", "slug"],
    [{ ...fixed, slug: "by-id" }, "SLUG_TAKEN", "slug"],
    [{ ...fixed, success_redirect_url: "http://boutique.example.ml" }, "INVALID_REDIRECT_URL", "success_redirect_url"],
    [{ ...fixed, success_redirect_url: "pas une url" }, "INVALID_REDIRECT_URL", "success_redirect_url"],
    [{ ...fixed, success_redirect_url: `${publicBaseUrl().replace("http:", "https:")}/merci` }, "INVALID_REDIRECT_URL", "success_redirect_url"],
  ])("refuses %j with %s", async (body, code, param) => {
    const m = await newMerchant();
    const res = await make(m.testKey, body);
    expect(res.status).toBe(code === "SLUG_TAKEN" ? 409 : 400);
    expect(res.body.error).toMatchObject({ code, param });
    expect((await call(list, "GET", "/v1/payment-links", { key: m.testKey })).body.data).toHaveLength(0);
  });

  it("takes custom slugs at both length edges, and refuses a taken one with 409 SLUG_TAKEN, across merchants", async () => {
    const a = await newMerchant();
    const b = await newMerchant();
    const three = `w${Math.random().toString(36).slice(2, 4)}`;
    const sixtyFour = `wax-${"0123456789".repeat(6)}`;
    expect(sixtyFour).toHaveLength(64);
    expect((await linkOf(a.testKey, { ...fixed, slug: three })).url).toBe(`${publicBaseUrl()}/l/${three}`);
    expect((await linkOf(a.testKey, { ...fixed, slug: sixtyFour })).slug).toBe(sixtyFour);
    const taken = await make(b.testKey, { ...fixed, slug: three });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe("SLUG_TAKEN");
  });

  it("never reuses the slug of a deleted link", async () => {
    const m = await newMerchant();
    const link = await linkOf(m.testKey, { ...fixed, slug: "soldes-hiver" });
    await call(remove, "DELETE", `/v1/payment-links/${link.id}`, { key: m.testKey, params: { slug: link.id } });
    expect((await make(m.testKey, { ...fixed, slug: "soldes-hiver" })).body.error.code).toBe("SLUG_TAKEN");
  });

  it("gives one winner when two requests claim the same slug at once", async () => {
    const [a, b] = [await newMerchant(), await newMerchant()];
    const results = await Promise.all([make(a.testKey, { ...fixed, slug: "course-a-la-fete" }), make(b.testKey, { ...fixed, slug: "course-a-la-fete" })]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
  });
});

describe("GET /v1/payment-links", () => {
  it("answers data as an array with pagination beside it, and filters", async () => {
    const m = await newMerchant();
    const other = await newMerchant();
    await linkOf(other.testKey);
    const a = await linkOf(m.testKey, { ...fixed, name: "Tissu bazin" });
    await linkOf(m.testKey, { ...open, name: "Don pour l'école" });
    const c = await linkOf(m.testKey, { ...fixed, name: "Bazin riche" });
    await call(deactivate, "PATCH", `/v1/payment-links/${c.id}/deactivate`, { key: m.testKey, params: { slug: c.id } });
    const gone = await linkOf(m.testKey, { ...fixed, name: "Ancien lien" });
    await call(remove, "DELETE", `/v1/payment-links/${gone.id}`, { key: m.testKey, params: { slug: gone.id } });

    const all = await call(list, "GET", "/v1/payment-links", { key: m.testKey });
    expect(Array.isArray(all.body.data)).toBe(true);
    expect(all.body.data.map((l: { name: string }) => l.name)).toEqual(["Bazin riche", "Don pour l'école", "Tissu bazin"]);
    expect(all.body.pagination).toEqual({ page: 1, limit: 20, total: 3, pages: 1 });

    const get = (q: string) => call(list, "GET", `/v1/payment-links?${q}`, { key: m.testKey }).then((r) => r.body);
    expect((await get("is_active=false")).data.map((l: { id: string }) => l.id)).toEqual([c.id]);
    expect((await get("is_active=true")).data).toHaveLength(2);
    expect((await get("mode=OPEN")).data.map((l: { mode: string }) => l.mode)).toEqual(["OPEN"]);
    expect((await get("search=BAZIN")).data.map((l: { id: string }) => l.id)).toEqual([c.id, a.id]);
    expect((await get("search=%25")).data).toHaveLength(0);
    expect((await get("archived=true")).data.map((l: { id: string }) => l.id)).toEqual([gone.id]);
    const page2 = await get("limit=2&page=2");
    expect(page2.data.map((l: { id: string }) => l.id)).toEqual([a.id]);
    expect(page2.pagination).toEqual({ page: 2, limit: 2, total: 3, pages: 2 });
    expect((await get("limit=100")).pagination.limit).toBe(100);
    for (const q of ["limit=101", "limit=0", "page=0", "is_active=maybe"]) {
      const res = await call(list, "GET", `/v1/payment-links?${q}`, { key: m.testKey });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("INVALID_FIELD");
    }
    expect((await call(list, "GET", "/v1/payment-links?mode=SOMETIMES", { key: m.testKey })).body.error.code).toBe("INVALID_LINK_MODE");
  });

  it("keeps modes apart: a live key does not see test links", async () => {
    const m = await newLiveMerchant();
    await linkOf(m.testKey);
    expect((await call(list, "GET", "/v1/payment-links", { key: m.liveKey })).body.data).toHaveLength(0);
  });
});

describe("reads", () => {
  it("reads by slug without a key (no totals), by id with the key; other merchants and modes get 404", async () => {
    const m = await newLiveMerchant({ name: "Boutique Awa" });
    const other = await newMerchant();
    const link = await linkOf(m.testKey, { ...fixed, description: "Lot de 2" });
    const pub = await call(readPublic, "GET", `/v1/payment-links/${link.slug}`, { params: { slug: link.slug } });
    expect(pub.status).toBe(200);
    expect(pub.body.data).toEqual({
      id: link.id, slug: link.slug, url: link.url, name: "Tissu wax", title: "Tissu wax", description: "Lot de 2", mode: "FIXED", amount: 12_500,
      price: 12_500, min_amount: null, max_amount: null, currency: "XOF", is_active: true, livemode: false, merchant_name: "Boutique Awa",
    });
    expect((await call(readPublic, "GET", "/v1/payment-links/nope-nope", { params: { slug: "nope-nope" } })).body.error.code).toBe("LINK_NOT_FOUND");

    expect((await call(getById, "GET", `/v1/payment-links/by-id/${link.id}`, { key: m.testKey, params: { id: link.id } })).body.data.id).toBe(link.id);
    for (const key of [other.testKey, m.liveKey]) {
      const res = await call(getById, "GET", `/v1/payment-links/by-id/${link.id}`, { key, params: { id: link.id } });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe("LINK_NOT_FOUND");
      const p = await call(patch, "PATCH", `/v1/payment-links/${link.id}`, { key, params: { slug: link.id }, body: { name: "volé" } });
      expect(p.status).toBe(404);
      expect((await call(remove, "DELETE", `/v1/payment-links/${link.id}`, { key, params: { slug: link.id } })).status).toBe(404);
    }
    expect((await call(getById, "GET", `/v1/payment-links/by-id/${link.id}`, { key: m.testKey, params: { id: link.id } })).body.data.name).toBe("Tissu wax");
  });

  it("says is_active false for a deactivated link, and 410 LINK_ARCHIVED for the read, the QR and the checkout once deleted", async () => {
    const m = await newMerchant();
    const link = await linkOf(m.testKey);
    await call(deactivate, "PATCH", "/", { key: m.testKey, params: { slug: link.id } });
    expect((await call(readPublic, "GET", "/", { params: { slug: link.slug } })).body.data.is_active).toBe(false);

    const paid = await pay(link.slug, { customer_phone: "+22370000001" });
    expect(paid.status).toBe(409);
    expect(paid.body.error.code).toBe("LINK_INACTIVE");
    await call(activate, "PATCH", "/", { key: m.testKey, params: { slug: link.id } });
    const before = await pay(link.slug, { customer_phone: "+22370000001" });
    expect(before.status).toBe(201);

    const del = await call(remove, "DELETE", `/v1/payment-links/${link.id}`, { key: m.testKey, params: { slug: link.id } });
    expect(del.status).toBe(200);
    expect(del.body.data).toMatchObject({ archived: true, is_active: false });
    expect((await call(remove, "DELETE", "/", { key: m.testKey, params: { slug: link.id } })).body.data.archived_at).toBe(del.body.data.archived_at);

    const read = await call(readPublic, "GET", "/", { params: { slug: link.slug } });
    expect(read.status).toBe(410);
    expect(read.body.error.code).toBe("LINK_ARCHIVED");
    for (const query of ["", "?format=png", "?format=svg"]) {
      const res = await readQr(link.slug, query);
      expect(res.status).toBe(410);
      expect(res.body.error.code).toBe("LINK_ARCHIVED");
    }
    const after = await pay(link.slug, { customer_phone: "+22370000001" });
    expect(after.status).toBe(410);
    expect(after.body.error.code).toBe("LINK_ARCHIVED");

    // Archived, not erased: its payment is kept and it stays readable by id.
    expect(await db().select().from(payments).where(eq(payments.id, before.body.data.payment_id))).toHaveLength(1);
    expect((await call(getById, "GET", "/", { key: m.testKey, params: { id: link.id } })).body.data).toMatchObject({ archived: true, is_active: false });
    for (const route of [activate, deactivate]) {
      expect((await call(route, "PATCH", "/", { key: m.testKey, params: { slug: link.id } })).body.error.code).toBe("LINK_ARCHIVED");
    }
    expect((await call(patch, "PATCH", "/", { key: m.testKey, params: { slug: link.id }, body: { name: "x" } })).status).toBe(410);
  });
});

describe("PATCH /v1/payment-links/{id}", () => {
  const update = (key: string, id: string, body: unknown) => call(patch, "PATCH", `/v1/payment-links/${id}`, { key, params: { slug: id }, body });

  it("changes name, description, is_active, bounds of an OPEN link and the redirect", async () => {
    const m = await newMerchant();
    const link = await linkOf(m.testKey, open);
    const res = await update(m.testKey, link.id, { name: "Cotisation", description: "Mensuelle", is_active: false, min_amount: 1_000, max_amount: 20_000, success_redirect_url: "https://asso.example.ml/merci" });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: "Cotisation", description: "Mensuelle", is_active: false, min_amount: 1_000, max_amount: 20_000, success_redirect_url: "https://asso.example.ml/merci", mode: "OPEN" });
    expect((await update(m.testKey, link.slug, { max_amount: 1_000 })).body.data).toMatchObject({ min_amount: 1_000, max_amount: 1_000 });
    expect((await update(m.testKey, link.id, { success_redirect_url: null })).body.data.success_redirect_url).toBeNull();
  });

  it.each([
    ["FIXED", { mode: "OPEN" }, 400, "LINK_MODE_IMMUTABLE"],
    ["OPEN", { mode: "FIXED" }, 400, "LINK_MODE_IMMUTABLE"],
    ["FIXED", { amount: 15_000 }, 400, "LINK_PRICE_IMMUTABLE"],
    ["FIXED", { price: 15_000 }, 400, "LINK_PRICE_IMMUTABLE"],
    ["FIXED", { min_amount: 100 }, 400, "LINK_NOT_OPEN"],
    ["FIXED", { max_amount: 100_000 }, 400, "LINK_NOT_OPEN"],
    ["OPEN", { amount: 1_000 }, 400, "INVALID_AMOUNT"],
    ["OPEN", { min_amount: 60_000 }, 400, "INVALID_AMOUNT_RANGE"],
    ["OPEN", { max_amount: 400 }, 400, "INVALID_AMOUNT_RANGE"],
    ["OPEN", { min_amount: 99 }, 400, "INVALID_AMOUNT_RANGE"],
    ["OPEN", { max_amount: 5_000_001 }, 400, "INVALID_AMOUNT_RANGE"],
    ["FIXED", { success_redirect_url: "http://x.example.ml" }, 400, "INVALID_REDIRECT_URL"],
    ["FIXED", { name: "" }, 400, "INVALID_FIELD"],
  ])("refuses on a %s link %j with %s and changes nothing", async (kind, body, status, code) => {
    const m = await newMerchant();
    const link = await linkOf(m.testKey, kind === "FIXED" ? fixed : open);
    const res = await update(m.testKey, link.id, { name: "Nouveau nom", ...body });
    expect(res.status).toBe(status);
    expect(res.body.error.code).toBe(code);
    const after = (await call(getById, "GET", "/", { key: m.testKey, params: { id: link.id } })).body.data;
    expect(after).toMatchObject({ name: link.name, mode: link.mode, amount: link.amount, min_amount: link.min_amount, max_amount: link.max_amount });
  });

  it("accepts the unchanged mode and price (not a change)", async () => {
    const m = await newMerchant();
    const link = await linkOf(m.testKey);
    const res = await update(m.testKey, link.id, { mode: "FIXED", amount: 12_500, name: "Même prix" });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: "Même prix", amount: 12_500 });
  });

  it("activates and deactivates idempotently", async () => {
    const m = await newMerchant();
    const link = await linkOf(m.testKey);
    for (const [route, expected] of [[deactivate, false], [deactivate, false], [activate, true], [activate, true]] as const) {
      const res = await call(route, "PATCH", "/", { key: m.testKey, params: { slug: link.id } });
      expect(res.status).toBe(200);
      expect(res.body.data.is_active).toBe(expected);
    }
  });
});

describe("POST /v1/payment-links/{slug}/checkout", () => {
  it("creates a PENDING link payment for the merchant and sends the customer to the hosted checkout", async () => {
    const m = await newMerchant();
    const link = await linkOf(m.testKey);
    const res = await pay(link.slug, { customer_phone: "+22370000009", customer_name: "Awa" });
    expect(res.status).toBe(201);
    const d = res.body.data;
    expect(d).toMatchObject({ status: "PENDING", amount: 12_500, currency: "XOF" });
    expect(d.redirect_url).toBe(`${publicBaseUrl()}/checkout/${d.payment_id}`);
    const [p] = await db().select().from(payments).where(eq(payments.id, d.payment_id));
    expect(p).toMatchObject({ merchantId: m.merchant.id, mode: "test", purpose: "payment_link", purposeRef: link.id, amount: 12_500, customerPhone: "+22370000009", description: "Tissu wax" });
    expect(p.returnUrl).toBe(`${link.url}?payment=${d.payment_id}`);
    const [c] = await db().select().from(customers).where(eq(customers.merchantId, m.merchant.id));
    expect(c).toMatchObject({ phone: "+22370000009", name: "Awa", mode: "test" });
  });

  it("takes the phone as customers type it", async () => {
    const m = await newMerchant();
    const link = await linkOf(m.testKey);
    for (const typed of ["70 00 00 09", "0022370000009", "+223 70-00-00-09", "(+223) 70.00.00.09"]) {
      const res = await pay(link.slug, { customer_phone: typed });
      expect(res.status).toBe(201);
      const [p] = await db().select().from(payments).where(eq(payments.id, res.body.data.payment_id));
      expect(p.customerPhone).toBe("+22370000009");
    }
  });

  it("returns to the link's success_redirect_url after success when it has one", async () => {
    const m = await newMerchant();
    const link = await linkOf(m.testKey, { ...fixed, success_redirect_url: "https://boutique.example.ml/merci" });
    const res = await pay(link.slug, { customer_phone: "+22370000009" });
    const [p] = await db().select().from(payments).where(eq(payments.id, res.body.data.payment_id));
    expect(p.returnUrl).toBe("https://boutique.example.ml/merci");
  });

  it.each([
    [{ amount: 499 }, 400, "AMOUNT_OUT_OF_RANGE"],
    [{ amount: 500 }, 201, null],
    [{ amount: 50_000 }, 201, null],
    [{ amount: 50_001 }, 400, "AMOUNT_OUT_OF_RANGE"],
    [{}, 400, "AMOUNT_OUT_OF_RANGE"],
    [{ amount: 1_000.5 }, 400, "AMOUNT_OUT_OF_RANGE"],
  ])("on an OPEN link 500..50,000, %j answers %i", async (extra, status, code) => {
    const m = await newMerchant();
    const link = await linkOf(m.testKey, open);
    const res = await pay(link.slug, { customer_phone: "+22370000009", ...extra });
    expect(res.status).toBe(status);
    if (code) expect(res.body.error.code).toBe(code);
    else expect(res.body.data.amount).toBe((extra as { amount: number }).amount);
  });

  it("on a FIXED link accepts the price or nothing, and refuses another amount", async () => {
    const m = await newMerchant();
    const link = await linkOf(m.testKey);
    expect((await pay(link.slug, { customer_phone: "+22370000009", amount: 12_500 })).status).toBe(201);
    const other = await pay(link.slug, { customer_phone: "+22370000009", amount: 100 });
    expect(other.status).toBe(400);
    expect(other.body.error.code).toBe("AMOUNT_OUT_OF_RANGE");
  });

  it.each([
    [{}, "MISSING_PHONE"],
    [{ customer_phone: "7000001" }, "INVALID_PHONE"],
    [{ customer_phone: "+1234567" }, "INVALID_PHONE"],
    [{ customer_phone: "+1234567890123456" }, "INVALID_PHONE"],
    [{ customer_phone: 70000001 }, "INVALID_PHONE"],
  ])("refuses %j with %s", async (body, code) => {
    const m = await newMerchant();
    const link = await linkOf(m.testKey);
    const res = await pay(link.slug, body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(code);
  });

  it("answers 404 for an unknown link and 403 LINK_UNAVAILABLE when the merchant cannot take live payments", async () => {
    expect((await pay("inconnu", { customer_phone: "+22370000009" })).body.error.code).toBe("LINK_NOT_FOUND");
    const m = await newLiveMerchant();
    const link = await linkOf(m.liveKey);
    expect((await pay(link.slug, { customer_phone: "+22370000009" })).status).toBe(201);
    await updateMerchant(db(), m.merchant.id, { productionEnabled: false });
    const res = await pay(link.slug, { customer_phone: "+22370000009" });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("LINK_UNAVAILABLE");
  });

  it("sells under the live monthly cap like any live payment: up to the cap exactly, then 403 PLAN_MONTHLY_VOLUME_EXCEEDED and no payment", async () => {
    const m = await newLiveMerchant({ platformPlan: "starter" });
    const link = await linkOf(m.liveKey, { ...open, max_amount: 5_000_000 });
    const over = await pay(link.slug, { customer_phone: "+22370000009", amount: 200_001 });
    expect(over.status).toBe(403);
    expect(over.body.error.code).toBe("PLAN_MONTHLY_VOLUME_EXCEEDED");
    expect(await db().select().from(payments).where(eq(payments.merchantId, m.merchant.id))).toHaveLength(0);
    const atCap = await pay(link.slug, { customer_phone: "+22370000009", amount: 200_000 });
    expect(atCap.status).toBe(201);
  });

  it("is rate-limited per client IP: 20 a minute, the 21st is 429", async () => {
    const m = await newMerchant();
    const link = await linkOf(m.testKey);
    const results = [];
    for (let i = 0; i < 21; i++) results.push((await pay(link.slug, { customer_phone: "+22370000009" }, "192.0.2.77")).status);
    expect(results.slice(0, 20).every((s) => s === 201)).toBe(true);
    expect(results[20]).toBe(429);
    expect((await pay(link.slug, { customer_phone: "+22370000009" }, "192.0.2.78")).status).toBe(201);
  });
});

describe("totals", () => {
  it("counts the link's successful payments once each, in its reads and list", async () => {
    const m = await newMerchant();
    const link = await linkOf(m.testKey, open);
    const other = await linkOf(m.testKey);
    const ids: string[] = [];
    for (const [phone, amount] of [["+22370000001", 1_000], ["+22370000001", 2_500], ["+22370000002", 7_000], ["+22370000009", 9_000]] as const) {
      ids.push((await pay(link.slug, { customer_phone: phone, amount })).body.data.payment_id);
    }
    await pay(other.slug, { customer_phone: "+22370000001" }).then((r) => initiatePayment(db(), r.body.data.payment_id));
    // Concurrent pushes and repeated settlements must not count a payment twice.
    await Promise.all(ids.flatMap((id) => [initiatePayment(db(), id), initiatePayment(db(), id)]));
    await settlePayment(db(), ids[0], { status: "SUCCESS" });
    const read = (await call(getById, "GET", "/", { key: m.testKey, params: { id: link.id } })).body.data;
    expect(read).toMatchObject({ total_collected: 3_500, payment_count: 2 });
    const listed = (await call(list, "GET", "/v1/payment-links", { key: m.testKey })).body.data;
    expect(listed.find((l: { id: string }) => l.id === link.id)).toMatchObject({ total_collected: 3_500, payment_count: 2 });
    expect(listed.find((l: { id: string }) => l.id === other.id)).toMatchObject({ total_collected: 12_500, payment_count: 1 });
  });
});

describe("GET /v1/payment-links/{slug}/qr", () => {
  const decodePng = (buffer: Buffer) => {
    const png = PNG.sync.read(buffer);
    return { width: png.width, text: jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data };
  };

  it("answers JSON by default: a PNG data URL that decodes to the link's url", async () => {
    const m = await newMerchant();
    const link = await linkOf(m.testKey);
    const res = await readQr(link.slug);
    expect(res.status).toBe(200);
    // The enveloped answer is what the OpenAPI document (and so the typed client) says.
    expectMatchesOpenApi("GET", `/v1/payment-links/${link.slug}/qr`, res.status, res.body);
    expect(res.body.data.url).toBe(link.url);
    expect(res.body.data.qr_code).toMatch(/^data:image\/png;base64,/);
    const decoded = decodePng(Buffer.from(res.body.data.qr_code.split(",")[1], "base64"));
    expect(decoded).toEqual({ width: 512, text: link.url });
  });

  it("answers the raw PNG or SVG, at the sizes asked within 128..1024", async () => {
    const m = await newMerchant();
    const link = await linkOf(m.testKey);
    const request = new Request(`http://localhost/v1/payment-links/${link.slug}/qr?format=png&size=128`);
    const png = await qr(request, { params: Promise.resolve({ slug: link.slug }) });
    expect(png.headers.get("content-type")).toBe("image/png");
    expect(decodePng(Buffer.from(await png.arrayBuffer()))).toEqual({ width: 128, text: link.url });
    const big = await qr(new Request(`http://localhost/x?format=png&size=1024`), { params: Promise.resolve({ slug: link.slug }) });
    expect(decodePng(Buffer.from(await big.arrayBuffer()))).toEqual({ width: 1024, text: link.url });
    const svg = await readQr(link.slug, "?format=svg");
    expect(svg.headers.get("content-type")).toContain("image/svg+xml");
    expect(svg.body).toMatch(/^<svg[^>]*width="512"/);
    for (const query of ["?size=127", "?size=1025", "?size=abc", "?format=png&size=12.5"]) {
      const res = await readQr(link.slug, query);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("INVALID_QR_SIZE");
    }
    expect((await readQr(link.slug, "?format=gif")).body.error.code).toBe("INVALID_QR_FORMAT");
    expect((await readQr("inconnu")).status).toBe(404);
  });

  it("is cacheable: a stable ETag per (url, format, size), If-None-Match answers 304", async () => {
    const m = await newMerchant();
    const link = await linkOf(m.testKey);
    const first = await readQr(link.slug, "?format=png");
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers.get("cache-control")).toContain("public");
    expect((await readQr(link.slug, "?format=png")).headers.get("etag")).toBe(etag);
    expect((await readQr(link.slug, "?format=svg")).headers.get("etag")).not.toBe(etag);
    expect((await readQr(link.slug, "?format=png&size=256")).headers.get("etag")).not.toBe(etag);
    const cached = await readQr(link.slug, "?format=png", { "if-none-match": `W/"other", ${etag}` });
    expect(cached.status).toBe(304);
    expect(cached.headers.get("etag")).toBe(etag);
    expect((await readQr(link.slug, "?format=png", { "if-none-match": '"other"' })).status).toBe(200);
  });
});
