import { defineCodes } from "./define";

/** A merchant's text-message settings (dashboard, docs/decisions/sms.md). */
export const smsCodes = defineCodes({
  INVALID_SMS_USE: { status: 400, message: "disabled must be a list of text-message uses: delivery_code, payment_receipt, payment_request, invoice_reminder, subscription_payment_due." },
});
