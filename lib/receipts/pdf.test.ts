import { describe, expect, it } from "vitest";
import { pdfText } from "@/lib/books/statement/test-support";
import { receiptFilename, receiptPdf } from "./pdf";
import type { ReceiptView } from "./view";

const VIEW: ReceiptView = {
  merchantId: "mer_test",
  merchantName: "Épicerie Fine à Ségou",
  amount: 1_234_500,
  paidAt: "2026-11-21T14:05:00Z",
  reference: "txn_01kmz0000000000000000000ab",
  merchantReference: "CMD-1042",
  operatorReference: "OM-778899",
  description: "Commande n° 1042",
  customerPhone: "+223 76 •• •• 33",
  livemode: false,
  path: "/r/tok",
  url: "https://pay.example/r/tok",
  pdfPath: "/r/tok/pdf",
};

describe("receiptPdf", () => {
  it("is a one-page PDF showing the merchant, the amount, the Bamako time, every reference and the masked number, in French", async () => {
    const pdf = await receiptPdf(VIEW, "fr", { compress: false });
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdf.toString("latin1").match(/\/Type \/Page\b/g)).toHaveLength(1);
    // Uncompressed: the text operators are read straight from the file's bytes.
    expect(pdf.toString("latin1")).not.toContain("/FlateDecode");
    const text = pdfText(pdf);
    expect(text).toEqual(
      expect.arrayContaining([
        "Reçu de paiement",
        "Paiement réussi",
        "Mode test : aucun argent réel n'a été versé.",
        "Épicerie Fine à Ségou",
        "1 234 500 FCFA",
        "Date (heure du Mali)",
        "21 nov. 2026, 14:05",
        "Référence",
        "txn_01kmz0000000000000000000ab",
        "Référence du marchand",
        "CMD-1042",
        "Référence de l'opérateur",
        "OM-778899",
        // pdfText reads bytes as Latin-1: the bullet is WinAnsi's 0x95, which a reader shows as "•".
        "+223 76 \x95\x95 \x95\x95 33",
        "Commande n° 1042",
      ]),
    );
    expect(text.join("\n")).toContain("https://pay.example/r/tok");
  });

  it("speaks English, and leaves out the test warning and missing references for a live payment", async () => {
    const text = pdfText(await receiptPdf({ ...VIEW, livemode: true, merchantReference: null, operatorReference: null, description: null }, "en"));
    expect(text).toEqual(expect.arrayContaining(["Payment receipt", "Payment successful", "1 234 500 FCFA", "Date (Mali time)", "21 Nov 2026, 14:05", "Reference", "Paid from number"]));
    const all = text.join("\n");
    expect(all).not.toMatch(/Test mode|Merchant's reference|Operator's reference|Reçu/);
  });

  it("writes a merchant name in Bambara legibly (ɛ as è, ɲ as ny), the rest of the receipt unchanged", async () => {
    const text = pdfText(await receiptPdf({ ...VIEW, merchantName: "Ɲɛnɛ Couture", description: "Dɔrɔmɛ 2" }, "fr", { compress: false }));
    expect(text).toEqual(expect.arrayContaining(["Nyènè Couture", "Dòròmè 2", "1 234 500 FCFA"]));
  });

  it("names the file after the payment, in the reader's language", () => {
    expect(receiptFilename(VIEW, "fr")).toBe("recu-txn_01kmz0000000000000000000ab.pdf");
    expect(receiptFilename(VIEW, "en")).toBe("receipt-txn_01kmz0000000000000000000ab.pdf");
  });
});
