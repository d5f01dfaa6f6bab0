import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { POST as createPlan } from "@/app/v1/billing/plans/route";
import { POST as subscribe } from "@/app/v1/billing/subscriptions/route";
import { POST as createPayment } from "@/app/v1/payments/route";
import { POST as createPortalSession } from "@/app/v1/portal/sessions/route";
import { db, type Database } from "@/db/client";
import { mailOutbox } from "@/db/schema";
import { sendDueMail } from "@/lib/mail/send-job";
import { defaultMailPolicy } from "@/lib/mail/policy";
import { renderMail } from "@/lib/mail/templates";
import { startSmtpServer } from "@/lib/mail/test-support";
import { settlePayment } from "@/lib/payments/settle";
import { lookupPortalSession } from "@/lib/portal/sessions";
import { approveWithdrawal } from "@/lib/withdrawals/transitions";
import { createWithdrawal } from "@/lib/withdrawals/create";
import { merchantNow } from "@/lib/clock";
import { newId } from "@/lib/ids";
import { postJournal } from "@/lib/ledger/post";
import { call } from "@/tests/support/http";
import { newMerchant } from "@/tests/support/merchant";
import { mailsOf, team } from "@/lib/notifications/test-support";

let seq = 0;
const payment = (key: string, body: Record<string, unknown> = {}) =>
  call(createPayment, "POST", "/v1/payments", {
    key,
    idempotencyKey: `receipt-${Date.now()}-${++seq}`,
    body: { amount: 12_500, payment_method: "OPERATOR_MONEY", customer_phone: "+22370000009", return_url: "https://shop.example.ml/merci", ...body },
  }).then((res) => {
    if (res.status !== 201) throw new Error(`payment answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body.data as { id: string };
  });

describe("payment receipts", () => {
  it("mail the customer a receipt when the payment succeeds, once, with the merchant, amount, date and reference", async () => {
    const m = await newMerchant({ name: "Boutique Awa & Fils" });
    const p = await payment(m.testKey, { customer_email: "Client@Example.ml", client_reference: "CMD-2026-0042", description: "Robe wax" });
    expect(await mailsOf(`receipt:${p.id}`)).toEqual([]);

    const settled = await settlePayment(db(), p.id, { status: "SUCCESS", providerRef: "SIM-1" });
    const [row] = await mailsOf(`receipt:${p.id}`);
    expect(row).toMatchObject({ to: "Client@Example.ml", template: "payment_receipt", locale: "fr", dedupeKey: `receipt:${p.id}` });
    expect(row.subject).toBe("[Test] Reçu de votre paiement à Boutique Awa & Fils : 12 500 FCFA");
    expect(row.text).toContain("Commerçant : Boutique Awa & Fils");
    expect(row.text).toContain("Montant : 12 500 FCFA");
    expect(row.text).toContain(`Référence : ${p.id}`);
    expect(row.text).toContain("Référence du commerçant : CMD-2026-0042");
    expect(row.text).toMatch(/Date : \d{1,2} [a-zéû.]+ \d{4}, \d{2}:\d{2}/);
    expect(row.text).toContain("Ceci est un paiement de test");
    expect(row.html).toContain("Boutique Awa &amp; Fils");
    expect(settled.changed).toBe(true);

    // Settling again (a duplicated callback) sends nothing more.
    await settlePayment(db(), p.id, { status: "SUCCESS", providerRef: "SIM-1" });
    expect(await mailsOf(`receipt:${p.id}`)).toHaveLength(1);
  });

  it("render in French and English: amount formatted, reference, merchant name, date in Bamako time", () => {
    const params = { merchantName: "Boutique Awa", mode: "live" as const, amount: 1_250_000, reference: "txn_123", clientReference: null, description: null, paidAt: "2026-11-21T14:05:00.000Z" };
    const fr = renderMail("payment_receipt", "fr", params);
    expect(fr.subject).toBe("Reçu de votre paiement à Boutique Awa : 1 250 000 FCFA");
    expect(fr.text).toContain("Votre paiement de 1 250 000 FCFA à Boutique Awa a réussi.");
    expect(fr.text).toContain("Date : 21 nov. 2026, 14:05");
    expect(fr.text).toContain("Référence : txn_123");
    expect(fr.text).not.toContain("test");
    expect(fr.html).toContain('<html lang="fr">');
    const en = renderMail("payment_receipt", "en", params);
    expect(en.subject).toBe("Receipt for your payment to Boutique Awa: 1 250 000 FCFA");
    expect(en.text).toContain("Amount: 1 250 000 FCFA");
    expect(en.text).toContain("Date: 21 Nov 2026, 14:05");
    expect(en.text).toContain("Reference: txn_123");
    expect(en.html).toContain("<strong>1 250 000 FCFA</strong>");
  });

  it("use the address the merchant gave for the customer, and mail nobody without one or for a failed payment", async () => {
    const m = await newMerchant({ name: "Boutique Portail" });
    const session = await call(createPortalSession, "POST", "/v1/portal/sessions", { key: m.testKey, body: { customer_phone: "+22376000001", customer_email: "awa@example.ml" } });
    expect(session.status).toBe(201);
    const known = await payment(m.testKey, { customer_phone: "+22376000001" });
    await settlePayment(db(), known.id, { status: "SUCCESS" });
    expect((await mailsOf(`receipt:${known.id}`)).map((r) => r.to)).toEqual(["awa@example.ml"]);

    const anonymous = await payment(m.testKey, { customer_phone: "+22376000002" });
    await settlePayment(db(), anonymous.id, { status: "SUCCESS" });
    expect(await mailsOf(`receipt:${anonymous.id}`)).toEqual([]);

    const failed = await payment(m.testKey, { customer_phone: "+22376000001", customer_email: "awa@example.ml" });
    await settlePayment(db(), failed.id, { status: "FAILED" });
    expect(await mailsOf(`receipt:${failed.id}`)).toEqual([]);
  });

  it("enqueue nothing when the settlement rolls back", async () => {
    const m = await newMerchant();
    const p = await payment(m.testKey, { customer_email: "client@example.ml" });
    await expect(
      db().transaction(async (tx) => {
        await settlePayment(tx as unknown as Database, p.id, { status: "SUCCESS" });
        throw new Error("the settlement failed afterwards");
      }),
    ).rejects.toThrow("the settlement failed");
    expect(await mailsOf(`receipt:${p.id}`)).toEqual([]);
  });
});

describe("subscription portal link", () => {
  it("mail a customer with an address a working link to their portal when a subscription is created", async () => {
    const m = await newMerchant({ name: "Salle de sport Djoliba" });
    const plan = await call(createPlan, "POST", "/v1/billing/plans", { key: m.testKey, body: { name: "Mensuel", amount: 15_000, interval: "MONTHLY" } });
    expect(plan.status).toBe(201);
    const sub = await call(subscribe, "POST", "/v1/billing/subscriptions", {
      key: m.testKey,
      idempotencyKey: `sub-${Date.now()}`,
      body: { plan_id: plan.body.data.id, customer_phone: "+22376111111", customer_email: "moussa@example.ml" },
    });
    expect(sub.status).toBe(201);
    const rows = await mailsOf(`subscription:${sub.body.data.id}:portal-link`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ to: "moussa@example.ml", template: "subscription_portal", locale: "fr" });
    expect(rows[0].subject).toBe("[Test] Votre abonnement Mensuel chez Salle de sport Djoliba");
    expect(rows[0].text).toContain("Montant : 15 000 FCFA");
    const link = /Ouvrir mon espace client : (\S+)/.exec(rows[0].text)?.[1];
    expect(link).toMatch(/\/portal\/[0-9A-Za-z]{43}$/);
    const token = link!.split("/portal/")[1];
    const found = await lookupPortalSession(db(), token);
    expect(found.state).toBe("open");

    const en = renderMail("subscription_portal", "en", {
      merchantName: "Djoliba",
      mode: "live",
      planName: "Monthly",
      amount: 15_000,
      interval: "MONTHLY",
      nextBillingDate: "2026-12-01T00:00:00.000Z",
      portalUrl: "https://pay.example.ml/portal/abc",
      expiresAt: "2026-11-25T10:00:00.000Z",
    });
    expect(en.text).toContain("15 000 FCFA a month");
    expect(en.text).toContain("Open my customer space: https://pay.example.ml/portal/abc");

    // Without an address: no mail, and no portal session made for nothing.
    const silent = await call(subscribe, "POST", "/v1/billing/subscriptions", { key: m.testKey, idempotencyKey: `sub-${Date.now()}-2`, body: { plan_id: plan.body.data.id, customer_phone: "+22376222222" } });
    expect(silent.status).toBe(201);
    expect(await mailsOf(`subscription:${silent.body.data.id}:`)).toEqual([]);
  });
});

describe("end to end through the mail-delivery job", () => {
  let close: (() => Promise<void>) | null = null;
  afterEach(async () => {
    await close?.();
    close = null;
  });

  it("sends a withdrawal notice and a receipt to a real SMTP server, each once", async () => {
    const smtp = await startSmtpServer();
    close = smtp.close;
    await db().delete(mailOutbox);
    const m = await newMerchant({ name: "Boutique Bamako", kycStatus: "approved" });
    const t = await team(m.merchant.id, "withdrawal_updates");
    await postJournal(db(), {
      merchantId: m.merchant.id,
      mode: "test",
      kind: "test.collected",
      refType: "test",
      refId: newId("seed"),
      entries: [
        { account: "operator_clearing", amount: -500_000 },
        { account: "merchant_available", amount: 500_000 },
      ],
      at: new Date(),
    });
    const [application] = await db().query.applications.findMany({ where: (a, { eq: e }) => e(a.merchantId, m.merchant.id) });
    const ctx = { db: db(), merchant: m.merchant, application, mode: "test" as const, now: merchantNow(m.merchant, "test"), source: "dashboard" as const };
    const { withdrawal } = await createWithdrawal(ctx, { amount: 120_000, provider: "OPERATOR_MONEY", phone_number: "+22370000001" });
    await approveWithdrawal(db(), withdrawal.id, { staffId: "staff:alice@cauri.ml" });
    const p = await payment(m.testKey, { customer_email: "client@example.ml", amount: 12_500 });
    await settlePayment(db(), p.id, { status: "SUCCESS" });

    const settings = { from: "Cauri <no-reply@cauri.test>", delivery: { kind: "smtp" as const, smtp: { host: "127.0.0.1", port: smtp.port } } };
    const outcomes = await sendDueMail(db(), { settings, policy: defaultMailPolicy() });
    expect(outcomes.map((o) => o.status)).toEqual(["SENT", "SENT", "SENT"]);
    expect(smtp.received.map((r) => r.envelopeTo[0]).sort()).toEqual([...t.eligible.map((u) => u.email), "client@example.ml"].sort());

    const notice = smtp.received.find((r) => r.envelopeTo[0] === t.owner.email)!.mail;
    expect(notice.subject).toBe(`[Test] Retrait ${withdrawal.reference} approuvé`);
    expect(notice.text).toContain("Montant : 120 000 FCFA");
    expect(notice.html).toContain("<strong>120 000 FCFA</strong>");
    const receipt = smtp.received.find((r) => r.envelopeTo[0] === "client@example.ml")!.mail;
    expect(receipt.subject).toBe("[Test] Reçu de votre paiement à Boutique Bamako : 12 500 FCFA");
    expect(receipt.text).toContain(`Référence : ${p.id}`);

    // Sent once: the outbox rows are SENT and a second pass sends nothing.
    expect(await sendDueMail(db(), { settings, policy: defaultMailPolicy() })).toEqual([]);
    expect(smtp.received).toHaveLength(3);
    const statuses = await db().select({ status: mailOutbox.status }).from(mailOutbox).where(eq(mailOutbox.to, "client@example.ml"));
    expect(statuses).toEqual([{ status: "SENT" }]);
  });
});
