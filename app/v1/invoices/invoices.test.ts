import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { customers, invoiceActivity, invoices, mailOutbox, payments, smsOutbox } from "@/db/schema";
import { publicBaseUrl } from "@/lib/config";
import { addDays, dayOf } from "@/lib/invoices/days";
import { startInvoicePayment } from "@/lib/invoices/public";
import { confirmPayment } from "@/lib/payments/checkout";
import { settlePayment } from "@/lib/payments/settle";
import { optOutOfSms } from "@/lib/sms/outbox";
import { setDisabledSmsUses } from "@/lib/sms/uses";
import { newLiveMerchant, newMerchant } from "@/tests/support/merchant";
import { expectMatchesOpenApi } from "@/tests/support/openapi";
import { eventTypesOf, INVOICE, invoiceApi, nextKey, openInvoice } from "./test-support";

const PHONE = "+22376554433";
let quietHours: string | undefined;
beforeAll(() => {
  // Whatever the hour the suite runs at; the scheduled case sets its own window.
  quietHours = process.env.SMS_QUIET_HOURS;
  process.env.SMS_QUIET_HOURS = "off";
});
afterAll(() => {
  process.env.SMS_QUIET_HOURS = quietHours;
});

const today = () => dayOf(new Date());
const line = (overrides: Record<string, unknown> = {}) => ({ description: "Article", quantity: 1, unit_amount: 1_000, ...overrides });
const smsOf = async (merchantId: string) => db().select().from(smsOutbox).where(eq(smsOutbox.merchantId, merchantId));
const rowOf = async (id: string) => (await db().select().from(invoices).where(eq(invoices.id, id)))[0];

