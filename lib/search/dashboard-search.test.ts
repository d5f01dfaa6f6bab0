import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import type { Mode } from "@/db/schema";
import { dashboardContext } from "@/lib/auth/dashboard-context";
import { upsertCustomer } from "@/lib/billing/customers";
import { ApiError } from "@/lib/core/errors";
import { parseInput } from "@/lib/core/validation";
import { newId } from "@/lib/ids";
import { postJournal } from "@/lib/ledger/post";
import { CreateLinkInput } from "@/lib/links/schemas";
import { createLink } from "@/lib/links/service";
import { insertPayment } from "@/lib/payments/create";
import { createSecureOrder } from "@/lib/secure-orders";
import { CreateSecureOrderInput } from "@/lib/secure-orders/schemas";
import { createWithdrawal } from "@/lib/withdrawals/create";
import { CreateWithdrawalInput } from "@/lib/withdrawals/schemas";
import { newLiveMerchant, newMerchant } from "@/tests/support/merchant";
import { dashboardSearch, SEARCH_GROUP_LIMIT, searchableKinds, type SearchResults } from "./dashboard-search";
import { SEARCH_KINDS } from "./hits";
import { SEARCH_MAX_LENGTH } from "./limits";
import { readSearchQuery } from "./query";

const PHONE = "+22370000001";
const OTHER_PHONE = "+22376554433";

type Merchant = Awaited<ReturnType<typeof newMerchant>>;

/**
 * One of each kind for a merchant in a mode, with the same references and phone every time, so a
 * copy in another merchant or mode is indistinguishable but for its scope.
 */
async function seed(m: Merchant, mode: Mode) {
  const ctx = await dashboardContext(db(), m.merchant, mode);
  const payment = await insertPayment(ctx, { amount: 12_500, customerPhone: PHONE, customerName: "Awa Traoré", clientReference: "CMD-SRCH-1" });
  const numeric = await insertPayment(ctx, { amount: 3_000, customerPhone: OTHER_PHONE, clientReference: "123" });
  const order = await createSecureOrder(ctx, parseInput(CreateSecureOrderInput, { amount: 45_000, description: "Robe brodée", customer_phone: "70 00 00 01", client_reference: "CMD-ORDER-7" }));
  const link = await createLink(ctx, parseInput(CreateLinkInput, { name: "Tissu wax bleu", amount: 5_000, slug: `wax-${randomUUID().slice(0, 8)}` }));
  const customer = await upsertCustomer(db(), { merchantId: m.merchant.id, mode, phone: PHONE, name: "Awa Traoré", at: new Date() });
  await postJournal(db(), {
    merchantId: m.merchant.id,
    mode,
    kind: "test.credit",
    refType: "test",
    refId: newId("ref"),
    entries: [
      { account: "operator_clearing", amount: -60_000 },
      { account: "merchant_available", amount: 60_000 },
    ],
    at: new Date(),
  });
  const { withdrawal } = await createWithdrawal(ctx, parseInput(CreateWithdrawalInput, { amount: 50_000, provider: "OPERATOR_MONEY", phone_number: PHONE }));
  return { ctx, payment, numeric, order, link, customer, withdrawal };
}

// A merchant in the pilot with an approved KYC (withdrawals), live-ready (its live copies pass the gates).
const fullMerchant = () => newLiveMerchant({ secureOrdersEnabled: true, kycStatus: "approved" });

const ids = (r: SearchResults) => Object.fromEntries(r.groups.map((g) => [g.kind, g.hits.map((h) => h.id)]));
const matches = (r: SearchResults) => Object.fromEntries(r.groups.map((g) => [g.kind, g.hits.map((h) => h.matched)]));

