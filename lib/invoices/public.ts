import { and, desc, eq, isNull, lt, or } from "drizzle-orm";
import type { Database } from "@/db/client";
import { applications, invoices, merchantRequests, merchants, payments, type Invoice, type Merchant, type Payment } from "@/db/schema";
import { merchantNow } from "@/lib/clock";
import { ApiError } from "@/lib/core/errors";
import { defineOperation } from "@/lib/core/operation";
import { maskPhone } from "@/lib/format/phone";
import { insertPayment } from "@/lib/payments/create";
import { expireIfDue } from "@/lib/payments/expire";
import { receiptLinks } from "@/lib/receipts/token";
import { invoiceStatus, hostedInvoiceUrl, invoicePdfUrl } from "./serialize";
import { recordActivity } from "./store";

/**
 * What the hosted invoice page (/i/[token]) and its PDF read and do. Whoever holds the token
 * (119 random bits) sees that one finalized invoice and can pay it; a draft is not found.
 */

type Loaded = { invoice: Invoice; merchant: Merchant; now: Date };

const TOKEN = /^[A-Za-z0-9]{20}$/;

async function loadByToken(db: Database, token: string, lock = false): Promise<Loaded | null> {
  if (!TOKEN.test(token)) return null;
  const query = db.select({ invoice: invoices, merchant: merchants }).from(invoices).innerJoin(merchants, eq(merchants.id, invoices.merchantId)).where(eq(invoices.token, token));
  const [row] = lock ? await query.for("update", { of: invoices }) : await query;
  if (!row || row.invoice.status === "DRAFT") return null;
  return { ...row, now: merchantNow(row.merchant, row.invoice.mode) };
}

const notFound = () => new ApiError("INVOICE_NOT_FOUND", "This invoice link is not valid. Ask the merchant for a new one.");

/** The merchant's legal name and address as its KYC record gives them (the latest approved submission, else the latest), else its name. */
export async function legalIdentity(db: Database, merchant: Pick<Merchant, "id" | "name">): Promise<{ name: string; address: string | null; taxId: string | null }> {
  const [kyc] = await db
    .select({ payload: merchantRequests.payload, status: merchantRequests.status })
    .from(merchantRequests)
    .where(and(eq(merchantRequests.merchantId, merchant.id), eq(merchantRequests.kind, "kyc")))
    .orderBy(desc(eq(merchantRequests.status, "approved")), desc(merchantRequests.createdAt))
    .limit(1);
  const text = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : null);
  return { name: text(kyc?.payload.legal_name) ?? merchant.name, address: text(kyc?.payload.address), taxId: text(kyc?.payload.tax_id) };
}

/** A customer's visit is on the timeline once per half hour: a page left open and reloaded is one view. */
const VIEW_SPACING_MS = 30 * 60_000;

/** Who opened the hosted page, as the request shows it. */
export type InvoiceVisitor = {
  /** A link preview (WhatsApp's, Facebook's), a crawler or a browser's prefetch (lib/http/automated-visit.ts). */
  automated: boolean;
  /** Signed in as Cauri's staff. */
  staff: boolean;
  /** Signed in as a member of this merchant. */
  merchantId: string | null;
};

/** The merchant's timeline says "viewed by the customer": software, staff and the merchant's own team are not the customer. */
const isCustomer = (visitor: InvoiceVisitor | undefined, merchantId: string) => !visitor || (!visitor.automated && !visitor.staff && visitor.merchantId !== merchantId);

/**
 * The hosted page's data; records the customer's view. Null for a token that opens nothing.
 * `recordView: false` for what is never a view (the PDF).
 */
export async function invoicePage(db: Database, token: string, options: { recordView?: boolean; visitor?: InvoiceVisitor } = {}) {
  const loaded = await loadByToken(db, token);
  if (!loaded) return null;
  const { invoice, merchant, now } = loaded;
  let payment = invoice.paymentId ? (await db.select().from(payments).where(eq(payments.id, invoice.paymentId)))[0] : undefined;
  if (payment?.status === "PENDING") payment = await expireIfDue(db, payment, now);
  if (options.recordView !== false && isCustomer(options.visitor, merchant.id)) {
    const [viewed] = await db
      .update(invoices)
      .set({ lastViewedAt: now })
      .where(and(eq(invoices.id, invoice.id), or(isNull(invoices.lastViewedAt), lt(invoices.lastViewedAt, new Date(now.getTime() - VIEW_SPACING_MS)))))
      .returning({ id: invoices.id });
    if (viewed) await recordActivity(db, invoice.id, "viewed", now);
  }
  return {
    number: invoice.number!,
    status: invoiceStatus(invoice, now),
    livemode: invoice.mode === "live",
    locale: invoice.locale,
    merchantId: merchant.id,
    merchantName: merchant.name,
    legal: await legalIdentity(db, merchant),
    customerName: invoice.customerName,
    maskedPhone: maskPhone(invoice.customerPhone),
    lines: invoice.lines,
    total: invoice.total,
    dueDate: invoice.dueDate!,
    notes: invoice.notes,
    finalizedAt: invoice.finalizedAt!.toISOString(),
    paidAt: invoice.paidAt?.toISOString() ?? null,
    voidedAt: invoice.voidedAt?.toISOString() ?? null,
    url: hostedInvoiceUrl(invoice.token),
    pdfUrl: invoicePdfUrl(invoice.token),
    /** The attempt in flight, if any: the page sends the customer back to its checkout instead of starting another. */
    pendingPaymentId: payment?.status === "PENDING" ? payment.id : null,
    /** The paying payment's receipt page (`/r/{token}`), once PAID. */
    receiptPath: invoice.status === "PAID" && invoice.paymentId ? receiptLinks(invoice.paymentId).path : null,
    /** Why the last attempt ended without paying, for the page to say so. */
    lastFailure: payment && (payment.status === "FAILED" || payment.status === "EXPIRED" || payment.status === "CANCELLED") && invoice.status === "OPEN" ? payment.status : null,
  };
}