describe("POST /v1/invoices", () => {
  it("creates a draft whose lines and total the service computes, and knows the customer from then on", async () => {
    const m = await newMerchant();
    const res = await invoiceApi(m.testKey).create({ ...INVOICE, customer_email: "awa@example.ml", notes: "Merci !", client_reference: "CMD-77" });
    expect(res.status).toBe(201);
    const d = res.body.data;
    expect(d).toMatchObject({
      object: "invoice",
      status: "DRAFT",
      number: null,
      livemode: false,
      currency: "XOF",
      customer_phone: PHONE,
      customer_name: "Awa Traoré",
      customer_email: "awa@example.ml",
      lines: [
        { description: "Tissu wax, 6 yards", quantity: 2, unit_amount: 7_500, amount: 15_000 },
        { description: "Couture d'une robe", quantity: 1, unit_amount: 5_000, amount: 5_000 },
      ],
      total: 20_000,
      amount_due: 20_000,
      amount_paid: 0,
      due_date: null,
      locale: "fr",
      reminder_days: [-3, 0, 3, 7],
      hosted_invoice_url: null,
      pdf_url: null,
      sent_channels: [],
      client_reference: "CMD-77",
    });
    expect(d.id).toMatch(/^inv_/);
    expectMatchesOpenApi("POST", "/v1/invoices", 201, res.body);
    const [customer] = await db().select().from(customers).where(eq(customers.merchantId, m.merchant.id));
    expect(customer).toMatchObject({ phone: PHONE, name: "Awa Traoré", email: "awa@example.ml" });
  });

  it("answers a replay of the same idempotency key with the same draft, also when sent at once", async () => {
    const m = await newMerchant();
    const key = nextKey();
    const all = await Promise.all(Array.from({ length: 5 }, () => invoiceApi(m.testKey).create(INVOICE, key)));
    const created = all.filter((r) => r.status === 201);
    expect(new Set(created.map((r) => r.body.data.id)).size).toBe(1);
    expect(all.every((r) => r.status === 201 || r.body.error?.code === "IDEMPOTENCY_IN_PROGRESS")).toBe(true);
    expect(await db().select().from(invoices).where(eq(invoices.merchantId, m.merchant.id))).toHaveLength(1);
  });

  const refusals: [string, Record<string, unknown>, string][] = [
    ["no phone", { customer_phone: undefined }, "MISSING_PHONE"],
    ["a phone that is not one", { customer_phone: "12" }, "INVALID_PHONE"],
    ["no lines", { lines: undefined }, "INVALID_INVOICE_LINES"],
    ["an empty list of lines", { lines: [] }, "INVALID_INVOICE_LINES"],
    ["51 lines", { lines: Array.from({ length: 51 }, () => line({ unit_amount: 100 })) }, "INVALID_INVOICE_LINES"],
    ["a quantity of 0", { lines: [line({ quantity: 0 })] }, "INVALID_INVOICE_LINES"],
    ["a quantity of 10,001", { lines: [line({ quantity: 10_001 })] }, "INVALID_INVOICE_LINES"],
    ["a fractional quantity", { lines: [line({ quantity: 1.5 })] }, "INVALID_INVOICE_LINES"],
    ["a unit amount of 0", { lines: [line({ unit_amount: 0 })] }, "INVALID_INVOICE_LINES"],
    ["a unit amount of 5,000,001", { lines: [line({ unit_amount: 5_000_001 })] }, "INVALID_INVOICE_LINES"],
    ["an empty description", { lines: [line({ description: " " })] }, "INVALID_INVOICE_LINES"],
    ["a description of 201 characters", { lines: [line({ description: "x".repeat(201) })] }, "INVALID_INVOICE_LINES"],
    ["a total of 5,000,001", { lines: [line({ unit_amount: 5_000_000 }), line({ unit_amount: 1 })] }, "INVOICE_TOTAL_OUT_OF_RANGE"],
    ["yesterday as due date", { due_date: addDays(dayOf(new Date()), -1) }, "INVALID_DUE_DATE"],
    ["a due date 366 days ahead", { due_date: addDays(dayOf(new Date()), 366) }, "INVALID_DUE_DATE"],
    ["a due date that is no day", { due_date: "2026-02-30" }, "INVALID_DUE_DATE"],
    ["seven reminders", { reminder_days: [-5, -3, -1, 0, 1, 3, 7] }, "INVALID_REMINDER_DAYS"],
    ["a reminder day twice", { reminder_days: [3, 3] }, "INVALID_REMINDER_DAYS"],
    ["a reminder 31 days before", { reminder_days: [-31] }, "INVALID_REMINDER_DAYS"],
    ["a reminder 61 days after", { reminder_days: [61] }, "INVALID_REMINDER_DAYS"],
    ["a locale we do not write", { locale: "bm" }, "INVALID_INVOICE_LOCALE"],
    ["notes of 1,001 characters", { notes: "n".repeat(1_001) }, "INVALID_INVOICE_NOTES"],
    ["an e-mail that is not one", { customer_email: "awa@" }, "INVALID_EMAIL"],
    ["a name of 101 characters", { customer_name: "a".repeat(101) }, "INVALID_CUSTOMER_NAME"],
    ["a client reference of 129 characters", { client_reference: "r".repeat(129) }, "INVALID_CLIENT_REFERENCE"],
    ["metadata over 4 KB", { metadata: { note: "m".repeat(4_100) } }, "INVALID_METADATA"],
  ];
  for (const [what, change, code] of refusals) {
    it(`refuses ${what}: 400 ${code}`, async () => {
      const m = await newMerchant();
      const res = await invoiceApi(m.testKey).create({ ...INVOICE, ...change });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe(code);
      expectMatchesOpenApi("POST", "/v1/invoices", 400, res.body);
      expect(await db().select().from(invoices).where(eq(invoices.merchantId, m.merchant.id))).toHaveLength(0);
    });
  }

  it("accepts every limit at its edge", async () => {
    const m = await newMerchant();
    const api = invoiceApi(m.testKey);
    const edges = [
      { lines: Array.from({ length: 50 }, () => line({ unit_amount: 100_000 })) },
      { lines: [line({ quantity: 10_000, unit_amount: 500 })] },
      { lines: [line({ unit_amount: 5_000_000 })] },
      { lines: [line({ description: "d".repeat(200), unit_amount: 1 })] },
      { due_date: today() },
      { due_date: addDays(today(), 365) },
      { reminder_days: [-30, -20, -10, 0, 30, 60] },
      { reminder_days: [] },
      { notes: "n".repeat(1_000), locale: "en", customer_name: "a".repeat(100), client_reference: "r".repeat(128) },
    ];
    for (const change of edges) {
      const res = await api.create({ ...INVOICE, ...change });
      expect(res.status, JSON.stringify(change).slice(0, 80)).toBe(201);
    }
  });
});

