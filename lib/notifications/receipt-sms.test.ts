import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as create } from "@/app/v1/payments/route";
import { db } from "@/db/client";
import { mailOutbox, smsOutbox } from "@/db/schema";
import { settlePayment } from "@/lib/payments/settle";
import { receiptLinks } from "@/lib/receipts/token";
import { setDisabledSmsUses } from "@/lib/sms/uses";
import { call } from "@/tests/support/http";
import { newMerchant } from "@/tests/support/merchant";

let seq = 0;
async function paid(key: string, extra: Record<string, unknown> = {}) {
  const res = await call(create, "POST", "/v1/payments", {
    key,
    idempotencyKey: `receipt-sms-${++seq}`,
    body: { amount: 7_500, payment_method: "OPERATOR_MONEY", customer_phone: "+22376554433", return_url: "https://shop.example.ml/merci", ...extra },
  });
  expect(res.status).toBe(201);
  await settlePayment(db(), res.body.data.id, { status: "SUCCESS", providerRef: "op-1" });
  return res.body.data.id as string;
}

const smsFor = (id: string) => db().select().from(smsOutbox).where(eq(smsOutbox.dedupeKey, `receipt-sms:${id}`));

describe("the receipt by text message", () => {
  it("goes to a customer who left no e-mail, with the receipt page's link, once", async () => {
    const m = await newMerchant({ name: "Boutique Awa" });
    const id = await paid(m.testKey);
    const [sms] = await smsFor(id);
    expect(sms).toMatchObject({ to: "+22376554433", template: "payment_receipt", status: "PENDING" });
    expect(sms.text).toBe(`Boutique Awa : paiement de 7 500 FCFA recu. Votre recu : ${receiptLinks(id).url}`);
  });

  it("is not sent when the receipt goes by e-mail", async () => {
    const m = await newMerchant();
    const id = await paid(m.testKey, { customer_email: "awa@example.ml" });
    expect(await smsFor(id)).toEqual([]);
    expect(await db().select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, `receipt:${id}`))).toHaveLength(1);
  });

  it("is not sent when the merchant turned receipts by text off", async () => {
    const m = await newMerchant();
    await setDisabledSmsUses(db(), m.merchant.id, ["payment_receipt"]);
    expect(await smsFor(await paid(m.testKey))).toEqual([]);
  });
});
