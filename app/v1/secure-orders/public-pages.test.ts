import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { advanceTestClock } from "@/lib/clock";
import { buyerView, courierView } from "@/lib/secure-orders/public";
import { buyerDispute, buyerPay, buyerSimulate, courierConfirm } from "@/lib/http/secure-order-actions";
import { cancel, confirm, createdOrder, getOrder, orderRow, paidOrder, soMerchant, wrongCodeFor } from "./test-support";

const tokenOf = (url: string) => new URL(url).pathname.split("/").pop()!;
let ipCounter = 0;
const freshIp = () => `192.0.2.${++ipCounter}`;

describe("buyer page (lib/secure-orders/public)", () => {
  it("shows the summary and merchant, never the full phone; the code only once paid and while held", async () => {
    const m = await soMerchant("Boutique Awa");
    const order = await createdOrder(m.testKey, { customer_phone: "+22370000001" });
    const token = tokenOf(order.buyer_url);
    const before = await buyerView(db(), token);
    expect(before).toMatchObject({ reference: order.reference, status: "CREATED", amount: order.amount, merchantName: "Boutique Awa", isTest: true, code: null, payment: null });
    expect(before!.maskedPhone).not.toContain("70000001");

    expect(await buyerPay(db(), freshIp(), token, "+22370000001")).toEqual({ ok: true });
    const paid = await buyerView(db(), token);
    expect(paid!.status).toBe("PAID_HELD");
    expect(paid!.code).toMatch(/^\d{6}$/);
    expect(paid!.payment).toMatchObject({ status: "SUCCESS", initiated: true, simulated: true });

    await confirm(m.testKey, order.id, paid!.code);
    expect((await buyerView(db(), token))!).toMatchObject({ status: "RELEASED", code: null });
    expect(await buyerView(db(), "no-such-token")).toBeNull();
  });

  it("refuses another number (PHONE_MISMATCH) and a malformed one (INVALID_PHONE); accepts the local form", async () => {
    const m = await soMerchant();
    const order = await createdOrder(m.testKey, { customer_phone: "+22376543210" });
    const token = tokenOf(order.buyer_url);
    expect(await buyerPay(db(), freshIp(), token, "+22376543211")).toMatchObject({ ok: false, code: "PHONE_MISMATCH" });
    expect(await buyerPay(db(), freshIp(), token, "abc")).toMatchObject({ ok: false, code: "INVALID_PHONE" });
    expect((await orderRow(order.id)).paymentIntentId).toBeNull();
    expect(await buyerPay(db(), freshIp(), token, "76 54 32 10")).toEqual({ ok: true });
    expect((await buyerView(db(), token))!.payment).toMatchObject({ status: "PENDING", initiated: true });
  });

  it("settles with the test buttons, and refuses to pay once the pay window is over", async () => {
    const m = await soMerchant();
    const order = await createdOrder(m.testKey);
    const token = tokenOf(order.buyer_url);
    await buyerPay(db(), freshIp(), token, order.customer_phone);
    expect(await buyerSimulate(db(), freshIp(), token, "FAILED")).toEqual({ ok: true });
    expect((await buyerView(db(), token))!).toMatchObject({ status: "CREATED", payment: { status: "FAILED" } });

    const late = await createdOrder(m.testKey);
    await advanceTestClock(db(), m.merchant.id, 24 * 3600);
    expect(await buyerPay(db(), freshIp(), tokenOf(late.buyer_url), late.customer_phone)).toMatchObject({ ok: false, code: "ORDER_NOT_PAYABLE" });
    expect((await buyerView(db(), tokenOf(late.buyer_url)))!.status).toBe("CANCELLED");
  });

  it("never shows an attempt as awaiting approval past its expiry; the next click starts a new attempt", async () => {
    const m = await soMerchant();
    const order = await createdOrder(m.testKey, { customer_phone: "+22370000003" });
    const token = tokenOf(order.buyer_url);
    await buyerPay(db(), freshIp(), token, "+22370000003");
    const first = (await orderRow(order.id)).paymentIntentId;
    await advanceTestClock(db(), m.merchant.id, 15 * 60);
    expect((await buyerView(db(), token))!).toMatchObject({ status: "CREATED", payment: { status: "EXPIRED" } });
    expect(await buyerPay(db(), freshIp(), token, "+22370000003")).toEqual({ ok: true });
    const second = (await orderRow(order.id)).paymentIntentId;
    expect(second).not.toBe(first);
    expect((await buyerView(db(), token))!.payment).toMatchObject({ status: "PENDING", initiated: true });
  });

  it("opens a dispute with a reason", async () => {
    const m = await soMerchant();
    const { order } = await paidOrder(m.testKey);
    const token = tokenOf(order.buyer_url);
    expect(await buyerDispute(db(), freshIp(), token, "")).toMatchObject({ ok: false, code: "INVALID_DISPUTE_REASON" });
    expect(await buyerDispute(db(), freshIp(), token, "Article jamais livré")).toEqual({ ok: true });
    expect((await buyerView(db(), token))!).toMatchObject({ status: "DISPUTED", disputeReason: "Article jamais livré", code: null });
  });
});