describe("PATCH and DELETE /v1/invoices/{id}", () => {
  it("changes a draft, computing the total again; null clears an optional field", async () => {
    const m = await newMerchant();
    const api = invoiceApi(m.testKey);
    const id = (await api.create({ ...INVOICE, notes: "à effacer" })).body.data.id;
    const res = await api.patch(id, { lines: [line({ quantity: 3, unit_amount: 2_500 })], notes: null, locale: "en", customer_phone: "+223 70 00 00 01" });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ total: 7_500, notes: null, locale: "en", customer_phone: "+22370000001", lines: [{ amount: 7_500 }] });
    expect((await api.patch(id, { lines: [line({ unit_amount: 5_000_000 }), line()] })).body.error.code).toBe("INVOICE_TOTAL_OUT_OF_RANGE");
  });

  it("refuses to change or delete a finalized invoice, and deletes a draft", async () => {
    const m = await newMerchant();
    const api = invoiceApi(m.testKey);
    const { id } = await openInvoice(m.testKey);
    expect(await api.patch(id, { notes: "trop tard" })).toMatchObject({ status: 409, body: { error: { code: "INVOICE_NOT_DRAFT" } } });
    expect(await api.remove(id)).toMatchObject({ status: 409, body: { error: { code: "INVOICE_NOT_DRAFT" } } });
    const draft = (await api.create()).body.data.id;
    expect(await api.remove(draft)).toMatchObject({ status: 200, body: { data: { id: draft, deleted: true } } });
    expect(await api.read(draft)).toMatchObject({ status: 404, body: { error: { code: "INVOICE_NOT_FOUND" } } });
    expect(await db().select().from(invoiceActivity).where(eq(invoiceActivity.invoiceId, draft))).toHaveLength(0);
  });

  it("hides another merchant's invoice and the other mode's", async () => {
    const m = await newLiveMerchant();
    const other = await newMerchant();
    const id = (await invoiceApi(m.testKey).create()).body.data.id;
    expect((await invoiceApi(other.testKey).read(id)).body.error.code).toBe("INVOICE_NOT_FOUND");
    expect((await invoiceApi(m.liveKey).read(id)).body.error.code).toBe("INVOICE_NOT_FOUND");
    expect((await invoiceApi(other.testKey).patch(id, { notes: "x" })).status).toBe(404);
  });
});

