import { z } from "zod";
import { input } from "@/lib/core/validation";
import { pageFields, paginationSchema } from "@/lib/links/pagination";
import { DESCRIBE_LENIENT, phoneField, phoneInput } from "@/lib/phone/schema";

export const INVOICE_LIMITS = {
  lines: 50,
  descriptionMax: 200,
  quantityMax: 10_000,
  unitAmountMax: 5_000_000,
  totalMin: 100,
  totalMax: 5_000_000,
  notesMax: 1_000,
  dueDaysMax: 365,
  reminders: 6,
  reminderMin: -30,
  reminderMax: 60,
  voidReasonMax: 300,
} as const;

/** Days relative to the due date (−3: three days before); the default schedule. */
export const DEFAULT_REMINDER_DAYS = [-3, 0, 3, 7];
/** Without a due_date, an invoice falls due this many days after it is finalized. */
export const DEFAULT_DUE_DAYS = 7;

export const INVOICE_STATUSES = ["DRAFT", "OPEN", "OVERDUE", "PAID", "VOID"] as const;
export const INVOICE_CHANNELS = ["sms", "email", "whatsapp"] as const;
export const INVOICE_LOCALES = ["fr", "en"] as const;

const L = INVOICE_LIMITS;

const lineSchema = z.object({
  description: z.string().trim().min(1).max(L.descriptionMax),
  quantity: z.number().int().min(1).max(L.quantityMax).default(1),
  unit_amount: z.number().int().min(1).max(L.unitAmountMax).describe("XOF, a whole number"),
});

const lines = z.array(lineSchema).min(1).max(L.lines).describe("1 to 50 lines; the service computes each line's amount and the total.");
const dueDate = z.iso.date().describe("YYYY-MM-DD, Mali time; from today to 365 days ahead. Without it: 7 days after finalization.");
const reminderDays = z
  .array(z.number().int().min(L.reminderMin).max(L.reminderMax))
  .max(L.reminders)
  .refine((days) => new Set(days).size === days.length, "each day at most once")
  .describe("Days relative to due_date on which the customer is reminded (−3 = three days before); default [-3, 0, 3, 7]; [] for none.");
const metadata = z
  .record(z.string().max(40), z.unknown())
  .refine((m) => JSON.stringify(m).length <= 4096, "metadata must be at most 4 KB of JSON");

const fields = {
  customer_name: z.string().trim().min(1).max(100).nullish(),
  customer_email: z.email().max(254).nullish().describe("Needed to send the invoice by e-mail."),
  lines,
  due_date: dueDate.nullish(),
  notes: z.string().trim().max(L.notesMax).nullish().describe("Shown on the invoice, at most 1,000 characters."),
  locale: z.enum(INVOICE_LOCALES).default("fr").describe("Language of the invoice page, its PDF and its messages: fr (default) or en."),
  reminder_days: reminderDays.optional(),
  client_reference: z.string().min(1).max(128).nullish().describe("Your own reference (an order number)."),
  metadata: metadata.optional(),
};

const codes = {
  customer_phone: { missing: "MISSING_PHONE", invalid: "INVALID_PHONE" },
  customer_name: "INVALID_CUSTOMER_NAME",
  customer_email: "INVALID_EMAIL",
  lines: "INVALID_INVOICE_LINES",
  due_date: "INVALID_DUE_DATE",
  notes: "INVALID_INVOICE_NOTES",
  locale: "INVALID_INVOICE_LOCALE",
  reminder_days: "INVALID_REMINDER_DAYS",
  client_reference: "INVALID_CLIENT_REFERENCE",
  metadata: "INVALID_METADATA",
} as const;

export const createInvoiceSchema = z.object({
  customer_phone: phoneField({ field: "customer_phone", describe: `The customer's number: the payment is pushed to it and text messages go to it. ${DESCRIBE_LENIENT}` }),
  ...fields,
});
export const CreateInvoiceInput = phoneInput(createInvoiceSchema, codes);
export type CreateInvoiceBody = z.output<typeof createInvoiceSchema>;

/** Every field optional; a sent field replaces the draft's (lines as a whole list), null clears an optional one. */
export const updateInvoiceSchema = z.object({
  customer_phone: phoneField({ field: "customer_phone" }).optional(),
  ...fields,
  lines: lines.optional(),
  locale: z.enum(INVOICE_LOCALES).optional(),
});
export const UpdateInvoiceInput = phoneInput(updateInvoiceSchema, codes);
export type UpdateInvoiceBody = z.output<typeof updateInvoiceSchema>;

