import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { invoiceActivity, invoiceReminders, mailOutbox, smsOutbox } from "@/db/schema";
import { eventTypesOf, INVOICE, invoiceApi, openInvoice } from "@/app/v1/invoices/test-support";
import { startInvoicePayment } from "@/lib/invoices/public";
import { settlePayment } from "@/lib/payments/settle";
import { setDisabledSmsUses } from "@/lib/sms/uses";
import { newMerchant } from "@/tests/support/merchant";
import { addDays, dayOf } from "./days";
import { runInvoiceReminders } from "./reminders";
import { dueReminderOffset, nextReminderOn } from "./schedule";

let quietHours: string | undefined;
beforeAll(() => {
  quietHours = process.env.SMS_QUIET_HOURS;
  process.env.SMS_QUIET_HOURS = "off";
});
afterAll(() => {
  process.env.SMS_QUIET_HOURS = quietHours;
});

const reminderSms = async (invoiceId: string) =>
  (await db().select().from(smsOutbox).where(like(smsOutbox.dedupeKey, `invoice-reminder:${invoiceId}:%`))).map((s) => s.dedupeKey.split(":")[2]).sort((a, b) => Number(a) - Number(b));
const remindedDays = async (invoiceId: string) => (await db().select().from(invoiceReminders).where(eq(invoiceReminders.invoiceId, invoiceId))).map((r) => r.dayOffset).sort((a, b) => a - b);

describe("the reminder schedule", () => {
  it("finds the next day strictly after a day, and the latest day that has come", () => {
    expect(nextReminderOn("2026-12-10", [-3, 0, 3, 7], "2026-12-01")).toBe("2026-12-07");
    expect(nextReminderOn("2026-12-10", [-3, 0, 3, 7], "2026-12-07")).toBe("2026-12-10");
    expect(nextReminderOn("2026-12-10", [-3, 0, 3, 7], "2026-12-17")).toBeNull();
    expect(nextReminderOn("2026-12-10", [], "2026-12-01")).toBeNull();
    expect(dueReminderOffset("2026-12-10", [-3, 0, 3, 7], "2026-12-06")).toBeNull();
    expect(dueReminderOffset("2026-12-10", [-3, 0, 3, 7], "2026-12-12")).toBe(0);
    expect(dueReminderOffset("2026-12-10", [-3, 0, 3, 7], "2027-01-30")).toBe(7);
  });
});