describe("POST /v1/invoices/{id}/finalize", () => {
  it("numbers invoices from the merchant's own sequence, with the due date defaulting to 7 days, and emits invoice.finalized once", async () => {
    const m = await newMerchant();
    const other = await newMerchant();
    const first = await openInvoice(m.testKey);
    const second = await openInvoice(m.testKey);
    const year = new Date().getUTCFullYear();
    expect(first.number).toBe(`FAC-${year}-0001`);
    expect(second.number).toBe(`FAC-${year}-0002`);
    expect((await openInvoice(other.testKey)).number).toBe(`FAC-${year}-0001`);
    expect(first.data).toMatchObject({ status: "OPEN", due_date: addDays(today(), 7), hosted_invoice_url: expect.stringMatching(new RegExp(`^${publicBaseUrl()}/i/[A-Za-z0-9]{20}$`)) });
    expect(first.data.pdf_url).toBe(`${first.data.hosted_invoice_url}/pdf`);
    expect(await eventTypesOf(first.id)).toEqual(["invoice.finalized"]);
    expect((await invoiceApi(m.testKey).finalize(first.id)).body.error.code).toBe("INVOICE_NOT_DRAFT");
  });

  it("gives ten drafts finalized at once ten different numbers with no gap, and one draft finalized ten times one", async () => {
    const m = await newMerchant();
    const api = invoiceApi(m.testKey);
    const drafts = await Promise.all(Array.from({ length: 10 }, () => api.create()));
    const done = await Promise.all(drafts.map((d) => api.finalize(d.body.data.id)));
    const numbers = done.map((r) => Number(r.body.data.number.slice(-4))).sort((a, b) => a - b);
    expect(numbers).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);

    const one = (await api.create()).body.data.id;
    const racing = await Promise.all(Array.from({ length: 10 }, () => api.finalize(one)));
    expect(racing.filter((r) => r.status === 200)).toHaveLength(1);
    expect(racing.filter((r) => r.status === 409).every((r) => r.body.error.code === "INVOICE_NOT_DRAFT")).toBe(true);
    expect(racing.find((r) => r.status === 200)!.body.data.number.slice(-4)).toBe("0011");
    expect(await eventTypesOf(one)).toEqual(["invoice.finalized"]);
  });

  it("keeps test and live numbers apart", async () => {
    const m = await newLiveMerchant();
    const year = new Date().getUTCFullYear();
    expect((await openInvoice(m.testKey)).number).toBe(`FAC-${year}-0001`);
    const live = await openInvoice(m.liveKey);
    expect(live.number).toBe(`FAC-${year}-0001`);
    expect(live.data.livemode).toBe(true);
  });

  it("refuses a total under 100 XOF and a due date that has passed since the draft was written", async () => {
    const m = await newMerchant();
    const api = invoiceApi(m.testKey);
    const small = (await api.create({ ...INVOICE, lines: [line({ unit_amount: 99 })] })).body.data.id;
    expect(await api.finalize(small)).toMatchObject({ status: 400, body: { error: { code: "INVOICE_TOTAL_OUT_OF_RANGE" } } });
    expect((await api.patch(small, { lines: [line({ unit_amount: 100 })] })).status).toBe(200);
    expect((await api.finalize(small)).status).toBe(200);

    const dated = (await api.create({ ...INVOICE, due_date: today() })).body.data.id;
    await api.advanceDays(2);
    const late = await api.finalize(dated);
    expect(late).toMatchObject({ status: 400, body: { error: { code: "INVALID_DUE_DATE", param: "due_date" } } });
    expect(late.body.error.message).toContain("has passed");
  });
});

