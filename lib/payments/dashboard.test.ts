import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { dashboardContext } from "@/lib/auth/dashboard-context";
import { homeSummary } from "@/lib/account/home";
import { accountBalances } from "@/lib/ledger/balance";
import { postJournal } from "@/lib/ledger/post";
import { insertPayment } from "@/lib/payments/create";
import { settlePayment } from "@/lib/payments/settle";
import { confirmDelivery, createSecureOrder, openDispute, resolveDispute } from "@/lib/secure-orders";
import { sandboxDeliveryCode, simulateSecureOrderPayment } from "@/lib/secure-orders/sandbox";
import { newLiveMerchant, newMerchant } from "@/tests/support/merchant";
import { dashboardPayments, paymentActivity, paymentMoney } from "./dashboard";

const ctxOf = async (m: Awaited<ReturnType<typeof newMerchant>>, mode: "test" | "live" = "test") => dashboardContext(db(), m.merchant, mode);

describe("dashboardPayments", () => {
  it("filters by status, search (client reference or phone digits), a customer's number and scope", async () => {
    // A live-ready merchant: its live payment below passes the plan's cap.
    const m = await newLiveMerchant();
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
    // One customer's exact number: not a part of another's, not another merchant's or mode's.
    const phoneOnly = await dashboardPayments(ctx, { page: 1, limit: 10, customerPhone: "+22370000011" });
    expect(phoneOnly.payments.map((p) => p.id)).toEqual([a.id]);
    expect(phoneOnly.pagination.total).toBe(1);
    expect((await dashboardPayments(ctx, { page: 1, limit: 10, customerPhone: "+2237000001" })).payments).toEqual([]);
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

const tokenOf = (url: string) => new URL(url).pathname.split("/").pop()!;
const soMerchant = () => newMerchant({ name: "Boutique Escrow", secureOrdersEnabled: true });

/** A secure order paid through the sandbox (PAID_HELD), as the buyer page would, and its delivery code. */
async function paidOrder(m: Awaited<ReturnType<typeof soMerchant>>, amount: number) {
  const ctx = await ctxOf(m);
  const created = await createSecureOrder(ctx, { amount, description: "Robe wax taille M", customer_phone: "+22376543210" });
  const order = await simulateSecureOrderPayment(ctx, created.id, "SUCCESS");
  expect(order.status).toBe("PAID_HELD");
  return { order, code: (await sandboxDeliveryCode(ctx, order.id)).code };
}

describe("home figures come from the ledger", () => {
  it("a secure order disputed and refunded is not in Encaissé but in Remboursé; balances agree", async () => {
    const m = await soMerchant();
    const ctx = await ctxOf(m);
    const direct = await insertPayment(ctx, { amount: 8_000, customerPhone: "+22370000011" });
    await settlePayment(db(), direct.id, { status: "SUCCESS" });
    const failed = await insertPayment(ctx, { amount: 7_000, customerPhone: "+22370000011" });
    await settlePayment(db(), failed.id, { status: "FAILED" });
    // The order: paid 45,000, disputed by the buyer, refunded by staff.
    const { order } = await paidOrder(m, 45_000);
    await openDispute(db(), { by: "buyer", token: tokenOf(order.buyer_url) }, "Colis jamais reçu");
    await resolveDispute(db(), order.id, "refund", { staffId: "staff:test@cauri.test" });
    // Another order, still held: collected (in escrow), not refunded.
    await paidOrder(m, 10_000);

    const home = await homeSummary(await ctxOf(m));
    expect(home.activity.totals).toMatchObject({ collected: 18_000, refunded: 45_000, succeeded: 3, finished: 4 });
    expect(home.activity.days.at(-1)).toMatchObject({ collected: 18_000, refunded: 45_000 });
    const books = await accountBalances(db(), m.merchant.id, "test");
    expect(books.customer_refunds).toBe(45_000);
    expect(-books.operator_clearing - books.customer_refunds).toBe(home.activity.totals.collected);
    expect(home.balance).toMatchObject({ available: 8_000 - direct.feeTotal, held: 10_000 });
    // The lists say "Remboursé" beside "Réussi" for that payment only.
    expect(home.recent.filter((p) => p.refunded).map((p) => p.id)).toEqual([order.payment_intent_id]);
  });

  it("a released secure order counts in Encaissé, its fee taken at release", async () => {
    const m = await soMerchant();
    const { order, code } = await paidOrder(m, 20_000);
    await confirmDelivery(db(), { by: "any", id: order.id }, code);
    const ctx = await ctxOf(m);
    const home = await homeSummary(ctx);
    expect(home.activity.totals).toMatchObject({ collected: 20_000, refunded: 0 });
    const money = await paymentMoney(ctx, order.payment_intent_id!);
    expect(money).toMatchObject({ state: "credited", collected: 20_000, fee: order.fee_total, net: 20_000 - order.fee_total, refunded: 0 });
  });
});

describe("late collections in the figures", () => {
  it("a late collection counts in Encaissé once staff credit it; the detail says it waits until then", async () => {
    const m = await newMerchant();
    const ctx = await ctxOf(m);
    const p = await insertPayment(ctx, { amount: 6_000, customerPhone: "+22370000011" });
    await settlePayment(db(), p.id, { status: "CANCELLED" });
    // The journals lib/payments/late-collection*.ts posts, written here directly.
    const post = (kind: string, entries: { account: "operator_clearing" | "late_collections_suspense" | "merchant_available" | "platform_fees"; amount: number }[]) =>
      postJournal(db(), { merchantId: m.merchant.id, mode: "test", kind, refType: "payment", refId: p.id, entries, at: new Date() });
    await post("payment.late_collected", [
      { account: "operator_clearing", amount: -6_000 },
      { account: "late_collections_suspense", amount: 6_000 },
    ]);
    expect((await homeSummary(ctx)).activity.totals).toMatchObject({ collected: 0, refunded: 0 });
    expect(await paymentMoney(ctx, p.id)).toMatchObject({ state: "late_pending", collected: 6_000, fee: 0, net: 0 });
    await post("payment.late_credited", [
      { account: "late_collections_suspense", amount: -6_000 },
      { account: "merchant_available", amount: 6_000 - p.feeTotal },
      { account: "platform_fees", amount: p.feeTotal },
    ]);
    expect((await homeSummary(ctx)).activity.totals).toMatchObject({ collected: 6_000, refunded: 0 });
    expect(await paymentMoney(ctx, p.id)).toMatchObject({ state: "credited", collected: 6_000, fee: p.feeTotal, net: 6_000 - p.feeTotal });
  });
});

describe("paymentMoney: fee and net only when money was collected", () => {
  it("FAILED, EXPIRED, CANCELLED: nothing charged, no fee, nothing credited; PENDING: not collected yet", async () => {
    const m = await newMerchant();
    const ctx = await ctxOf(m);
    for (const status of ["FAILED", "EXPIRED", "CANCELLED"] as const) {
      const p = await insertPayment(ctx, { amount: 8_000, customerPhone: "+22370000011" });
      expect(p.feeTotal).toBeGreaterThan(0);
      await settlePayment(db(), p.id, { status });
      expect(await paymentMoney(ctx, p.id)).toMatchObject({ state: "not_charged", collected: 0, fee: 0, net: 0, refunded: 0, entries: [] });
    }
    const pending = await insertPayment(ctx, { amount: 8_000, customerPhone: "+22370000011" });
    expect((await paymentMoney(ctx, pending.id)).state).toBe("pending");
  });

  it("SUCCESS: the fee and the net credited are the ledger's", async () => {
    const m = await newMerchant();
    const ctx = await ctxOf(m);
    const p = await insertPayment(ctx, { amount: 8_000, customerPhone: "+22370000011" });
    await settlePayment(db(), p.id, { status: "SUCCESS" });
    const money = await paymentMoney(ctx, p.id);
    expect(money).toMatchObject({ state: "credited", collected: 8_000, fee: p.feeTotal, net: 8_000 - p.feeTotal, held: 0, refunded: 0, secure_order_id: null });
    expect(money.entries.map((e) => e.kind)).toEqual(["payment.collected", "payment.collected", "payment.collected", "payment.collected"]);
    await expect(paymentMoney(await ctxOf(m, "live"), p.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("a secure order's payment: held with the fee due at release, then refunded with amount and date and no net", async () => {
    const m = await soMerchant();
    const ctx = await ctxOf(m);
    const { order } = await paidOrder(m, 45_000);
    expect(await paymentMoney(ctx, order.payment_intent_id!)).toMatchObject({ state: "held", collected: 45_000, fee: 0, net: 0, held: 45_000, fee_at_release: order.fee_total, secure_order_id: order.id });
    await openDispute(db(), { by: "buyer", token: tokenOf(order.buyer_url) }, "Colis jamais reçu");
    await resolveDispute(db(), order.id, "refund", { staffId: "staff:test@cauri.test" });
    const money = await paymentMoney(ctx, order.payment_intent_id!);
    expect(money).toMatchObject({ state: "refunded", collected: 45_000, fee: 0, net: 0, held: 0, refunded: 45_000 });
    expect(Date.parse(money.refunded_at!)).toBeGreaterThan(0);
    expect(money.entries.map((e) => e.kind)).toContain("secure_order.refunded");
  });
});
