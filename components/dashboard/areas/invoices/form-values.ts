import { parseAmountInput } from "@/lib/format/amount-input";
import { formatXof } from "@/lib/format/money";
import type { InvoiceResource } from "@/lib/invoices/schemas";
import type { InvoicesCopy } from "./copy";
import type { InvoiceChannel } from "./use-invoices";

/** The invoice form as typed: text fields kept as text until they are read for a request or the preview. */
export type LineDraft = { key: number; description: string; quantity: string; unit: string };
export type InvoiceFormValues = {
  phone: string;
  name: string;
  email: string;
  lines: LineDraft[];
  dueDate: string;
  notes: string;
  locale: "fr" | "en";
  reminders: string;
  channels: InvoiceChannel[];
};

let nextKey = 0;
export const emptyLine = (): LineDraft => ({ key: nextKey++, description: "", quantity: "1", unit: "" });

export function initialValues(initial: InvoiceResource | undefined, defaultReminderDays: readonly number[], phone = ""): InvoiceFormValues {
  return {
    phone: initial?.customer_phone ?? phone,
    name: initial?.customer_name ?? "",
    email: initial?.customer_email ?? "",
    lines: initial?.lines.length ? initial.lines.map((l) => ({ key: nextKey++, description: l.description, quantity: String(l.quantity), unit: formatXof(l.unit_amount) })) : [emptyLine()],
    dueDate: initial?.due_date ?? "",
    notes: initial?.notes ?? "",
    locale: initial?.locale ?? "fr",
    reminders: (initial?.reminder_days ?? defaultReminderDays).join(", "),
    channels: initial?.sent_channels.length ? [...initial.sent_channels] : ["sms"],
  };
}

/** "-3, 0, 3, 7" (a typographic minus too) → [-3, 0, 3, 7]; empty → []; anything else → null. */
export function readReminderDays(text: string): number[] | null {
  const days: number[] = [];
  for (const part of text.split(/[,;\s]+/).filter(Boolean)) {
    const match = /^([+\-−]?)(\d{1,3})$/.exec(part);
    if (!match) return null;
    days.push(match[1] === "-" || match[1] === "−" ? -Number(match[2]) : Number(match[2]));
  }
  return days;
}

const readQuantity = (text: string): number | null | undefined => (text.trim() === "" ? undefined : /^\d+$/.test(text.trim()) ? Number(text.trim()) : null);
const readUnit = (text: string): number | null | undefined => (text.trim() === "" ? undefined : parseAmountInput(text));

/**
 * The lines as the preview shows them: each line's amount and the total of what can be read so
 * far. For display only; the service prices the invoice.
 */
export function previewLines(lines: readonly LineDraft[]) {
  const shown = lines.map((l) => {
    const quantity = readQuantity(l.quantity) ?? 1;
    const unit = readUnit(l.unit) ?? null;
    return { description: l.description.trim(), quantity, unit_amount: unit, amount: unit === null ? null : quantity * unit };
  });
  return { lines: shown, total: shown.reduce((sum, l) => sum + (l.amount ?? 0), 0) };
}

/**
 * The request body, or the fields the form cannot read (an amount or quantity that is not a
 * number, an unreadable schedule) with their messages. Everything else is the API's to judge.
 */
export function requestBody(v: InvoiceFormValues, t: InvoicesCopy): { body: Record<string, unknown>; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const lines = v.lines.map((l, i) => {
    const quantity = readQuantity(l.quantity);
    const unit = readUnit(l.unit);
    if (quantity === null) errors[`lines.${i}.quantity`] = t.quantityUnreadable;
    if (unit === null) errors[`lines.${i}.unit_amount`] = t.errors.UNREADABLE_AMOUNT;
    return { description: l.description, ...(typeof quantity === "number" ? { quantity } : {}), ...(typeof unit === "number" ? { unit_amount: unit } : {}) };
  });
  const reminderDays = readReminderDays(v.reminders);
  if (reminderDays === null) errors.reminder_days = t.remindersUnreadable;
  const body = {
    customer_phone: v.phone.trim(),
    customer_name: v.name.trim() || null,
    customer_email: v.email.trim() || null,
    lines,
    due_date: v.dueDate || null,
    notes: v.notes.trim() || null,
    locale: v.locale,
    reminder_days: reminderDays ?? [],
  };
  return { body, errors };
}
