import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { merchantRequests } from "@/db/schema";
import { invoiceApi, INVOICE, openInvoice } from "@/app/v1/invoices/test-support";
import { pdfText } from "@/lib/books/statement/test-support";
import { formatBamako, formatDate } from "@/lib/format/date";
import { newId } from "@/lib/ids";
import { settlePayment } from "@/lib/payments/settle";
import { newMerchant } from "@/tests/support/merchant";
import { invoiceFilename, invoicePdf } from "./pdf";
import { invoicePage, startInvoicePayment, type InvoicePageView } from "./public";

const KYC = { legal_name: "Awa Couture SARL", address: "Rue 305, porte 12, Badalabougou, Bamako", tax_id: "084512367B" };

/** A merchant whose KYC record names it, and one open invoice of it, as its page reads it. */
async function invoiceWithKyc(body: Record<string, unknown> = {}) {
  const m = await newMerchant({ name: "Boutique Awa" });
  await db().insert(merchantRequests).values({ id: newId("req"), merchantId: m.merchant.id, kind: "kyc", payload: KYC, status: "approved" });
  const invoice = await openInvoice(m.testKey, { ...INVOICE, notes: "Livraison comprise à Bamako.", ...body });
  const view = (await invoicePage(db(), invoice.token, { recordView: false }))!;
  return { m, invoice, view };
}

// pdfText reads bytes as Latin-1: the bullet of a masked number is WinAnsi's 0x95, which a reader shows as "•".
const MASKED = "+223 76 \x95\x95 \x95\x95 33";

