import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { dashboardContext } from "@/lib/auth/dashboard-context";
import { insertPayment } from "@/lib/payments/create";
import { settlePayment } from "@/lib/payments/settle";
import { newMerchant } from "@/tests/support/merchant";
import { dashboardPayments, paymentActivity } from "./dashboard";

const ctxOf = async (m: Awaited<ReturnType<typeof newMerchant>>, mode: "test" | "live" = "test") => dashboardContext(db(), m.merchant, mode);

describe("dashboardPayments", () => {
  it("filters by status, search (client reference or phone digits) and scope", async () => {
    const m = await newMerchant();
    const other = await newMerchant();
    const ctx = await ctxOf(m);
    const a = await insertPayment(ctx, { amount: 1000, customerPhone: "+22370000011", clientReference: "CMD-1" });
    const b = await insertPayment(ctx, { amount: 2000, customerPhone: "+22370000022", clientReference: "CMD-2" });
    await insertPayment(await ctxOf(m, "live"), { amount: 3000, customerPhone: "+22370000011", clientReference: "CMD-1" });
    await insertPayment(await ctxOf(other), { amount: 4000, customerPhone: "+22370000011", clientReference: "CMD-1" });
    await settlePayment(db(), b.id, { status: "SUCCESS" });

    const all = await dashboardPayments(ctx, { page: 1, limit: 10 });
    expect(all.payments.map((p) => p.id)).toEqual([b.id, a.id]);
    expect(all.pagination).toEqual({ page: 1, limit: 10, total: 2, pages: 1 });
    expect((await dashboardPayments(ctx, { page: 1, limit: 10, status: "SUCCESS" })).payments.map((p) => p.id)).toEqual([b.id]);
    expect((await dashboardPayments(ctx, { page: 1, limit: 10, search: "CMD-1" })).payments.map((p) => p.id)).toEqual([a.id]);
    expect((await dashboardPayments(ctx, { page: 1, limit: 10, search: "70 00 00 22" })).payments.map((p) => p.id)).toEqual([b.id]);
    expect((await dashboardPayments(ctx, { page: 1, limit: 10, search: "CMD" })).payments).toEqual([]);
    const page2 = await dashboardPayments(ctx, { page: 2, limit: 1 });
    expect(page2.payments.map((p) => p.id)).toEqual([a.id]);
    expect(page2.pagination.pages).toBe(2);
  });

  it("filters by date range [from, to)", async () => {
    const m = await newMerchant();
    const ctx = await ctxOf(m);
    const p = await insertPayment(ctx, { amount: 1000, customerPhone: "+22370000011" });
    const at = p.createdAt;
    expect((await dashboardPayments(ctx, { page: 1, limit: 10, from: at })).payments).toHaveLength(1);
    expect((await dashboardPayments(ctx, { page: 1, limit: 10, to: at })).payments).toHaveLength(0);
    expect((await dashboardPayments(ctx, { page: 1, limit: 10, from: new Date(at.getTime() + 1) })).payments).toHaveLength(0);
  });
});

describe("paymentActivity", () => {
  it("lists the payment's events oldest first; another merchant gets NOT_FOUND", async () => {
    const m = await newMerchant();
    const ctx = await ctxOf(m);
    const p = await insertPayment(ctx, { amount: 1000, customerPhone: "+22370000011" });
    await settlePayment(db(), p.id, { status: "SUCCESS" });
    const activity = await paymentActivity(ctx, p.id);
    expect(activity.timeline.map((e) => e.type)).toContain("payment.success");
    expect(activity.deliveries).toEqual([]);
    await expect(paymentActivity(await ctxOf(await newMerchant()), p.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
