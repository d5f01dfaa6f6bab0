import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { invoiceActivity, invoices, payments } from "@/db/schema";
import { invoiceApi, INVOICE, openInvoice } from "@/app/v1/invoices/test-support";
import { advanceTestClock } from "@/lib/clock";
import { ApiError } from "@/lib/core/errors";
import { settlePayment } from "@/lib/payments/settle";
import { newMerchant } from "@/tests/support/merchant";
import { hostedInvoiceUrl, invoicePdfUrl } from "./serialize";
import { invoicePage, startInvoicePayment } from "./public";

const views = async (invoiceId: string) => (await db().select().from(invoiceActivity).where(and(eq(invoiceActivity.invoiceId, invoiceId), eq(invoiceActivity.kind, "viewed")))).length;
const paymentsOf = (invoiceId: string) => db().select().from(payments).where(and(eq(payments.purpose, "invoice"), eq(payments.purposeRef, invoiceId)));
const tokenOf = async (invoiceId: string) => (await db().select({ token: invoices.token }).from(invoices).where(eq(invoices.id, invoiceId)))[0].token;

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return (error as ApiError).code;
}

describe("invoicePage", () => {
  it("shows a finalized invoice: number, state, merchant, masked number, lines, total, due date and links", async () => {
    const m = await newMerchant({ name: "Boutique Awa" });
    const { id, number, token } = await openInvoice(m.testKey, { ...INVOICE, notes: "Merci !", locale: "en" });
    const view = await invoicePage(db(), token);
    expect(view).toMatchObject({
      number,
      status: "OPEN",
      livemode: false,
      locale: "en",
      merchantId: m.merchant.id,
      merchantName: "Boutique Awa",
      legal: { name: "Boutique Awa", address: null, taxId: null },
      customerName: "Awa Traoré",
      maskedPhone: "+223 76 •• •• 33",
      lines: [
        { description: "Tissu wax, 6 yards", quantity: 2, unit_amount: 7_500, amount: 15_000 },
        { description: "Couture d'une robe", quantity: 1, unit_amount: 5_000, amount: 5_000 },
      ],
      total: 20_000,
      notes: "Merci !",
      paidAt: null,
      voidedAt: null,
      url: hostedInvoiceUrl(token),
      pdfUrl: invoicePdfUrl(token),
      pendingPaymentId: null,
      lastFailure: null,
      receiptPath: null,
    });
    expect(view!.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(JSON.stringify(view)).not.toContain("76554433");
    expect(await views(id)).toBe(1);
  });

  it("opens nothing for a draft, an unknown token or one that is not a token", async () => {
    const m = await newMerchant();
    const draft = await invoiceApi(m.testKey).create();
    expect(draft.status).toBe(201);
    const token = await tokenOf(draft.body.data.id);
    expect(await invoicePage(db(), token)).toBeNull();
    expect(await views(draft.body.data.id)).toBe(0);
    for (const bad of ["A".repeat(20), "abc", `${token}x`, "../../etc/passwd", ""]) expect(await invoicePage(db(), bad)).toBeNull();
  });

  it("records a customer's view once per half hour on the merchant's clock, and never for the PDF", async () => {
    const m = await newMerchant();
    const { id, token } = await openInvoice(m.testKey);
    for (let i = 0; i < 3; i++) await invoicePage(db(), token);
    await Promise.all(Array.from({ length: 5 }, () => invoicePage(db(), token)));
    expect(await views(id)).toBe(1);
    await advanceTestClock(db(), m.merchant.id, 29 * 60);
    await invoicePage(db(), token);
    expect(await views(id)).toBe(1);
    await advanceTestClock(db(), m.merchant.id, 2 * 60);
    await invoicePage(db(), token, { recordView: false });
    expect(await views(id)).toBe(1);
    await invoicePage(db(), token);
    await invoicePage(db(), token);
    expect(await views(id)).toBe(2);
  });

  it("counts only the customer: not a link preview, staff or the merchant's own team; another merchant's member is a visitor like any", async () => {
    const m = await newMerchant();
    const other = await newMerchant();
    const { id, token } = await openInvoice(m.testKey);
    const person = { automated: false, staff: false, merchantId: null };
    for (const visitor of [{ ...person, automated: true }, { ...person, staff: true }, { ...person, merchantId: m.merchant.id }]) await invoicePage(db(), token, { visitor });
    expect(await views(id)).toBe(0);
    await invoicePage(db(), token, { visitor: { ...person, merchantId: other.merchant.id } });
    expect(await views(id)).toBe(1);
  });

  it("reads OVERDUE once the due date has passed on the merchant's test clock; the invoice stays payable", async () => {
    const m = await newMerchant();
    const { token } = await openInvoice(m.testKey);
    // Finalized without due_date: due 7 days later, Mali time.
    await advanceTestClock(db(), m.merchant.id, 7 * 86_400);
    expect((await invoicePage(db(), token))!.status).toBe("OPEN");
    await advanceTestClock(db(), m.merchant.id, 86_400);
    expect((await invoicePage(db(), token))!.status).toBe("OVERDUE");
    const payment = await startInvoicePayment(db(), token);
    expect(payment.amount).toBe(20_000);
  });
});

describe("startInvoicePayment", () => {
  it("opens one payment of purpose invoice for the total, to the invoice's number, coming back to the hosted page", async () => {
    const m = await newMerchant();
    const { id, number, token } = await openInvoice(m.testKey);
    const payment = await startInvoicePayment(db(), token);
    expect(payment).toMatchObject({
      status: "PENDING",
      purpose: "invoice",
      purposeRef: id,
      amount: 20_000,
      merchantId: m.merchant.id,
      mode: "test",
      customerPhone: "+22376554433",
      clientReference: number,
      description: `Facture ${number}`,
      returnUrl: hostedInvoiceUrl(token),
    });
    expect(payment.metadata).toMatchObject({ invoice_id: id, invoice_number: number });
    // A second tap or a reload resumes the same attempt.
    expect((await startInvoicePayment(db(), token)).id).toBe(payment.id);
    expect(await paymentsOf(id)).toHaveLength(1);
    expect((await invoicePage(db(), token))!.pendingPaymentId).toBe(payment.id);
    const started = await db().select().from(invoiceActivity).where(and(eq(invoiceActivity.invoiceId, id), eq(invoiceActivity.kind, "payment_started")));
    expect(started.map((a) => a.detail)).toEqual([{ payment_id: payment.id }]);
  });

  it("makes one payment for 10 concurrent taps", async () => {
    const m = await newMerchant();
    const { id, token } = await openInvoice(m.testKey);
    const results = await Promise.all(Array.from({ length: 10 }, () => startInvoicePayment(db(), token)));
    const rows = await paymentsOf(id);
    expect(rows).toHaveLength(1);
    expect(new Set(results.map((p) => p.id))).toEqual(new Set([rows[0].id]));
  });

  it("opens a new attempt once the last one failed or expired, and the page says why the last one ended", async () => {
    const m = await newMerchant();
    const { id, token } = await openInvoice(m.testKey);
    const first = await startInvoicePayment(db(), token);
    await settlePayment(db(), first.id, { status: "FAILED", reason: "Declined" });
    expect(await invoicePage(db(), token)).toMatchObject({ status: "OPEN", pendingPaymentId: null, lastFailure: "FAILED" });
    const second = await startInvoicePayment(db(), token);
    expect(second.id).not.toBe(first.id);
    // Past its expiry on the merchant's clock, the attempt in flight ends and a third opens.
    await advanceTestClock(db(), m.merchant.id, Math.ceil((second.expiresAt.getTime() - Date.now()) / 1000) + 60);
    const third = await startInvoicePayment(db(), token);
    expect(third.id).not.toBe(second.id);
    const rows = await paymentsOf(id);
    expect(Object.fromEntries(rows.map((p) => [p.id, p.status]))).toEqual({ [first.id]: "FAILED", [second.id]: "EXPIRED", [third.id]: "PENDING" });
  });

  it("refuses a PAID invoice with INVOICE_ALREADY_PAID before any payment is created; the page shows it paid with its receipt", async () => {
    const m = await newMerchant();
    const { id, token } = await openInvoice(m.testKey);
    const payment = await startInvoicePayment(db(), token);
    await settlePayment(db(), payment.id, { status: "SUCCESS", providerRef: "X" });
    expect(await refusal(startInvoicePayment(db(), token))).toBe("INVOICE_ALREADY_PAID");
    expect(await paymentsOf(id)).toHaveLength(1);
    const view = await invoicePage(db(), token);
    expect(view).toMatchObject({ status: "PAID", pendingPaymentId: null, lastFailure: null });
    expect(view!.paidAt).not.toBeNull();
    expect(view!.receiptPath).toMatch(/^\/r\/[A-Za-z0-9_-]{40,}$/);
  });

  it("refuses a VOID invoice with INVOICE_VOIDED before any payment is created", async () => {
    const m = await newMerchant();
    const { id, token } = await openInvoice(m.testKey);
    expect((await invoiceApi(m.testKey).void(id)).status).toBe(200);
    expect(await refusal(startInvoicePayment(db(), token))).toBe("INVOICE_VOIDED");
    expect(await paymentsOf(id)).toHaveLength(0);
    expect(await invoicePage(db(), token)).toMatchObject({ status: "VOID", voidedAt: expect.any(String), receiptPath: null });
  });

  it("answers INVOICE_NOT_FOUND for a draft or an unknown token", async () => {
    const m = await newMerchant();
    const draft = await invoiceApi(m.testKey).create();
    expect(await refusal(startInvoicePayment(db(), await tokenOf(draft.body.data.id)))).toBe("INVOICE_NOT_FOUND");
    expect(await refusal(startInvoicePayment(db(), "A".repeat(20)))).toBe("INVOICE_NOT_FOUND");
    expect(await paymentsOf(draft.body.data.id)).toHaveLength(0);
  });
});