describe("invoicePdf", () => {
  it("is an A4 PDF in French: title, number, dates, the issuer's legal identity from its KYC record, the customer, lines, total, notes, the hosted URL", async () => {
    const { invoice, view } = await invoiceWithKyc();
    const pdf = await invoicePdf(view, "fr", { compress: false });
    const raw = pdf.toString("latin1");
    expect(raw.slice(0, 5)).toBe("%PDF-");
    expect(raw).not.toContain("/FlateDecode");
    expect(raw.match(/\/Type \/Page\b/g)).toHaveLength(1);
    // A4: 595.28 × 841.89 points.
    expect(raw).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
    const text = pdfText(pdf);
    expect(text).toEqual(
      expect.arrayContaining([
        "FACTURE",
        `N° ${invoice.number}`,
        "Mode test : cette facture ne concerne aucun argent réel.",
        "Boutique Awa",
        "Émetteur",
        "Awa Couture SARL",
        "Rue 305, porte 12, Badalabougou, Bamako",
        "NIF 084512367B",
        "Client",
        "Awa Traoré",
        MASKED,
        "Date d'émission",
        formatDate(view.finalizedAt.slice(0, 10), "fr"),
        "Date d'échéance",
        formatDate(view.dueDate, "fr"),
        "Description",
        "Qté",
        "Prix unitaire",
        "Montant",
        "Tissu wax, 6 yards",
        "2",
        "7 500 FCFA",
        "15 000 FCFA",
        "Couture d'une robe",
        "5 000 FCFA",
        "Total à payer",
        "20 000 FCFA",
        "Notes",
        "Livraison comprise à Bamako.",
        `À payer avant le ${formatDate(view.dueDate, "fr")}, en ligne en un geste par mobile money :`,
        view.url,
        "Page 1 sur 1",
      ]),
    );
    // The full number never appears: whoever holds the link can download the file.
    expect(text.join("\n")).not.toContain("76554433");
    expect(raw).toContain(`/URI (${view.url})`);
  });

  it("speaks English, and says when a paid invoice was paid (a live invoice has no test warning)", async () => {
    const { invoice, view } = await invoiceWithKyc();
    const en = pdfText(await invoicePdf({ ...view, livemode: true }, "en"));
    expect(en).toEqual(expect.arrayContaining(["INVOICE", `No. ${invoice.number}`, "Issued by", "Billed to", "Issue date", "Due date", "Qty", "Unit price", "Amount", "Total due", "20 000 FCFA", "Awa Couture SARL"]));
    expect(en.join("\n")).not.toMatch(/Test mode|FACTURE|Émetteur|Total à payer/);

    const payment = await startInvoicePayment(db(), invoice.token);
    await settlePayment(db(), payment.id, { status: "SUCCESS", providerRef: "X" });
    const paid = (await invoicePage(db(), invoice.token, { recordView: false }))!;
    expect(paid.status).toBe("PAID");
    const fr = pdfText(await invoicePdf(paid, "fr"));
    expect(fr).toEqual(expect.arrayContaining([`Payée le ${formatBamako(paid.paidAt!, "fr")} (heure du Mali).`, "Total", "Cette facture en ligne :"]));
    expect(fr).not.toContain("Total à payer");
    expect(pdfText(await invoicePdf(paid, "en"))).toContain(`Paid on ${formatBamako(paid.paidAt!, "en")} (Mali time).`);
  });

  it("says a voided invoice can no longer be paid", async () => {
    const { m, invoice } = await invoiceWithKyc();
    expect((await invoiceApi(m.testKey).void(invoice.id, { reason: "Erreur de montant" })).status).toBe(200);
    const voided = (await invoicePage(db(), invoice.token, { recordView: false }))!;
    expect(pdfText(await invoicePdf(voided, "fr"))).toContain("Annulée par le marchand : cette facture ne peut plus être payée.");
    expect(pdfText(await invoicePdf(voided, "en"))).toContain("Cancelled by the merchant: this invoice can no longer be paid.");
  });

  it("names the merchant itself when it has no KYC record, and leaves out what is missing", async () => {
    const m = await newMerchant({ name: "Quincaillerie Diarra" });
    const invoice = await openInvoice(m.testKey, { customer_phone: "76554433", lines: [{ description: "Ciment, sac de 50 kg", quantity: 3, unit_amount: 5_500 }] });
    const view = (await invoicePage(db(), invoice.token, { recordView: false }))!;
    expect(view.legal).toEqual({ name: "Quincaillerie Diarra", address: null, taxId: null });
    const text = pdfText(await invoicePdf(view, "fr"));
    expect(text).toEqual(expect.arrayContaining(["Quincaillerie Diarra", "Ciment, sac de 50 kg", "3", "16 500 FCFA", MASKED]));
    expect(text.join("\n")).not.toMatch(/NIF|Notes/);
  });

  it("writes names and lines in Mali's languages legibly: Bambara's letters as their older Latin spelling, never the line lost", async () => {
    const m = await newMerchant({ name: "Ɲɛnɛ Couture" });
    const invoice = await openInvoice(m.testKey, { customer_phone: "76554433", customer_name: "Fatumata Kɔnɛ", lines: [{ description: "Bɔgɔlan, fini 2 m", quantity: 1, unit_amount: 15_000 }] });
    const view = (await invoicePage(db(), invoice.token, { recordView: false }))!;
    const text = pdfText(await invoicePdf(view, "fr", { compress: false }));
    expect(text).toEqual(expect.arrayContaining(["Nyènè Couture", "Fatumata Kònè", "Bògòlan, fini 2 m", "15 000 FCFA"]));
  });

  it("runs over pages for 50 long lines, its table heading repeated, every line and the total printed", async () => {
    const lines = Array.from({ length: 50 }, (_, i) => ({
      description: `Article ${i + 1} : ${"pagne tissé à la main, teinture naturelle, ".repeat(3).trim()}`,
      quantity: 1,
      unit_amount: 1_000,
    }));
    const { view } = await invoiceWithKyc({ lines });
    const text = pdfText(await invoicePdf(view, "fr", { compress: false }));
    const all = text.join("\n");
    for (let i = 1; i <= 50; i++) expect(all).toContain(`Article ${i} :`);
    const pages = text.filter((s) => /^Page \d+ sur \d+$/.test(s));
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.at(-1)).toBe(`Page ${pages.length} sur ${pages.length}`);
    expect(text.filter((s) => s === "Prix unitaire").length).toBeGreaterThan(1);
    expect(text).toContain("50 000 FCFA");
  });

  it("names the file after the invoice number, in the reader's language", () => {
    const view = { number: "FAC-2026-0042" } as Pick<InvoicePageView, "number">;
    expect(invoiceFilename(view, "fr")).toBe("facture-FAC-2026-0042.pdf");
    expect(invoiceFilename(view, "en")).toBe("invoice-FAC-2026-0042.pdf");
  });
});