describe("dashboardSearch", async () => {
  const m = await fullMerchant();
  const mine = await seed(m, "test");
  // The same objects, same references and phone, in the other mode and in another merchant.
  const live = await seed(m, "live");
  const other = await seed(await fullMerchant(), "test");
  const all = [...SEARCH_KINDS];
  const search = (q: string) => dashboardSearch(mine.ctx, q, all);

  it("finds each kind by its id; an id with a page of its own is the exact hit the page opens", async () => {
    const byPayment = await search(mine.payment.id);
    expect(ids(byPayment)).toEqual({ payment: [mine.payment.id] });
    expect(byPayment.exact).toMatchObject({ kind: "payment", id: mine.payment.id, path: `/dashboard/payments/${mine.payment.id}`, status: "PENDING", amount: 12_500, matched: "id" });
    // Pasted in capitals, still the id.
    expect((await search(mine.payment.id.toUpperCase())).exact?.id).toBe(mine.payment.id);

    const byOrder = await search(mine.order.id);
    expect(ids(byOrder)).toEqual({ secure_order: [mine.order.id] });
    expect(byOrder.exact).toMatchObject({ kind: "secure_order", path: `/dashboard/secure-orders/${mine.order.id}`, status: "CREATED", amount: 45_000 });

    // Links and withdrawals have their own page too: a typed id opens it. Customers open on their list.
    const byLink = await search(mine.link.id);
    expect(ids(byLink)).toEqual({ payment_link: [mine.link.id] });
    expect(byLink.exact).toMatchObject({ kind: "payment_link", path: `/dashboard/links/${mine.link.id}` });
    expect(byLink.groups[0].hits[0]).toMatchObject({ label: "Tissu wax bleu", status: "ACTIVE", amount: 5_000, path: `/dashboard/links/${mine.link.id}`, matched: "id" });
    const byCustomer = await search(mine.customer.id);
    expect(ids(byCustomer)).toEqual({ customer: [mine.customer.id] });
    expect(byCustomer.exact).toBeNull();
    const byWithdrawal = await search(mine.withdrawal.id);
    expect(ids(byWithdrawal)).toEqual({ withdrawal: [mine.withdrawal.id] });
    expect(byWithdrawal.exact).toMatchObject({ kind: "withdrawal", path: `/dashboard/withdrawals/${mine.withdrawal.id}` });
    expect(byWithdrawal.groups[0].hits[0]).toMatchObject({ status: "PENDING", amount: 50_000, matched: "id" });
  });

  it("finds by reference: client references exactly, service references and slugs in any case, part of a link or customer name", async () => {
    const byClientRef = await search("CMD-SRCH-1");
    expect(ids(byClientRef)).toEqual({ payment: [mine.payment.id] });
    expect(matches(byClientRef)).toEqual({ payment: ["reference"] });
    expect(ids(await search("cmd-srch-1"))).toEqual({});
    expect(ids(await search("CMD-SRCH"))).toEqual({});

    expect(ids(await search("CMD-ORDER-7"))).toEqual({ secure_order: [mine.order.id] });
    expect(matches(await search(mine.order.reference.toLowerCase()))).toEqual({ secure_order: ["reference"] });
    expect(ids(await search(mine.withdrawal.reference.toLowerCase()))).toEqual({ withdrawal: [mine.withdrawal.id] });
    expect(matches(await search(mine.link.slug.toUpperCase()))).toEqual({ payment_link: ["reference"] });

    const byName = await search("wax");
    expect(ids(byName)).toEqual({ payment_link: [mine.link.id] });
    expect(matches(byName)).toEqual({ payment_link: ["name"] });
    expect(ids(await search("traoré"))).toEqual({ customer: [mine.customer.id] });
  });

  it("finds by phone typed as +223 70 00 00 01, 70000001 or 70 00 00 01, on the stored E.164 number", async () => {
    const expected = { payment: [mine.payment.id], secure_order: [mine.order.id], customer: [mine.customer.id], withdrawal: [mine.withdrawal.id] };
    for (const typed of ["+223 70 00 00 01", "70000001", "70 00 00 01"]) {
      const r = await search(typed);
      expect(ids(r), typed).toEqual(expected);
      expect(r.groups.flatMap((g) => g.hits.map((h) => h.matched)), typed).toEqual(["phone", "phone", "phone", "phone"]);
      expect(r.notice).toBeNull();
    }
    // Part of a number, from 4 digits, however it is spaced.
    expect(ids(await search("54 43"))).toEqual({ payment: [mine.numeric.id] });
    expect(ids(await search("4433"))).toEqual({ payment: [mine.numeric.id] });
  });

  it("does not search phones by fewer than 4 digits, and says so; ids and references are still searched", async () => {
    const three = await search("433");
    expect(three.notice).toBe("phone_too_short");
    expect(three.groups).toEqual([]);
    // "123" is a reference: found as one, while the phone part is refused.
    const reference = await search("123");
    expect(reference.notice).toBe("phone_too_short");
    expect(ids(reference)).toEqual({ payment: [mine.numeric.id] });
    expect(matches(reference)).toEqual({ payment: ["reference"] });
    // 4 digits: a phone search, no notice.
    expect((await search("4433")).notice).toBeNull();
  });

  it("never returns another merchant's or the other mode's objects, even by their exact id", async () => {
    const scoped = new Set([mine.payment.id, mine.numeric.id, mine.order.id, mine.link.id, mine.customer.id, mine.withdrawal.id]);
    for (const typed of ["CMD-SRCH-1", "CMD-ORDER-7", "70 00 00 01", "4433", "Tissu", "Traoré"]) {
      const found = (await search(typed)).groups.flatMap((g) => g.hits.map((h) => h.id));
      expect(found.length, typed).toBeGreaterThan(0);
      expect(found.filter((id) => !scoped.has(id)), typed).toEqual([]);
    }
    for (const foreign of [live, other]) {
      for (const id of [foreign.payment.id, foreign.order.id, foreign.link.id, foreign.customer.id, foreign.withdrawal.id, foreign.order.reference, foreign.withdrawal.reference, foreign.link.slug]) {
        const r = await search(id);
        expect(r.groups, id).toEqual([]);
        expect(r.exact).toBeNull();
      }
    }
    // The live side sees its own copy and not ours.
    expect(ids(await dashboardSearch(live.ctx, "CMD-SRCH-1", all))).toEqual({ payment: [live.payment.id] });
  });

  it("caps each kind at 5, strongest match first, with the payments page as 'see all'", async () => {
    const m2 = await newMerchant();
    const ctx = await dashboardContext(db(), m2.merchant, "test");
    // The oldest payment has the typed digits as its reference (and another phone).
    const first = await insertPayment(ctx, { amount: 900, customerPhone: OTHER_PHONE, clientReference: "70000001" });
    const byPhone = [];
    for (let i = 0; i < SEARCH_GROUP_LIMIT + 1; i++) byPhone.push(await insertPayment(ctx, { amount: 1_000 + i, customerPhone: PHONE }));
    const r = await dashboardSearch(ctx, "70 00 00 01", ["payment"]);
    const [group] = r.groups;
    expect(group.hits).toHaveLength(SEARCH_GROUP_LIMIT);
    expect(group.more).toBe(true);
    expect(group.see_all).toBe("/dashboard/payments?q=70%2000%2000%2001");
    expect(group.hits.map((h) => h.id)).toEqual(byPhone.reverse().slice(0, SEARCH_GROUP_LIMIT).map((p) => p.id));

    // Typed as the reference: the oldest payment is kept, and first, though 6 newer ones match by phone.
    const ranked = (await dashboardSearch(ctx, "70000001", ["payment"])).groups[0];
    expect(ranked.hits[0]).toMatchObject({ id: first.id, matched: "reference" });
    expect(ranked.hits).toHaveLength(SEARCH_GROUP_LIMIT);
    // 5 or fewer: no "see all".
    expect((await dashboardSearch(ctx, "4433", ["payment"])).groups[0]).toMatchObject({ more: false, see_all: null });
  });
});