export type InvoicePageView = NonNullable<Awaited<ReturnType<typeof invoicePage>>>;

/**
 * The customer pays (the invoice page's button): the invoice's payment of its total, purpose
 * "invoice", to the invoice's number. One attempt at a time, decided under the invoice's lock:
 * a second tap, a reload or a second device gets the attempt in flight, never a second payment;
 * a PAID or VOID invoice refuses before anything is pushed. The caller pushes it (the checkout's
 * confirm), so an invoice is paid through exactly the path every payment takes.
 *
 * Own transactions: a stale attempt is ended before the invoice is locked, in the order settlement locks them.
 */
export const startInvoicePayment = defineOperation({ transaction: "own" }, async function startInvoicePayment(db: Database, token: string): Promise<Payment> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const seen = await loadByToken(db, token);
    if (!seen) throw notFound();
    refuseUnpayable(seen.invoice);
    // A stale attempt is settled before the invoice is locked (payment, then invoice: settlement's lock order).
    if (seen.invoice.paymentId) {
      const [previous] = await db.select().from(payments).where(eq(payments.id, seen.invoice.paymentId));
      if (previous?.status === "PENDING") await expireIfDue(db, previous, seen.now);
    }
    const payment = await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Database;
      const locked = await loadByToken(tx, token, true);
      if (!locked) throw notFound();
      const { invoice, merchant, now } = locked;
      refuseUnpayable(invoice);
      if (invoice.paymentId) {
        const [current] = await tx.select().from(payments).where(eq(payments.id, invoice.paymentId));
        if (current?.status === "PENDING") return current.expiresAt > now ? current : null;
      }
      const [application] = await tx.select().from(applications).where(eq(applications.id, invoice.applicationId));
      const created = await insertPayment(
        { db: tx, merchant, application, mode: invoice.mode, now, source: "public" },
        {
          amount: invoice.total,
          customerPhone: invoice.customerPhone,
          customerName: invoice.customerName,
          customerEmail: invoice.customerEmail,
          description: `${invoice.locale === "fr" ? "Facture" : "Invoice"} ${invoice.number}`,
          clientReference: invoice.number,
          returnUrl: hostedInvoiceUrl(invoice.token),
          metadata: { invoice_id: invoice.id, invoice_number: invoice.number, ...(invoice.clientReference ? { client_reference: invoice.clientReference } : {}) },
          purpose: "invoice",
          purposeRef: invoice.id,
        },
      );
      await tx.update(invoices).set({ paymentId: created.id, updatedAt: now }).where(eq(invoices.id, invoice.id));
      await recordActivity(tx, invoice.id, "payment_started", now, { detail: { payment_id: created.id } });
      return created;
    });
    if (payment) return payment;
  }
  throw new ApiError("INVOICE_PAYMENT_IN_PROGRESS", "A payment of this invoice is ending right now; reload the page in a moment.");
});

function refuseUnpayable(invoice: Invoice) {
  if (invoice.status === "PAID") throw new ApiError("INVOICE_ALREADY_PAID", `Invoice ${invoice.number} is already paid: there is nothing more to pay.`);
  if (invoice.status === "VOID") throw new ApiError("INVOICE_VOIDED", `Invoice ${invoice.number} was cancelled by the merchant: it can no longer be paid.`);
}

/** The checkout's push of an invoice payment: refused once the invoice is paid or voided, before the operator is called. */
export async function assertInvoicePayable(db: Database, invoiceId: string): Promise<void> {
  const [invoice] = await db.select().from(invoices).where(eq(invoices.id, invoiceId));
  if (invoice) refuseUnpayable(invoice);
}
