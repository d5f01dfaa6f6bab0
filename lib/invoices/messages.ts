import type { Database } from "@/db/client";
import type { Invoice, InvoiceChannel } from "@/db/schema";
import { mailBrand } from "@/lib/branding/brand";
import { enqueueMail } from "@/lib/mail/outbox";
import { enqueueSms } from "@/lib/sms/outbox";
import { renderSms } from "@/lib/sms/templates";
import { reminderKind } from "./schedule";
import { hostedInvoiceUrl, invoicePdfUrl } from "./serialize";

export type Delivery = { status: "queued" | "scheduled" | "suppressed"; reason: string | null };
export type Deliveries = { sms: Delivery | null; email: Delivery | null };

/** What a message is for: the n-th send of the invoice, or the reminder of a day offset. */
export type MessageCause = { kind: "send"; n: number } | { kind: "reminder"; offset: number };

type Final = Invoice & { number: string; dueDate: string };

const causeKey = (invoice: Invoice, cause: MessageCause) => (cause.kind === "send" ? `invoice-send:${invoice.id}:${cause.n}` : `invoice-reminder:${invoice.id}:${cause.offset}`);

/**
 * Writes the invoice's text message and e-mail to their outboxes, in the caller's transaction;
 * the outboxes' rules (opt-out, daily cap, quiet hours) and dedupe keys apply as to every message.
 */
export async function messageInvoice(db: Database, invoice: Final, merchantName: string, channels: readonly InvoiceChannel[], cause: MessageCause): Promise<Deliveries> {
  const url = hostedInvoiceUrl(invoice.token);
  const dedupeKey = causeKey(invoice, cause);
  let sms: Delivery | null = null;
  let email: Delivery | null = null;
  if (channels.includes("sms")) {
    const common = { merchant: merchantName.slice(0, 60), number: invoice.number, amount: invoice.total, due: invoice.dueDate, url };
    const queued = await enqueueSms(db, {
      merchantId: invoice.merchantId,
      mode: invoice.mode,
      to: invoice.customerPhone,
      locale: invoice.locale,
      dedupeKey,
      ...(cause.kind === "send"
        ? { template: "invoice" as const, params: common }
        : { template: "invoice_reminder" as const, params: { ...common, overdue: cause.offset > 0 } }),
    });
    sms =
      queued.status === "SUPPRESSED"
        ? { status: "suppressed", reason: queued.reason }
        : { status: queued.sendAt && queued.sendAt.getTime() > Date.now() + 1_000 ? "scheduled" : "queued", reason: null };
  }
  if (channels.includes("email") && invoice.customerEmail) {
    await enqueueMail(db, {
      to: invoice.customerEmail,
      locale: invoice.locale,
      template: "invoice",
      dedupeKey,
      params: {
        merchantName,
        mode: invoice.mode,
        brand: await mailBrand(db, invoice.merchantId),
        number: invoice.number,
        amount: invoice.total,
        dueDate: invoice.dueDate,
        url,
        pdfUrl: invoicePdfUrl(invoice.token),
        reminder: cause.kind === "reminder" ? reminderKind(cause.offset) : null,
      },
    });
    email = { status: "queued", reason: null };
  }
  return { sms, email };
}

/** A wa.me link that opens WhatsApp on the customer's number with the invoice's message ready (the text message's words). */
export function whatsappUrl(invoice: Final, merchantName: string): string {
  const text = renderSms("invoice", invoice.locale, { merchant: merchantName.slice(0, 60), number: invoice.number, amount: invoice.total, due: invoice.dueDate, url: hostedInvoiceUrl(invoice.token) });
  return `https://wa.me/${invoice.customerPhone.replace(/^\+/, "")}?text=${encodeURIComponent(text)}`;
}