describe("searchableKinds", () => {
  it("searches what the member's pages show: withdrawals with withdrawals.read, secure orders in the pilot", () => {
    const pilot = { secureOrdersEnabled: true };
    expect(searchableKinds("owner", pilot)).toEqual(["payment", "secure_order", "payment_link", "customer", "withdrawal"]);
    expect(searchableKinds("viewer", pilot)).toContain("withdrawal");
    expect(searchableKinds("developer", pilot)).toEqual(["payment", "secure_order", "payment_link", "customer"]);
    expect(searchableKinds("finance", { secureOrdersEnabled: false })).toEqual(["payment", "payment_link", "customer", "withdrawal"]);
    expect(searchableKinds(null, pilot)).toEqual([]);
  });
});

describe("readSearchQuery", () => {
  const refusal = (raw: unknown) => {
    try {
      readSearchQuery(raw);
    } catch (error) {
      return error instanceof ApiError ? { code: error.code, status: error.status, param: error.param, message: error.message } : error;
    }
    return null;
  };

  it("refuses an empty or blank query and one over 100 characters with INVALID_SEARCH", () => {
    for (const raw of [undefined, "", "   "]) expect(refusal(raw)).toMatchObject({ code: "INVALID_SEARCH", status: 400, param: "q", message: expect.stringContaining("q is required") });
    expect(refusal("x".repeat(SEARCH_MAX_LENGTH + 1))).toMatchObject({ code: "INVALID_SEARCH", message: expect.stringContaining("at most 100") });
    expect(refusal("x".repeat(SEARCH_MAX_LENGTH))).toBeNull();
    // Surrounding spaces are not counted.
    expect(refusal(` ${"x".repeat(SEARCH_MAX_LENGTH)} `)).toBeNull();
  });

  it("reads a phone in any accepted form as its digits, a part of one as typed, 3 digits as too short", () => {
    for (const typed of ["+223 70 00 00 01", "70000001", "70 00 00 01", "0022370000001"]) expect(readSearchQuery(typed).phone).toEqual({ digits: "22370000001", e164: PHONE });
    expect(readSearchQuery("00 01").phone).toEqual({ digits: "0001", e164: null });
    expect(readSearchQuery("0 01")).toMatchObject({ phone: null, phoneTooShort: true });
    expect(readSearchQuery("CMD-1")).toMatchObject({ phone: null, phoneTooShort: false });
  });
});
