import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { formatXof } from "@/lib/format/money";
import { newMerchant } from "@/tests/support/merchant";
import { merchantWithBooks } from "@/tests/support/books";
import { monthPeriod, statementData, StatementMismatchError } from "./data";
import { periodLabel, renderStatementPdf, statementPdfBuffer } from "./pdf";
import { collectedAt, pdfText } from "./test-support";

const ALL_TIME = { from: new Date("2020-01-01T00:00:00Z"), to: new Date("2100-01-01T00:00:00Z") };
const pages = (pdf: Buffer) => pdf.toString("latin1").match(/\/Type \/Page\b/g)?.length ?? 0;

describe("renderStatementPdf", () => {
  it("renders the full books of a merchant in French and English, with the closing balances as formatted amounts, on at most two A4 pages", async () => {
    const m = await merchantWithBooks();
    const data = await statementData({ db: db(), merchantId: m.merchant.id, mode: "test" }, ALL_TIME);
    for (const locale of ["fr", "en"] as const) {
      const pdf = await statementPdfBuffer(data, locale);
      expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      expect(pdf.toString("latin1")).toContain("/MediaBox [0 0 595.28 841.89]");
      expect(pages(pdf)).toBeLessThanOrEqual(2);
      const text = pdfText(pdf);
      expect(text).toContain("Boutique Comptable");
      for (const b of data.balances) expect(text).toContain(formatXof(b.closing));
      expect(text).toContain(formatXof(data.balances.reduce((s, b) => s + b.closing, 0)));
      expect(text).toContain(formatXof(355_000).replace(/^/, "+"));
      expect(text).toContain("-50 000 FCFA");
    }
    const fr = pdfText(await statementPdfBuffer(data, "fr"));
    expect(fr).toEqual(expect.arrayContaining(["Relevé de compte", "Solde d'ouverture", "Solde de clôture", "Réservé (retraits et remboursements en cours)", "Frais Cauri", "Mode test : ces chiffres ne concernent aucun argent réel."]));
    expect(fr.join("\n")).toMatch(/Chiffres issus du grand livre de Cauri/);
    const en = pdfText(await statementPdfBuffer(data, "en"));
    expect(en).toEqual(expect.arrayContaining(["Account statement", "Opening balance", "Closing balance", "Reserved (withdrawals and refunds in progress)", "Cauri fees", "Test mode: these figures involve no real money."]));
    expect(en.join("\n")).toMatch(/Figures taken from Cauri's ledger/);
  });

  it("titles a calendar month as a monthly statement and shows accents and spaces in WinAnsi (é, è, à, û, â)", async () => {
    const m = await newMerchant({ name: "Épicerie Fine à Ségou : crème, pâtes, goûters" });
    await collectedAt(m.merchant.id, "2026-08-12T10:00:00Z", 1_234_567, 12_345);
    const data = await statementData({ db: db(), merchantId: m.merchant.id, mode: "test" }, monthPeriod("2026-08"));
    const fr = pdfText(await statementPdfBuffer(data, "fr"));
    expect(fr).toEqual(expect.arrayContaining(["Relevé mensuel", "Épicerie Fine à Ségou : crème, pâtes, goûters", "Période : août 2026", "1 222 222 FCFA", "+1 234 567 FCFA", "-12 345 FCFA", "Paiements encaissés sur la période : 1"]));
    const en = pdfText(await statementPdfBuffer(data, "en"));
    expect(en).toEqual(expect.arrayContaining(["Monthly statement", "Épicerie Fine à Ségou : crème, pâtes, goûters", "Period: August 2026", "1 222 222 FCFA", "Payments collected in the period: 1"]));
    expect(en.join("\n")).not.toMatch(/Mode test|Relevé/);
  });

  it("writes a merchant name in Bambara legibly (ɛ as è, ɔ as ò, ŋ as ng)", async () => {
    const m = await newMerchant({ name: "Ŋaniya Sɔrɔ Butiki" });
    const data = await statementData({ db: db(), merchantId: m.merchant.id, mode: "test" }, monthPeriod("2026-08"));
    expect(pdfText(await statementPdfBuffer(data, "fr"))).toContain("Nganiya Sòrò Butiki");
  });

  it("omits the test-mode warning for live books", async () => {
    const m = await newMerchant();
    const data = await statementData({ db: db(), merchantId: m.merchant.id, mode: "live" }, monthPeriod("2026-11"));
    const text = pdfText(await statementPdfBuffer(data, "fr")).join("\n");
    expect(text).toContain("Relevé mensuel");
    expect(text).not.toContain("Mode test");
    expect(text).toContain("0 FCFA");
  });

  it("never renders a statement that does not add up", async () => {
    const m = await newMerchant();
    const data = await statementData({ db: db(), merchantId: m.merchant.id, mode: "test" }, monthPeriod("2026-11"));
    data.balances[2].sections[0].amount = 1;
    expect(() => renderStatementPdf(data, "fr")).toThrow(StatementMismatchError);
  });

  it("names periods in UTC: a month, whole days (end inclusive), or instants", () => {
    const label = (from: string, to: string, locale: "fr" | "en") => periodLabel({ from: new Date(from), to: new Date(to) }, locale);
    expect(label("2026-11-01T00:00:00Z", "2026-12-01T00:00:00Z", "fr")).toBe("novembre 2026");
    expect(label("2026-12-01T00:00:00Z", "2027-01-01T00:00:00Z", "en")).toBe("December 2026");
    expect(label("2026-11-01T00:00:00Z", "2026-11-16T00:00:00Z", "fr")).toBe("du 1 novembre 2026 au 15 novembre 2026");
    expect(label("2026-11-01T00:00:00Z", "2026-11-03T00:00:00Z", "en")).toBe("1 November 2026 to 2 November 2026");
    expect(label("2026-11-02T00:00:00Z", "2026-12-02T00:00:00Z", "fr")).toBe("du 2 novembre 2026 au 1 décembre 2026");
    expect(label("2026-11-01T08:30:00Z", "2026-11-01T17:00:00Z", "en")).toBe("1 Nov 2026, 08:30 to 1 Nov 2026, 17:00");
  });
});
