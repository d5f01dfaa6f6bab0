import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as createPayment } from "@/app/v1/payments/route";
import { POST as simulatePayment } from "@/app/v1/sandbox/payments/[id]/simulate/route";
import { db } from "@/db/client";
import { applications, mailOutbox } from "@/db/schema";
import { merchantNow } from "@/lib/clock";
import type { DomainContext } from "@/lib/context";
import { newId } from "@/lib/ids";
import { postJournal } from "@/lib/ledger/post";
import { sendDueMail } from "@/lib/mail/send-job";
import { startSmtpServer } from "@/lib/mail/test-support";
import { renderMail } from "@/lib/mail/templates";
import { mailsOf } from "@/lib/notifications/test-support";
import { call } from "@/tests/support/http";
import { newMerchant } from "@/tests/support/merchant";
import { requestRefund } from "./create";
import { approveRefundRequest, executeRefundRequest, refuseRefundRequest } from "./transitions";

const staff = { staffId: "staff:refunds@cauri.ml" };
let seq = 0;

/** A merchant named "Boutique Awa" with a settled payment of 20 000 FCFA (with or without the customer's address) and money to refund it. */
async function paid(customerEmail?: string) {
  const m = await newMerchant({ kycStatus: "approved", name: "Boutique Awa" });
  const created = await call(createPayment, "POST", "/v1/payments", {
    key: m.testKey, idempotencyKey: `notify-${Date.now()}-${seq++}`,
    body: { amount: 20_000, payment_method: "OPERATOR_MONEY", customer_phone: "+22376001122", return_url: "https://shop.example.ml/merci", ...(customerEmail ? { customer_email: customerEmail } : {}) },
  });
  const paymentId = created.body.data.id as string;
  await call(simulatePayment, "POST", `/v1/sandbox/payments/${paymentId}/simulate`, { key: m.testKey, params: { id: paymentId }, body: { outcome: "SUCCESS" } });
  await postJournal(db(), {
    merchantId: m.merchant.id, mode: "test", kind: "test.collected", refType: "test", refId: newId("seed"),
    entries: [{ account: "operator_clearing", amount: -50_000 }, { account: "merchant_available", amount: 50_000 }], at: new Date(),
  });
  const [application] = await db().select().from(applications).where(eq(applications.merchantId, m.merchant.id));
  const ctx: DomainContext = { db: db(), merchant: m.merchant, application, mode: "test", now: merchantNow(m.merchant, "test"), source: "dashboard" };
  return { ...m, paymentId, ctx };
}

describe("the e-mail to the customer when a refund is executed", () => {
  it("is enqueued with the execution when the payment carries the customer's address, once, and delivered", async () => {
    const address = `client-${Date.now()}@example.ml`;
    const p = await paid(address);
    const refund = await requestRefund(p.ctx, { payment_id: p.paymentId, amount: 12_500, reason: "requested_by_customer" });
    await approveRefundRequest(db(), refund.id, {}, staff);
    expect(await mailsOf(`refund-executed-mail:${refund.id}`)).toEqual([]);
    await executeRefundRequest(db(), refund.id, { operatorReference: "OM-RF-2611" }, staff);

    const [mail, ...more] = await mailsOf(`refund-executed-mail:${refund.id}`);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ to: address, locale: "fr", template: "refund_executed", status: "PENDING" });
    expect(mail.subject).toBe("[Test] Boutique Awa vous a remboursé 12 500 FCFA");
    expect(mail.text).toContain("Boutique Awa vous a remboursé 12 500 FCFA. L'argent a été envoyé sur votre compte mobile money au +223 76 •• •• 22.");
    expect(mail.text).toContain("Référence de l'opérateur : OM-RF-2611");
    expect(mail.text).toContain(`Paiement remboursé : ${p.paymentId}`);
    expect(mail.text).toContain("Ceci est un remboursement de test");
    // Never the full number, in either part.
    expect(mail.text + mail.html).not.toContain("76001122");

    const smtp = await startSmtpServer();
    try {
      // The payment's receipt went to the same outbox: the job sends both.
      await sendDueMail(db(), { settings: { from: "Cauri <no-reply@cauri.test>", delivery: { kind: "smtp", smtp: { host: "127.0.0.1", port: smtp.port } } } });
      const delivered = smtp.received.find((r) => r.mail.subject === mail.subject);
      expect(delivered?.envelopeTo).toEqual([address]);
      expect(delivered?.mail.text).toContain("OM-RF-2611");
      expect((await db().select({ status: mailOutbox.status }).from(mailOutbox).where(eq(mailOutbox.id, mail.id)))[0].status).toBe("SENT");
    } finally {
      await smtp.close();
    }
  });

  it("is not sent without an address on the payment, nor for a refused request", async () => {
    const bare = await paid();
    const executed = await requestRefund(bare.ctx, { payment_id: bare.paymentId, amount: 5_000, reason: "duplicate" });
    await approveRefundRequest(db(), executed.id, {}, staff);
    await executeRefundRequest(db(), executed.id, { operatorReference: "OM-1" }, staff);
    expect(await mailsOf(`refund-executed-mail:${executed.id}`)).toEqual([]);

    const withAddress = await paid(`client-${Date.now()}-r@example.ml`);
    const refused = await requestRefund(withAddress.ctx, { payment_id: withAddress.paymentId, amount: 5_000, reason: "duplicate" });
    await refuseRefundRequest(db(), refused.id, { note: "Numéro invalide" }, staff);
    expect(await mailsOf(`refund-executed-mail:${refused.id}`)).toEqual([]);
  });

  it("reads in English too, amounts as 12 500 FCFA, and a live refund has no test note", () => {
    const en = renderMail("refund_executed", "en", {
      merchantName: "Awa & Fils", mode: "live", amount: 1_250_000, operatorReference: "OM-9", paymentReference: "txn_1", maskedPhone: "+223 76 •• •• 22", executedAt: "2026-11-27T10:00:00.000Z",
    });
    expect(en.subject).toBe("Awa & Fils refunded you 1 250 000 FCFA");
    expect(en.text).toContain("Operator's reference: OM-9");
    expect(en.text).not.toContain("test");
    expect(en.html).toContain("Awa &amp; Fils");
    expect(() => renderMail("refund_executed", "fr", { merchantName: "A", mode: "live", amount: 0, operatorReference: "OM", paymentReference: "txn_1", maskedPhone: "x", executedAt: "2026-11-27T10:00:00.000Z" })).toThrow();
  });
});
