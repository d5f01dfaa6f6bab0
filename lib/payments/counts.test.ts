import { and, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { payments, type PaymentStatus } from "@/db/schema";
import { dashboardContext } from "@/lib/auth/dashboard-context";
import { newLiveMerchant, newMerchant } from "@/tests/support/merchant";
import { compactPaymentCounts, countPayments } from "./counts";
import { insertPayment } from "./create";
import { listPayments } from "./list";
import { settlePayment } from "./settle";

async function countStar(merchantId: string, mode: "test" | "live", status?: PaymentStatus) {
  const [row] = await db()
    .select({ n: count() })
    .from(payments)
    .where(and(eq(payments.merchantId, merchantId), eq(payments.mode, mode), status ? eq(payments.status, status) : undefined));
  return Number(row!.n);
}

describe("payment counters", () => {
  it("follow inserts and status changes per merchant, mode and status, and give the list its total", async () => {
    // Live, so that its live payment passes the live gates every payment insert now applies.
    const m = await newLiveMerchant();
    const other = await newMerchant();
    const ctx = await dashboardContext(db(), m.merchant, "test");
    const live = await dashboardContext(db(), m.merchant, "live");
    const created = [];
    for (let i = 0; i < 6; i++) created.push(await insertPayment(ctx, { amount: 1000 + i, customerPhone: "+22370000011" }));
    await insertPayment(live, { amount: 5000, customerPhone: "+22370000011" });
    await insertPayment(await dashboardContext(db(), other.merchant, "test"), { amount: 5000, customerPhone: "+22370000011" });
    await settlePayment(db(), created[0]!.id, { status: "SUCCESS" });
    await settlePayment(db(), created[1]!.id, { status: "SUCCESS" });
    await settlePayment(db(), created[2]!.id, { status: "FAILED" });
    // Settling twice changes nothing, counters included.
    await settlePayment(db(), created[0]!.id, { status: "SUCCESS" }).catch(() => undefined);
    // An update that does not touch the status leaves the counters alone.
    await db().update(payments).set({ description: "renamed" }).where(eq(payments.id, created[3]!.id));

    const scope = { merchantId: m.merchant.id, mode: "test" as const };
    expect(await countPayments(db(), scope)).toBe(6);
    expect(await countPayments(db(), { ...scope, status: "SUCCESS" })).toBe(2);
    expect(await countPayments(db(), { ...scope, status: "FAILED" })).toBe(1);
    expect(await countPayments(db(), { ...scope, status: "PENDING" })).toBe(3);
    expect(await countPayments(db(), { ...scope, status: "EXPIRED" })).toBe(0);
    expect(await countPayments(db(), { merchantId: m.merchant.id, mode: "live" })).toBe(1);
    for (const status of [undefined, "SUCCESS", "FAILED", "PENDING"] as const) {
      expect(await countPayments(db(), { ...scope, status })).toBe(await countStar(m.merchant.id, "test", status));
    }
    const page = await listPayments(ctx, { page: 2, limit: 4, status: undefined });
    expect(page.pagination).toEqual({ page: 2, limit: 4, total: 6, pages: 2 });
    expect(page.payments).toHaveLength(2);
    expect((await listPayments(ctx, { page: 1, limit: 20, status: "SUCCESS" })).pagination.total).toBe(2);

    // Folding the deltas changes no total; a second pass has nothing left to fold.
    expect(await compactPaymentCounts(db())).toBeGreaterThan(0);
    expect(await compactPaymentCounts(db())).toBe(0);
    for (const status of [undefined, "SUCCESS", "FAILED", "PENDING"] as const) {
      expect(await countPayments(db(), { ...scope, status })).toBe(await countStar(m.merchant.id, "test", status));
    }

    // A deleted payment leaves the count (nothing deletes payments today; the trigger still keeps up).
    await db().delete(payments).where(eq(payments.id, created[5]!.id));
    expect(await countPayments(db(), { ...scope, status: "PENDING" })).toBe(2);
  });

  // Half the payments share a customer, whose row each creation upserts: the counters must add no lock
  // that could wait in a cycle with it (a shared counter row did: "deadlock detected" under load).
  it("stay exact under concurrent creations, settlements and compactions of one merchant", async () => {
    const m = await newMerchant();
    const ctx = await dashboardContext(db(), m.merchant, "test");
    const compactions = Array.from({ length: 6 }, () => compactPaymentCounts(db()));
    const created = await Promise.all(Array.from({ length: 40 }, (_, i) => insertPayment(ctx, { amount: 1000 + i, customerPhone: i % 2 ? "+22370009999" : `+2237000${String(i).padStart(4, "0")}` })));
    compactions.push(compactPaymentCounts(db()), compactPaymentCounts(db()));
    await Promise.all([...created.slice(0, 25).map((p, i) => settlePayment(db(), p.id, { status: i % 5 === 0 ? "FAILED" : "SUCCESS" })), ...compactions]);
    await Promise.all([compactPaymentCounts(db()), compactPaymentCounts(db())]);
    const scope = { merchantId: m.merchant.id, mode: "test" as const };
    expect(await countPayments(db(), scope)).toBe(40);
    expect(await countPayments(db(), { ...scope, status: "SUCCESS" })).toBe(20);
    expect(await countPayments(db(), { ...scope, status: "FAILED" })).toBe(5);
    expect(await countPayments(db(), { ...scope, status: "PENDING" })).toBe(15);
  });
});