describe("POST /v1/invoices/{id}/send", () => {
  it("sends by text message, e-mail and a WhatsApp link, one event per send, and starts the reminder schedule", async () => {
    const m = await newMerchant({ name: "Boutique Awa" });
    const { id, number, data } = await openInvoice(m.testKey, { ...INVOICE, customer_email: "awa@example.ml", due_date: addDays(today(), 10) });
    const res = await invoiceApi(m.testKey).send(id, { channels: ["sms", "email", "whatsapp"] });
    expect(res.status).toBe(200);
    expectMatchesOpenApi("POST", `/v1/invoices/${id}/send`, 200, res.body);
    expect(res.body.data).toMatchObject({ sent_channels: ["sms", "email", "whatsapp"], next_reminder_on: addDays(today(), 7), delivery: { sms: { status: "queued", reason: null }, email: { status: "queued" } } });
    const wa = new URL(res.body.data.delivery.whatsapp_url);
    expect(wa.origin + wa.pathname).toBe("https://wa.me/22376554433");
    expect(wa.searchParams.get("text")).toContain(data.hosted_invoice_url);

    const [sms] = await smsOf(m.merchant.id);
    expect(sms).toMatchObject({ to: PHONE, template: "invoice", encoding: "gsm7", segments: 1, status: "PENDING", dedupeKey: `invoice-send:${id}:1` });
    expect(sms.text).toBe(`Boutique Awa : facture ${number}, 20 000 FCFA, à régler avant le ${addDays(today(), 10).slice(8, 10)}/${addDays(today(), 10).slice(5, 7)}. ${data.hosted_invoice_url}`);
    const [mail] = await db().select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, `invoice-send:${id}:1`));
    expect(mail).toMatchObject({ to: "awa@example.ml", template: "invoice" });
    expect(mail.text).toContain(data.hosted_invoice_url);
    expect(await eventTypesOf(id, "invoice.sent")).toEqual(["invoice.sent"]);

    const again = await invoiceApi(m.testKey).send(id, { channels: ["sms"] });
    expect(again.status).toBe(200);
    expect(await smsOf(m.merchant.id)).toHaveLength(2);
    expect(await eventTypesOf(id, "invoice.sent")).toHaveLength(2);
  });

  it("sends nothing more when a call is retried with its idempotency key", async () => {
    const m = await newMerchant();
    const { id } = await openInvoice(m.testKey);
    const key = nextKey();
    const answers = await Promise.all([invoiceApi(m.testKey).send(id, { channels: ["sms"] }, key), invoiceApi(m.testKey).send(id, { channels: ["sms"] }, key)]);
    expect(answers.some((r) => r.status === 200)).toBe(true);
    expect((await invoiceApi(m.testKey).send(id, { channels: ["sms"] }, key)).status).toBe(200);
    expect(await smsOf(m.merchant.id)).toHaveLength(1);
    expect(await eventTypesOf(id, "invoice.sent")).toHaveLength(1);
  });

  it("holds a text message until quiet hours end, and says so", async () => {
    const m = await newMerchant();
    const { id } = await openInvoice(m.testKey);
    const hour = new Date().getUTCHours();
    process.env.SMS_QUIET_HOURS = `${hour}-${(hour + 2) % 24}`;
    try {
      const res = await invoiceApi(m.testKey).send(id, { channels: ["sms"] });
      expect(res.body.data.delivery.sms).toEqual({ status: "scheduled", reason: null });
    } finally {
      process.env.SMS_QUIET_HOURS = "off";
    }
  });

  it("reports a number that opted out as suppressed, sending it nothing", async () => {
    const m = await newMerchant();
    await optOutOfSms(db(), m.merchant.id, PHONE);
    const { id } = await openInvoice(m.testKey);
    const res = await invoiceApi(m.testKey).send(id, { channels: ["sms"] });
    expect(res.body.data.delivery.sms).toEqual({ status: "suppressed", reason: "opted_out" });
    expect(await smsOf(m.merchant.id)).toMatchObject([{ status: "SUPPRESSED" }]);
  });

  it("refuses what cannot be sent, each with its code", async () => {
    const m = await newMerchant();
    const api = invoiceApi(m.testKey);
    const draft = (await api.create()).body.data.id;
    expect(await api.send(draft, { channels: ["sms"] })).toMatchObject({ status: 409, body: { error: { code: "INVOICE_IS_DRAFT" } } });
    const { id } = await openInvoice(m.testKey);
    for (const channels of [[], ["fax"], ["sms", "sms"], "sms", ["sms", "email", "whatsapp", "sms"]]) {
      expect((await api.send(id, { channels })).body.error.code, JSON.stringify(channels)).toBe("INVALID_INVOICE_CHANNELS");
    }
    expect(await api.send(id, { channels: ["email"] })).toMatchObject({ status: 400, body: { error: { code: "INVOICE_EMAIL_MISSING" } } });
    await setDisabledSmsUses(db(), m.merchant.id, ["payment_request"]);
    expect(await api.send(id, { channels: ["sms"] })).toMatchObject({ status: 409, body: { error: { code: "SMS_USE_DISABLED" } } });
    expect((await api.send(id, { channels: ["whatsapp"] })).status).toBe(200);
    expect(await smsOf(m.merchant.id)).toHaveLength(0);
  });
});

