import { POST as createPayment } from "@/app/v1/payments/route";
import { POST as simulatePayment } from "@/app/v1/sandbox/payments/[id]/simulate/route";
import { cancel, confirm, paidOrder, soMerchant } from "@/app/v1/secure-orders/test-support";
import { db } from "@/db/client";
import { merchantNow } from "@/lib/clock";
import type { DomainContext } from "@/lib/context";
import { updateMerchant } from "@/lib/platform/merchants";
import { createWithdrawal } from "@/lib/withdrawals/create";
import { approveWithdrawal, cancelWithdrawal, completeWithdrawal, rejectWithdrawal } from "@/lib/withdrawals/transitions";
import { call } from "@/tests/support/http";

let seq = 0;
const staff = { staffId: "staff:books@cauri.ml" };

/**
 * A test-mode merchant whose books hold every kind of movement, made through the real API and
 * staff functions: three payments (fees), a secure order released and one refunded, and
 * withdrawals completed, rejected, cancelled, approved and pending.
 */
export async function merchantWithBooks() {
  const m = await soMerchant("Boutique Comptable");
  await updateMerchant(db(), m.merchant.id, { kycStatus: "approved" });
  for (const amount of [100_000, 250_000, 5_000]) {
    const created = await call(createPayment, "POST", "/v1/payments", {
      key: m.testKey,
      idempotencyKey: `books-${++seq}-${Date.now()}`,
      body: { amount, payment_method: "OPERATOR_MONEY", customer_phone: "+22370000009", return_url: "https://shop.example.ml/merci" },
    });
    const id = created.body.data.id as string;
    await call(simulatePayment, "POST", `/v1/sandbox/payments/${id}/simulate`, { key: m.testKey, params: { id }, body: { outcome: "SUCCESS" } });
  }
  const released = await paidOrder(m.testKey, { amount: 40_000 });
  await confirm(m.testKey, released.order.id, released.code);
  const refunded = await paidOrder(m.testKey, { amount: 30_000 });
  await cancel(m.testKey, refunded.order.id, { reason: "Rupture de stock" });

  const [application] = await db().query.applications.findMany({ where: (a, { eq }) => eq(a.merchantId, m.merchant.id) });
  const merchant = (await db().query.merchants.findFirst({ where: (t, { eq }) => eq(t.id, m.merchant.id) }))!;
  const ctx: DomainContext = { db: db(), merchant, application, mode: "test", now: merchantNow(merchant, "test"), source: "api" };
  const withdraw = async (amount: number) =>
    (await createWithdrawal(ctx, { amount, provider: "OPERATOR_MONEY", phone_number: "+22370000001" })).withdrawal;
  const completed = await withdraw(50_000);
  await approveWithdrawal(db(), completed.id, staff);
  await completeWithdrawal(db(), completed.id, { operatorReference: "OM-1" }, staff);
  await rejectWithdrawal(db(), (await withdraw(20_000)).id, { reason: "Numéro inconnu" }, staff);
  await cancelWithdrawal(ctx, (await withdraw(10_000)).id);
  await approveWithdrawal(db(), (await withdraw(15_000)).id, staff);
  const pending = await withdraw(12_000);
  return { ...m, ctx, releasedOrder: released.order.id, refundedOrder: refunded.order.id, completedWithdrawal: completed.id, pendingWithdrawal: pending.id };
}
