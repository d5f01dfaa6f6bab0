import { describe, expect, it } from "vitest";
import { segmentSms } from "./encoding";
import { renderSms, smsTemplates, type SmsTemplateName } from "./templates";

// Long but real: a 40-character shop name, a 7-digit amount, a full hosted-page URL.
const merchant = "Boutique Awa Traore Couture et Tissus SA";
const url = "https://pay.cauri.ml/o/ord_01HZXK5Q8M3V7D2N9P4R6T8W0Y";
// A receipt's URL carries its sealed token (lib/receipts/token.ts): 78 characters.
const receiptUrl = `https://pay.cauri.ml/r/${"A".repeat(78)}`;
// An invoice page's token is 20 characters (lib/invoices/create.ts); a checkout's, a payment id.
const invoiceUrl = `https://pay.cauri.ml/i/${"A".repeat(20)}`;
const checkoutUrl = "https://pay.cauri.ml/checkout/txn_01HZXK5Q8M3V7D2N9P4R6T8W0Y";
const samples: { [N in SmsTemplateName]: Parameters<typeof renderSms<N>>[2] } = {
  delivery_code: { merchant, code: "048213", url },
  payment_receipt: { merchant, amount: 1_250_000, url: receiptUrl },
  payment_request: { merchant, amount: 1_250_000, url },
  invoice: { merchant, number: "FAC-2026-0001", amount: 1_250_000, due: "2026-12-31", url: invoiceUrl },
  invoice_reminder: { merchant, number: "FAC-2026-1234", amount: 1_250_000, due: "2026-12-31", overdue: false, url: invoiceUrl },
  subscription_payment_due: { merchant, amount: 1_250_000, url: checkoutUrl },
  refund_executed: { merchant, amount: 1_250_000, reference: "MP" + "1".repeat(38) },
  test: { merchant },
};

describe("SMS templates", () => {
  for (const name of Object.keys(smsTemplates) as SmsTemplateName[]) {
    for (const locale of ["fr", "en"] as const) {
      // The receipt's sealed URL alone is 101 characters: two segments, the most any template may take.
      const segments = name === "payment_receipt" ? 2 : 1;
      it(`${name} (${locale}) fits ${segments} GSM-7 segment(s) with long parameters`, () => {
        const text = renderSms(name, locale, samples[name] as never);
        expect(segmentSms(text)).toMatchObject({ encoding: "gsm7", parts: { length: segments } });
      });
    }
  }
  it("a reminder after the due date says it was due", () => {
    expect(renderSms("invoice_reminder", "fr", { ...samples.invoice_reminder, overdue: true })).toContain("échue le 31/12");
    expect(renderSms("invoice_reminder", "en", { ...samples.invoice_reminder, overdue: true })).toContain("was due 31/12");
  });
  it("refuses parameters that do not fit the template", () => {
    expect(() => renderSms("delivery_code", "fr", { merchant, code: "12345", url })).toThrow();
    expect(() => renderSms("payment_request", "fr", { merchant, amount: 0, url })).toThrow();
  });
});