describe("paying an invoice", () => {
  it("is PAID exactly once through its payment: ten taps at once make one payment, and invoice.paid is sent once", async () => {
    const m = await newMerchant();
    const { id, token, number } = await openInvoice(m.testKey);
    const taps = await Promise.all(Array.from({ length: 10 }, () => startInvoicePayment(db(), token)));
    expect(new Set(taps.map((p) => p.id)).size).toBe(1);
    const payment = taps[0];
    expect(payment).toMatchObject({ purpose: "invoice", purposeRef: id, amount: 20_000, customerPhone: PHONE, clientReference: number, returnUrl: expect.stringContaining(`/i/${token}`) });
    expect(await db().select().from(payments).where(eq(payments.purposeRef, id))).toHaveLength(1);

    await settlePayment(db(), payment.id, { status: "SUCCESS", providerRef: "OP-1" }, { source: "operator" });
    const paid = await invoiceApi(m.testKey).read(id);
    expect(paid.body.data).toMatchObject({ status: "PAID", amount_paid: 20_000, amount_due: 0, payment_id: payment.id, next_reminder_on: null });
    expect(await eventTypesOf(id, "invoice.paid")).toEqual(["invoice.paid"]);

    await expect(startInvoicePayment(db(), token)).rejects.toMatchObject({ code: "INVOICE_ALREADY_PAID" });
    expect(await db().select().from(payments).where(eq(payments.purposeRef, id))).toHaveLength(1);
    expect((await invoiceApi(m.testKey).void(id)).body.error.code).toBe("INVOICE_ALREADY_PAID");
    expect((await invoiceApi(m.testKey).send(id, { channels: ["sms"] })).body.error.code).toBe("INVOICE_ALREADY_PAID");
  });

  it("starts a new attempt only after the last one ended, and an old attempt that succeeds late is a late collection, not a second payment", async () => {
    const m = await newMerchant();
    const { id, token } = await openInvoice(m.testKey);
    const first = await startInvoicePayment(db(), token);
    await settlePayment(db(), first.id, { status: "FAILED", reason: "Declined" });
    const second = await startInvoicePayment(db(), token);
    expect(second.id).not.toBe(first.id);
    await settlePayment(db(), second.id, { status: "SUCCESS", providerRef: "OP-2" }, { source: "operator" });
    const late = await settlePayment(db(), first.id, { status: "SUCCESS", providerRef: "OP-1" }, { source: "operator" });
    expect(late.late).toBeTruthy();
    expect(await eventTypesOf(id, "invoice.paid")).toHaveLength(1);
    expect((await rowOf(id)).paymentId).toBe(second.id);
    const kinds = (await db().select().from(invoiceActivity).where(eq(invoiceActivity.invoiceId, id))).map((a) => a.kind);
    expect(kinds).toEqual(["created", "finalized", "payment_started", "payment_failed", "payment_started", "paid"]);
  });

  it("refuses on the checkout, before anything is pushed, an attempt whose invoice was voided meanwhile", async () => {
    const m = await newMerchant();
    const { id, token } = await openInvoice(m.testKey);
    const attempt = await startInvoicePayment(db(), token);
    // Not pushed yet: voiding the invoice cancels it.
    expect((await invoiceApi(m.testKey).void(id, { reason: "Erreur de prix" })).body.data).toMatchObject({ status: "VOID", void_reason: "Erreur de prix" });
    const answer = await confirmPayment(db(), attempt.id, null);
    expect(answer.status).toBe("CANCELLED");
    const [row] = await db().select().from(payments).where(eq(payments.id, attempt.id));
    expect(row.initiatedAt).toBeNull();
    await expect(startInvoicePayment(db(), token)).rejects.toMatchObject({ code: "INVOICE_VOIDED" });
  });
});