export const sendInvoiceSchema = z.object({
  channels: z
    .array(z.enum(INVOICE_CHANNELS))
    .min(1)
    .max(3)
    .refine((c) => new Set(c).size === c.length, "each channel at most once")
    .describe("sms (to customer_phone), email (to customer_email), whatsapp (no message: the answer's whatsapp_url opens WhatsApp with the message ready)."),
});
export const SendInvoiceInput = input(sendInvoiceSchema, { channels: "INVALID_INVOICE_CHANNELS" });

export const voidInvoiceSchema = z.object({ reason: z.string().trim().max(L.voidReasonMax).nullish().describe("at most 300 characters, kept on the invoice") });
export const VoidInvoiceInput = input(voidInvoiceSchema, { reason: "INVALID_VOID_REASON" });

export const listInvoicesQuerySchema = z.object({
  status: z.enum(INVOICE_STATUSES).optional(),
  customer_phone: phoneField({ field: "customer_phone" }).optional(),
  search: z.string().trim().min(1).max(100).optional().describe("case-insensitive, in the number, the customer's name and client_reference"),
  ...pageFields,
});
export const ListInvoicesQuery = phoneInput(listInvoicesQuerySchema, {
  status: "INVALID_INVOICE_STATUS",
  customer_phone: "INVALID_PHONE",
  search: "INVALID_SEARCH",
  page: "INVALID_PAGINATION",
  limit: "INVALID_PAGINATION",
});
export type ListInvoicesQuery = z.output<typeof listInvoicesQuerySchema>;

const timestamp = z.string().describe("ISO 8601 UTC");

export const invoiceLineSchema = z.object({
  description: z.string(),
  quantity: z.number().int(),
  unit_amount: z.number().int(),
  amount: z.number().int().describe("quantity × unit_amount"),
});

export const invoiceSchema = z
  .object({
    id: z.string().describe("prefix inv_"),
    object: z.literal("invoice"),
    number: z.string().nullable().describe("FAC-2026-0001: from the merchant's own sequence per year, given at finalization, never reused; null for a draft"),
    status: z.enum(INVOICE_STATUSES).describe("OVERDUE: OPEN and past due_date"),
    livemode: z.boolean(),
    currency: z.literal("XOF"),
    customer_phone: z.string(),
    customer_name: z.string().nullable(),
    customer_email: z.string().nullable(),
    lines: z.array(invoiceLineSchema),
    total: z.number().int(),
    amount_paid: z.number().int(),
    amount_due: z.number().int().describe("total − amount_paid; 0 once PAID or VOID"),
    due_date: z.string().nullable().describe("YYYY-MM-DD (Mali time); set at finalization at the latest"),
    notes: z.string().nullable(),
    locale: z.enum(INVOICE_LOCALES),
    reminder_days: z.array(z.number().int()),
    next_reminder_on: z.string().nullable().describe("YYYY-MM-DD: when the next reminder goes, by the channels it was sent on; null when none is left"),
    client_reference: z.string().nullable(),
    metadata: z.record(z.string(), z.unknown()),
    hosted_invoice_url: z.string().nullable().describe("the page where the customer sees and pays it (null for a draft)"),
    pdf_url: z.string().nullable().describe("the invoice as a PDF in its locale (?lang=fr|en for the other); null for a draft"),
    sent_channels: z.array(z.enum(INVOICE_CHANNELS)),
    payment_id: z.string().nullable().describe("the latest payment attempt (txn_…), the paying one once PAID"),
    finalized_at: timestamp.nullable(),
    paid_at: timestamp.nullable(),
    voided_at: timestamp.nullable(),
    void_reason: z.string().nullable(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "Invoice" });
export type InvoiceResource = z.infer<typeof invoiceSchema>;

export const deliverySchema = z.object({
  status: z.enum(["queued", "scheduled", "suppressed"]).describe("queued: leaves now; scheduled: held until quiet hours end (07:00); suppressed: the number opted out or reached its daily cap"),
  reason: z.string().nullable(),
});

export const invoiceSendSchema = invoiceSchema
  .extend({
    delivery: z.object({
      sms: deliverySchema.nullable(),
      email: deliverySchema.nullable(),
      whatsapp_url: z.string().nullable().describe("https://wa.me/… with the message and the invoice's link ready; the merchant opens it to share"),
    }),
  })
  .meta({ id: "InvoiceSend" });

export const invoiceListSchema = z.array(invoiceSchema);
export const invoiceListExtra = { pagination: paginationSchema };

export const INVOICE_ACTIVITY_KINDS = ["created", "finalized", "sent", "viewed", "reminded", "payment_started", "payment_failed", "paid", "overdue", "voided"] as const;

export const invoiceTimelineSchema = z.array(
  z.object({
    kind: z.enum(INVOICE_ACTIVITY_KINDS),
    channel: z.enum(INVOICE_CHANNELS).nullable(),
    detail: z.record(z.string(), z.unknown()),
    at: timestamp,
  }),
);