describe("the invoice-reminders job, on the test clock", () => {
  it("reminds on −3, 0, +3 and +7 days by the channels it was sent on, and the invoice becomes overdue once", async () => {
    const m = await newMerchant({ name: "Boutique Awa" });
    const api = invoiceApi(m.testKey);
    const today = dayOf(new Date());
    const { id, number } = await openInvoice(m.testKey, { ...INVOICE, customer_email: "awa@example.ml", due_date: addDays(today, 5) });
    await api.send(id, { channels: ["sms", "email"] });
    expect((await api.read(id)).body.data.next_reminder_on).toBe(addDays(today, 2));

    // The clock advance runs the merchant's due work (this job among it) before it answers.
    await api.advanceDays(1);
    expect(await reminderSms(id)).toEqual([]);
    await api.advanceDays(1);
    expect(await reminderSms(id)).toEqual(["-3"]);
    await api.advanceDays(3);
    expect(await reminderSms(id)).toEqual(["-3", "0"]);
    expect(await eventTypesOf(id, "invoice.overdue")).toEqual([]);
    await api.advanceDays(1);
    expect(await eventTypesOf(id, "invoice.overdue")).toEqual(["invoice.overdue"]);
    expect((await api.read(id)).body.data.status).toBe("OVERDUE");
    await api.advanceDays(2);
    expect(await reminderSms(id)).toEqual(["-3", "0", "3"]);
    await api.advanceDays(4);
    expect(await reminderSms(id)).toEqual(["-3", "0", "3", "7"]);
    await api.advanceDays(30);
    expect(await reminderSms(id)).toHaveLength(4);
    expect(await eventTypesOf(id, "invoice.overdue")).toHaveLength(1);
    expect((await api.read(id)).body.data.next_reminder_on).toBeNull();

    const [overdueSms] = await db().select().from(smsOutbox).where(eq(smsOutbox.dedupeKey, `invoice-reminder:${id}:7`));
    expect(overdueSms).toMatchObject({ template: "invoice_reminder", encoding: "gsm7", segments: 1 });
    expect(overdueSms.text).toContain(`rappel, facture ${number} (20 000 FCFA) échue le`);
    const mails = await db().select().from(mailOutbox).where(like(mailOutbox.dedupeKey, `invoice-reminder:${id}:%`));
    expect(mails).toHaveLength(4);
    expect(mails.find((mail) => mail.dedupeKey.endsWith(":7"))!.subject).toMatch(/^\[Test\] Rappel : Facture/);
    const reminded = await db().select().from(invoiceActivity).where(and(eq(invoiceActivity.invoiceId, id), eq(invoiceActivity.kind, "reminded")));
    expect(reminded).toHaveLength(8);
  });

  it("sends only the latest reminder when several days passed at once, and none for days before the first send", async () => {
    const m = await newMerchant();
    const api = invoiceApi(m.testKey);
    const today = dayOf(new Date());
    const { id } = await openInvoice(m.testKey, { ...INVOICE, due_date: addDays(today, 1) });
    await api.send(id, { channels: ["sms"] });
    expect((await api.read(id)).body.data.next_reminder_on).toBe(addDays(today, 1));
    await api.advanceDays(12);
    expect(await remindedDays(id)).toEqual([7]);
    expect(await reminderSms(id)).toEqual(["7"]);
  });

  it("stops when the invoice is paid or voided, and reminds nothing for an invoice only shared on WhatsApp", async () => {
    const m = await newMerchant();
    const api = invoiceApi(m.testKey);
    const today = dayOf(new Date());
    const paid = await openInvoice(m.testKey, { ...INVOICE, due_date: addDays(today, 4) });
    const voided = await openInvoice(m.testKey, { ...INVOICE, due_date: addDays(today, 4) });
    const shared = await openInvoice(m.testKey, { ...INVOICE, due_date: addDays(today, 4) });
    await api.send(paid.id, { channels: ["sms"] });
    await api.send(voided.id, { channels: ["sms"] });
    await api.send(shared.id, { channels: ["whatsapp"] });
    const payment = await startInvoicePayment(db(), paid.token);
    await settlePayment(db(), payment.id, { status: "SUCCESS", providerRef: "OP-9" }, { source: "operator" });
    await api.void(voided.id);
    await api.advanceDays(20);
    for (const id of [paid.id, voided.id, shared.id]) expect(await reminderSms(id)).toEqual([]);
    for (const id of [paid.id, voided.id]) expect(await eventTypesOf(id, "invoice.overdue")).toEqual([]);
    // Unpaid all the same: overdue, with nothing to remind it by.
    expect(await eventTypesOf(shared.id, "invoice.overdue")).toEqual(["invoice.overdue"]);
  });

  it("leaves text-message reminders out when the merchant switched them off, e-mail still going", async () => {
    const m = await newMerchant();
    const api = invoiceApi(m.testKey);
    const { id } = await openInvoice(m.testKey, { ...INVOICE, customer_email: "awa@example.ml", due_date: addDays(dayOf(new Date()), 1) });
    await api.send(id, { channels: ["sms", "email"] });
    await setDisabledSmsUses(db(), m.merchant.id, ["invoice_reminder"]);
    await api.advanceDays(1);
    expect(await reminderSms(id)).toEqual([]);
    expect(await db().select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, `invoice-reminder:${id}:0`))).toHaveLength(1);
  });

  it("sends each reminder once when two instances run the job at the same moment", async () => {
    const m = await newMerchant();
    const api = invoiceApi(m.testKey);
    const today = dayOf(new Date());
    const sent = [];
    for (let i = 0; i < 6; i++) {
      const invoice = await openInvoice(m.testKey, { ...INVOICE, due_date: addDays(today, 3) });
      await api.send(invoice.id, { channels: ["sms"] });
      sent.push(invoice.id);
    }
    await db().execute(`update merchants set test_clock_offset_seconds = ${3 * 86_400} where id = '${m.merchant.id}'`);
    await Promise.all([runInvoiceReminders(db(), { merchantId: m.merchant.id }), runInvoiceReminders(db(), { merchantId: m.merchant.id }), runInvoiceReminders(db(), { merchantId: m.merchant.id })]);
    await runInvoiceReminders(db(), { merchantId: m.merchant.id });
    for (const id of sent) expect(await reminderSms(id)).toEqual(["0"]);
  });
});
