import type { InvoiceChannel } from "@/db/schema";
import type { DomainContext } from "@/lib/context";
import { ApiError } from "@/lib/core/errors";
import { emitEvent } from "@/lib/events/emit";
import { smsUseEnabled } from "@/lib/sms/uses";
import { dayOf } from "./days";
import { messageInvoice, whatsappUrl } from "./messages";
import { nextReminderOn } from "./schedule";
import { invoiceResource } from "./serialize";
import { assertState, lockInvoice, recordActivity, saveInvoice } from "./store";

/** Reminders go by the channels that carry a message; a WhatsApp share is the merchant's own. */
export const reminderChannels = (channels: readonly InvoiceChannel[]) => channels.filter((c) => c === "sms" || c === "email");

/**
 * POST /v1/invoices/{id}/send: an OPEN (or overdue) invoice to the customer by text message,
 * e-mail, and a WhatsApp link the merchant opens. Each call is one send (event invoice.sent) and
 * at most one message per channel; the reminder schedule starts from the first send.
 */
export async function sendInvoice(ctx: DomainContext, id: string, body: { channels: InvoiceChannel[] }) {
  const invoice = await lockInvoice(ctx, id);
  assertState(invoice, "OPEN");
  const channels = body.channels;
  if (channels.includes("email") && !invoice.customerEmail) throw new ApiError("INVOICE_EMAIL_MISSING", undefined, { param: "channels" });
  if (channels.includes("sms") && !(await smsUseEnabled(ctx.db, ctx.merchant.id, "payment_request"))) {
    throw new ApiError("SMS_USE_DISABLED", "Payment requests by text message are switched off for your account (Settings → SMS): turn them on, or send by email or whatsapp.", { param: "channels" });
  }
  const final = { ...invoice, number: invoice.number!, dueDate: invoice.dueDate! };
  const n = invoice.sendCount + 1;
  const deliveries = await messageInvoice(ctx.db, final, ctx.merchant.name, channels, { kind: "send", n });
  const sentChannels = [...new Set([...invoice.sentChannels, ...channels])];
  const remindBy = reminderChannels(sentChannels);
  const saved = await saveInvoice(ctx.db, id, {
    sentChannels,
    sendCount: n,
    firstSentAt: invoice.firstSentAt ?? ctx.now,
    nextReminderOn: remindBy.length ? nextReminderOn(final.dueDate, invoice.reminderDays, dayOf(ctx.now)) : null,
    updatedAt: ctx.now,
  });
  for (const channel of channels) {
    const delivery = channel === "sms" ? deliveries.sms : channel === "email" ? deliveries.email : null;
    await recordActivity(ctx.db, id, "sent", ctx.now, { channel, detail: delivery ? { status: delivery.status, reason: delivery.reason } : {} });
  }
  const resource = invoiceResource(saved, ctx.now);
  await emitEvent(ctx.db, { merchantId: ctx.merchant.id, applicationId: saved.applicationId, mode: ctx.mode, type: "invoice.sent", object: resource, at: ctx.now });
  return { ...resource, delivery: { ...deliveries, whatsapp_url: channels.includes("whatsapp") ? whatsappUrl(final, ctx.merchant.name) : null } };
}
