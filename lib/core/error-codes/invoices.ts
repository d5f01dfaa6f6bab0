import { defineCodes } from "./define";

/** Invoices (/v1/invoices, the hosted invoice page; docs/decisions/invoices.md). */
export const invoiceCodes = defineCodes({
  INVOICE_NOT_FOUND: { status: 404, message: "No invoice with this id for this key's merchant and mode." },
  INVALID_INVOICE_LINES: {
    status: 400,
    message: "lines must be a list of 1 to 50 items, each with description (1 to 200 characters), quantity (an integer from 1 to 10,000) and unit_amount (an integer number of XOF from 1 to 5,000,000).",
  },
  INVOICE_TOTAL_OUT_OF_RANGE: { status: 400, message: "An invoice's total (the sum of quantity × unit_amount over its lines) must be between 100 and 5,000,000 XOF, the limits of one payment." },
  INVALID_DUE_DATE: { status: 400, message: "due_date must be a day written YYYY-MM-DD, from today (Mali time) to 365 days ahead." },
  INVALID_REMINDER_DAYS: {
    status: 400,
    message: "reminder_days must be a list of at most 6 different whole numbers of days relative to the due date, from -30 (before) to 60 (after); [] sends no reminder.",
  },
  INVALID_INVOICE_LOCALE: { status: 400, message: "locale must be fr (default) or en: the language of the invoice page, its PDF and its messages." },
  INVALID_INVOICE_NOTES: { status: 400, message: "notes must be text of at most 1,000 characters, shown on the invoice." },
  INVALID_INVOICE_STATUS: { status: 400, message: "status must be DRAFT, OPEN, OVERDUE, PAID or VOID." },
  INVALID_INVOICE_CHANNELS: { status: 400, message: "channels must be a non-empty list of sms, email and whatsapp, each at most once." },
  INVALID_VOID_REASON: { status: 400, message: "reason must be text of at most 300 characters." },
  INVOICE_NOT_DRAFT: { status: 409, message: "This invoice is finalized: its lines, customer and amounts can no longer change. Void it and create a new one." },
  INVOICE_IS_DRAFT: { status: 409, message: "This invoice is still a draft: finalize it first (POST /v1/invoices/{id}/finalize), which gives it its number." },
  INVOICE_ALREADY_PAID: { status: 409, message: "This invoice is already paid; nothing more can be sent, paid or voided on it." },
  INVOICE_VOIDED: { status: 409, message: "This invoice was voided; it can no longer be sent or paid. Create a new invoice." },
  INVOICE_PAYMENT_IN_PROGRESS: {
    status: 409,
    message: "A payment of this invoice is in progress on the customer's phone; it cannot be voided until that payment ends (it succeeds, fails or expires).",
  },
  INVOICE_EMAIL_MISSING: { status: 400, message: "This invoice has no customer_email, so it cannot be sent by e-mail. Send it by sms or whatsapp, or create the invoice with an e-mail address." },
  SMS_USE_DISABLED: { status: 409, message: "Text messages of this kind are switched off for your account. Turn them on in the dashboard (Settings → SMS), or use another channel." },
});