describe("POST /v1/invoices/{id}/void", () => {
  it("voids once with invoice.voided, stops reminders, and answers a second void with the voided invoice", async () => {
    const m = await newMerchant();
    const { id } = await openInvoice(m.testKey, { ...INVOICE, due_date: addDays(today(), 10) });
    await invoiceApi(m.testKey).send(id, { channels: ["sms"] });
    const res = await invoiceApi(m.testKey).void(id);
    expect(res.body.data).toMatchObject({ status: "VOID", amount_due: 0, next_reminder_on: null });
    expect((await invoiceApi(m.testKey).void(id)).status).toBe(200);
    expect(await eventTypesOf(id, "invoice.voided")).toEqual(["invoice.voided"]);
    expect((await rowOf(id)).nextReminderOn).toBeNull();
    expect((await invoiceApi(m.testKey).send(id, { channels: ["sms"] })).body.error.code).toBe("INVOICE_VOIDED");
  });

  it("waits for a payment already on the customer's phone", async () => {
    const m = await newMerchant();
    const { id, token } = await openInvoice(m.testKey);
    const attempt = await startInvoicePayment(db(), token);
    await confirmPayment(db(), attempt.id, null);
    const res = await invoiceApi(m.testKey).void(id);
    expect(res).toMatchObject({ status: 409, body: { error: { code: "INVOICE_PAYMENT_IN_PROGRESS" } } });
    expect(res.body.error.message).toContain(attempt.id);
    expect((await rowOf(id)).status).toBe("OPEN");
  });

  it("refuses a draft (deleted instead) and a reason over 300 characters", async () => {
    const m = await newMerchant();
    const api = invoiceApi(m.testKey);
    const draft = (await api.create()).body.data.id;
    expect((await api.void(draft)).body.error.code).toBe("INVOICE_IS_DRAFT");
    const { id } = await openInvoice(m.testKey);
    expect((await api.void(id, { reason: "r".repeat(301) })).body.error.code).toBe("INVALID_VOID_REASON");
    expect((await api.void(id, { reason: "r".repeat(300) })).status).toBe(200);
  });
});

describe("GET /v1/invoices", () => {
  it("filters by status (OVERDUE on the merchant's clock), customer and search, newest first, with pagination beside data", async () => {
    const m = await newMerchant();
    const api = invoiceApi(m.testKey);
    const soon = await openInvoice(m.testKey, { ...INVOICE, due_date: today() });
    const later = await openInvoice(m.testKey, { ...INVOICE, customer_phone: "70 00 00 01", due_date: addDays(today(), 30), client_reference: "CMD-42" });
    const draft = (await api.create({ ...INVOICE, customer_name: "Moussa Keita" })).body.data.id;
    const all = await api.list();
    expect(all.body.data.map((i: { id: string }) => i.id)).toEqual([draft, later.id, soon.id]);
    expect(all.body.pagination).toEqual({ page: 1, limit: 20, total: 3, pages: 1 });
    expectMatchesOpenApi("GET", "/v1/invoices", 200, all.body);

    expect((await api.list("?status=OPEN")).body.data).toHaveLength(2);
    await api.advanceDays(1);
    expect((await api.list("?status=OVERDUE")).body.data.map((i: { id: string }) => i.id)).toEqual([soon.id]);
    expect((await api.list("?status=OPEN")).body.data.map((i: { id: string }) => i.id)).toEqual([later.id]);
    expect((await api.read(soon.id)).body.data.status).toBe("OVERDUE");
    expect((await api.list("?status=DRAFT")).body.data.map((i: { id: string }) => i.id)).toEqual([draft]);
    expect((await api.list(`?customer_phone=${encodeURIComponent("70 00 00 01")}`)).body.data.map((i: { id: string }) => i.id)).toEqual([later.id]);
    expect((await api.list("?search=cmd-4")).body.data.map((i: { id: string }) => i.id)).toEqual([later.id]);
    expect((await api.list(`?search=${soon.number}`)).body.data.map((i: { id: string }) => i.id)).toEqual([soon.id]);
    expect((await api.list("?search=moussa")).body.data.map((i: { id: string }) => i.id)).toEqual([draft]);
    expect((await api.list("?limit=2&page=2")).body).toMatchObject({ data: [{ id: soon.id }], pagination: { page: 2, limit: 2, total: 3, pages: 2 } });
  });

  it("refuses filters it cannot read", async () => {
    const m = await newMerchant();
    const api = invoiceApi(m.testKey);
    expect((await api.list("?status=LATE")).body.error.code).toBe("INVALID_INVOICE_STATUS");
    expect((await api.list("?customer_phone=12")).body.error.code).toBe("INVALID_PHONE");
    expect((await api.list("?limit=101")).body.error.code).toBe("INVALID_PAGINATION");
    expect((await api.list("?page=0")).body.error.code).toBe("INVALID_PAGINATION");
    expect((await api.list("?limit=100")).status).toBe(200);
  });
});
