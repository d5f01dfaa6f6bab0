import { newPdfDocument } from "@/lib/pdf/document";
import { buffer } from "node:stream/consumers";
import { formatBamako } from "@/lib/format/date";
import { formatXof } from "@/lib/format/money";
import type { Locale } from "@/lib/i18n/locale";
import type { ReceiptView } from "./view";

/**
 * The receipt as a one-page A5 PDF (pdfkit), French or English, drawn like the statement
 * (lib/books/statement/pdf.ts): the standard Helvetica, WinAnsi-encoded, which holds French
 * accents, the plain spaces of formatXof and the bullets of a masked number; other letters are
 * brought into it by newPdfDocument (lib/pdf/winansi.ts).
 */

const COPY = {
  fr: {
    title: "Reçu de paiement",
    paid: "Paiement réussi",
    testMode: "Mode test : aucun argent réel n'a été versé.",
    date: "Date (heure du Mali)",
    reference: "Référence",
    merchantReference: "Référence du marchand",
    operatorReference: "Référence de l'opérateur",
    phone: "Payé depuis le numéro",
    description: "Objet",
    online: (url: string) => `Ce reçu en ligne : ${url}`,
    issued: (merchant: string) => `Reçu émis par Cauri pour ${merchant}. Pour toute question sur votre achat, contactez le marchand en citant la référence.`,
    filename: (reference: string) => `recu-${reference}.pdf`,
  },
  en: {
    title: "Payment receipt",
    paid: "Payment successful",
    testMode: "Test mode: no real money was paid.",
    date: "Date (Mali time)",
    reference: "Reference",
    merchantReference: "Merchant's reference",
    operatorReference: "Operator's reference",
    phone: "Paid from number",
    description: "For",
    online: (url: string) => `This receipt online: ${url}`,
    issued: (merchant: string) => `Receipt issued by Cauri for ${merchant}. For any question about your purchase, contact the merchant and quote the reference.`,
    filename: (reference: string) => `receipt-${reference}.pdf`,
  },
} satisfies Record<Locale, unknown>;

const INK = "#111827";
const MUTED = "#4b5563";
const RULE = "#d1d5db";
const ACCENT = "#0f766e";
const WARNING = "#b45309";

/** The download's name: `recu-txn_….pdf` / `receipt-txn_….pdf`. */
export const receiptFilename = (view: ReceiptView, locale: Locale) => COPY[locale].filename(view.reference);

/** `compress: false` leaves the text readable in the file's bytes, for tests. */
export function receiptPdf(view: ReceiptView, locale: Locale, options: { compress?: boolean } = {}): Promise<Buffer> {
  const t = COPY[locale];
  const doc = newPdfDocument({
    size: "A5",
    margins: { top: 40, bottom: 40, left: 40, right: 40 },
    compress: options.compress ?? true,
    lang: locale,
    info: { Title: `${t.title} - ${view.merchantName} - ${view.reference}`, Author: "Cauri", Subject: t.title },
  });
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const width = right - left;
  const rule = (y: number) => doc.moveTo(left, y).lineTo(right, y).lineWidth(0.5).strokeColor(RULE).stroke();

  doc.fillColor(ACCENT).font("Helvetica-Bold").fontSize(10).text("CAURI", left, doc.y, { characterSpacing: 2 });
  doc.moveDown(0.4).fillColor(INK).fontSize(18).text(t.title);
  if (!view.livemode) doc.moveDown(0.3).fontSize(10).fillColor(WARNING).text(t.testMode);
  doc.moveDown(0.8).font("Helvetica").fontSize(11).fillColor(MUTED).text(t.paid);
  doc.font("Helvetica-Bold").fontSize(14).fillColor(INK).text(view.merchantName, { width });
  doc.moveDown(0.2).fontSize(24).text(formatXof(view.amount), { lineBreak: false });
  doc.moveDown(1.2);
  rule(doc.y);
  doc.moveDown(0.6);

  const rows: [string, string | null][] = [
    [t.date, formatBamako(view.paidAt, locale)],
    [t.reference, view.reference],
    [t.merchantReference, view.merchantReference],
    [t.operatorReference, view.operatorReference],
    [t.phone, view.customerPhone],
    [t.description, view.description],
  ];
  for (const [label, value] of rows) {
    if (value === null) continue;
    doc.font("Helvetica").fontSize(9).fillColor(MUTED).text(label, left, doc.y, { width });
    doc.font("Helvetica-Bold").fontSize(11).fillColor(INK).text(value, { width });
    doc.moveDown(0.5);
  }
  rule(doc.y);
  doc.moveDown(0.6);
  doc.font("Helvetica").fontSize(8).fillColor(MUTED);
  doc.text(t.online(view.url), { width, link: view.url });
  doc.moveDown(0.3).text(t.issued(view.merchantName), { width });
  doc.end();
  return buffer(doc);
}