describe("courier page (lib/secure-orders/public)", () => {
  it("shows reference and amount, not the phone; confirms with the same function as the API", async () => {
    const m = await soMerchant();
    const { order, code } = await paidOrder(m.testKey);
    const token = tokenOf(order.delivery_url);
    const view = await courierView(db(), token);
    expect(view).toEqual({ reference: order.reference, status: "PAID_HELD", amount: order.amount, merchantId: m.merchant.id, isTest: true, deliveryDeadline: order.delivery_deadline, codeLocked: false, attemptsRemaining: 5, expired: false });
    expect(JSON.stringify(view)).not.toContain(order.customer_phone.slice(4));

    expect(await courierConfirm(db(), freshIp(), token, wrongCodeFor(code))).toEqual({ ok: false, code: "INVALID_CODE", message: expect.stringContaining("4 attempts"), attemptsRemaining: 4 });
    expect(await courierConfirm(db(), freshIp(), token, "12 34")).toMatchObject({ ok: false, code: "INVALID_CODE_FORMAT" });
    expect((await orderRow(order.id)).codeAttemptsRemaining).toBe(4);
    expect(await courierConfirm(db(), freshIp(), token, ` ${code.slice(0, 3)} ${code.slice(3)} `)).toEqual({ ok: true });
    expect((await getOrder(m.testKey, order.id)).body.data.status).toBe("RELEASED");
    expect(await courierConfirm(db(), freshIp(), token, code)).toMatchObject({ ok: false, code: "ORDER_ALREADY_RELEASED" });
  });

  it("answers not paid, closed, locked and expired", async () => {
    const m = await soMerchant();
    const unpaid = await createdOrder(m.testKey);
    expect(await courierConfirm(db(), freshIp(), tokenOf(unpaid.delivery_url), "123456")).toMatchObject({ ok: false, code: "NOT_PAID" });
    await cancel(m.testKey, unpaid.id);
    expect(await courierConfirm(db(), freshIp(), tokenOf(unpaid.delivery_url), "123456")).toMatchObject({ ok: false, code: "ORDER_CLOSED" });

    const locked = await paidOrder(m.testKey);
    const lockedToken = tokenOf(locked.order.delivery_url);
    for (let i = 0; i < 5; i++) await courierConfirm(db(), freshIp(), lockedToken, wrongCodeFor(locked.code));
    expect(await courierConfirm(db(), freshIp(), lockedToken, locked.code)).toMatchObject({ ok: false, code: "CODE_LOCKED" });
    expect(await courierView(db(), lockedToken)).toMatchObject({ codeLocked: true, attemptsRemaining: 0, status: "PAID_HELD" });

    const late = await paidOrder(m.testKey, { delivery_deadline_hours: 1 });
    await advanceTestClock(db(), m.merchant.id, 3601);
    expect(await courierConfirm(db(), freshIp(), tokenOf(late.order.delivery_url), late.code)).toMatchObject({ ok: false, code: "DELIVERY_EXPIRED" });
    expect(await courierView(db(), tokenOf(late.order.delivery_url))).toMatchObject({ status: "REFUNDED", expired: true });
  });

  it("rate-limits page actions per client IP (30 a minute), without touching the order", async () => {
    const m = await soMerchant();
    const { order, code } = await paidOrder(m.testKey);
    const token = tokenOf(order.delivery_url);
    const ip = "198.51.100.77";
    for (let i = 0; i < 30; i++) expect((await courierConfirm(db(), ip, token, "abc")).ok).toBe(false);
    expect(await courierConfirm(db(), ip, token, code)).toMatchObject({ ok: false, code: "RATE_LIMIT_EXCEEDED" });
    expect((await orderRow(order.id)).status).toBe("PAID_HELD");
    // Another client is not affected.
    expect(await courierConfirm(db(), "198.51.100.78", token, code)).toEqual({ ok: true });
  });
});
