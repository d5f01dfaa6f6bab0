import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { journals, partnerRoyalties, payments, type Mode, type PaymentStatus } from "@/db/schema";
import { accountBalances, unbalancedJournals } from "@/lib/ledger/balance";
import { newId } from "@/lib/ids";
import { jobs } from "@/lib/jobs/registry";
import { newLiveMerchant } from "@/tests/support/merchant";
import { previousMonth, royaltyAmount, royaltyRateBps, runPartnerRoyalties } from "./royalty";

const NOW = new Date("2026-12-01T00:30:00Z"); // the job's first run for November

async function sale(m: { merchant: { id: string }; applicationId: string }, p: { amount: number; at: Date; status?: PaymentStatus; mode?: Mode; items?: unknown[] | null }) {
  await db().insert(payments).values({
    id: newId("txn"),
    merchantId: m.merchant.id,
    applicationId: m.applicationId,
    mode: p.mode ?? "live",
    status: p.status ?? "SUCCESS",
    amount: p.amount,
    customerPhone: "+22370000001",
    feeTotal: 0,
    adapter: "live",
    gatewayUsed: "g",
    routingReason: "r",
    items: p.items === undefined ? [{ product_id: "pp_x", name: "Riz", unit_price: p.amount, quantity: 1, amount: p.amount }] : p.items,
    expiresAt: p.at,
    settledAt: (p.status ?? "SUCCESS") === "PENDING" ? null : p.at,
    createdAt: p.at,
    updatedAt: p.at,
  });
}

afterEach(() => {
  delete process.env.PARTNER_ROYALTY_BPS;
});

describe("royalty rules", () => {
  it("defaults to 10 % rounded down on the month's total; PARTNER_ROYALTY_BPS overrides it", () => {
    expect(royaltyRateBps()).toBe(1_000);
    expect(royaltyAmount(123_459, 1_000)).toBe(12_345);
    process.env.PARTNER_ROYALTY_BPS = "250";
    expect(royaltyRateBps()).toBe(250);
    process.env.PARTNER_ROYALTY_BPS = "abc";
    expect(royaltyRateBps()).toBe(1_000);
  });

  it("takes the previous calendar month", () => {
    expect(previousMonth(new Date("2027-01-01T00:00:00Z")).label).toBe("2026-12");
    expect(previousMonth(new Date("2026-12-31T23:59:59Z"))).toMatchObject({ label: "2026-11", start: new Date("2026-11-01T00:00:00Z"), end: new Date("2026-12-01T00:00:00Z") });
  });
});

describe("runPartnerRoyalties", () => {
  it("credits last month's successful live partner sales × rate once, however often it runs", async () => {
    const m = await newLiveMerchant({ partner: true });
    await sale(m, { amount: 100_000, at: new Date("2026-11-01T00:00:00Z") });
    await sale(m, { amount: 23_459, at: new Date("2026-11-30T23:59:59Z") });
    // Not counted: other months, other statuses, test mode, payments without items.
    await sale(m, { amount: 999_000, at: new Date("2026-10-31T23:59:59Z") });
    await sale(m, { amount: 999_000, at: new Date("2026-12-01T00:00:00Z") });
    await sale(m, { amount: 999_000, at: new Date("2026-11-10T00:00:00Z"), status: "PENDING" });
    await sale(m, { amount: 999_000, at: new Date("2026-11-10T00:00:00Z"), status: "FAILED" });
    await sale(m, { amount: 999_000, at: new Date("2026-11-10T00:00:00Z"), mode: "test" });
    await sale(m, { amount: 999_000, at: new Date("2026-11-10T00:00:00Z"), items: null });

    const first = await runPartnerRoyalties(db(), { now: NOW, merchantId: m.merchant.id });
    expect(first.month).toBe("2026-11");
    expect(first.credited).toHaveLength(1);
    expect(first.credited[0]).toMatchObject({ merchantId: m.merchant.id, mode: "live", month: "2026-11", salesCount: 2, salesVolume: 123_459, rateBps: 1_000, amount: 12_345 });

    const second = await runPartnerRoyalties(db(), { now: NOW, merchantId: m.merchant.id });
    expect(second.credited).toEqual([]);
    // Even a run that slips past the pre-check (two instances racing) pays nothing: see the concurrency test.
    const rows = await db().select().from(partnerRoyalties).where(eq(partnerRoyalties.merchantId, m.merchant.id));
    expect(rows).toHaveLength(1);
    const js = await db().select().from(journals).where(and(eq(journals.merchantId, m.merchant.id), eq(journals.kind, "partner.royalty")));
    expect(js).toHaveLength(1);
    const balances = await accountBalances(db(), m.merchant.id, "live");
    expect(balances.merchant_available).toBe(12_345);
    expect(balances.partner_royalties).toBe(-12_345);
    expect(await unbalancedJournals(db())).toEqual([]);
  });

  it("two runs at once (two instances) credit once", async () => {
    const m = await newLiveMerchant({ partner: true });
    await sale(m, { amount: 50_000, at: new Date("2026-11-15T12:00:00Z") });
    const runs = await Promise.all([0, 1, 2].map(() => runPartnerRoyalties(db(), { now: NOW, merchantId: m.merchant.id })));
    expect(runs.reduce((n, r) => n + r.credited.length, 0)).toBe(1);
    expect((await accountBalances(db(), m.merchant.id, "live")).merchant_available).toBe(5_000);
  });

  it("with a scope, touches only that merchant; each merchant gets its own royalty", async () => {
    const a = await newLiveMerchant({ partner: true });
    const b = await newLiveMerchant({ partner: true });
    await sale(a, { amount: 10_000, at: new Date("2026-11-02T00:00:00Z") });
    await sale(b, { amount: 20_000, at: new Date("2026-11-02T00:00:00Z") });
    await runPartnerRoyalties(db(), { now: NOW, merchantId: a.merchant.id });
    expect(await db().select().from(partnerRoyalties).where(eq(partnerRoyalties.merchantId, b.merchant.id))).toEqual([]);
    await runPartnerRoyalties(db(), { now: NOW });
    const [rb] = await db().select().from(partnerRoyalties).where(eq(partnerRoyalties.merchantId, b.merchant.id));
    expect(rb.amount).toBe(2_000);
    expect((await accountBalances(db(), a.merchant.id, "live")).merchant_available).toBe(1_000);
  });

  it("is registered as a background job", async () => {
    const job = jobs.find((j) => j.id === "partner-royalty");
    expect(job).toBeDefined();
    const m = await newLiveMerchant({ partner: true });
    const lastMonth = previousMonth(new Date());
    await sale(m, { amount: 40_000, at: new Date(lastMonth.start.getTime() + 3_600_000) });
    await job!.run(db(), { merchantId: m.merchant.id });
    await job!.run(db(), { merchantId: m.merchant.id });
    const rows = await db().select().from(partnerRoyalties).where(eq(partnerRoyalties.merchantId, m.merchant.id));
    expect(rows.map((r) => [r.month, r.amount])).toEqual([[lastMonth.label, 4_000]]);
  });
});
