import { newPdfDocument } from "@/lib/pdf/document";
import { buffer } from "node:stream/consumers";
import { formatBamako, formatDate } from "@/lib/format/date";
import { formatXof } from "@/lib/format/money";
import type { Locale } from "@/lib/i18n/locale";
import type { InvoicePageView } from "./public";

/**
 * The invoice as an A4 PDF (pdfkit), French or English, drawn like the receipt
 * (lib/receipts/pdf.ts): the standard Helvetica, WinAnsi-encoded, which holds French accents,
 * the plain spaces of formatXof and the bullets of a masked number; other letters are brought
 * into it by newPdfDocument (lib/pdf/winansi.ts: Bambara's ɛ as è, ɲ as ny). The issuer is the merchant's
 * legal identity from its KYC record; the customer's number is masked as on the page, since
 * whoever holds the link can download the file.
 */

const COPY = {
  fr: {
    title: "FACTURE",
    number: "N°",
    testMode: "Mode test : cette facture ne concerne aucun argent réel.",
    issuer: "Émetteur",
    taxId: "NIF",
    customer: "Client",
    issued: "Date d'émission",
    due: "Date d'échéance",
    description: "Description",
    quantity: "Qté",
    unit: "Prix unitaire",
    amount: "Montant",
    total: "Total à payer",
    totalPaid: "Total",
    notes: "Notes",
    open: (due: string) => `À payer avant le ${due}, en ligne en un geste par mobile money :`,
    overdue: (due: string) => `En retard : cette facture était à payer avant le ${due}. Elle peut encore être payée en ligne :`,
    paid: (at: string) => `Payée le ${at} (heure du Mali).`,
    void: "Annulée par le marchand : cette facture ne peut plus être payée.",
    online: "Cette facture en ligne :",
    issuedBy: (merchant: string) => `Facture émise par ${merchant} avec Cauri.`,
    page: (n: number, of: number) => `Page ${n} sur ${of}`,
    filename: (number: string) => `facture-${number}.pdf`,
  },
  en: {
    title: "INVOICE",
    number: "No.",
    testMode: "Test mode: this invoice involves no real money.",
    issuer: "Issued by",
    taxId: "Tax ID",
    customer: "Billed to",
    issued: "Issue date",
    due: "Due date",
    description: "Description",
    quantity: "Qty",
    unit: "Unit price",
    amount: "Amount",
    total: "Total due",
    totalPaid: "Total",
    notes: "Notes",
    open: (due: string) => `Due by ${due}; pay online in one tap with mobile money:`,
    overdue: (due: string) => `Overdue: this invoice was due by ${due}. It can still be paid online:`,
    paid: (at: string) => `Paid on ${at} (Mali time).`,
    void: "Cancelled by the merchant: this invoice can no longer be paid.",
    online: "This invoice online:",
    issuedBy: (merchant: string) => `Invoice issued by ${merchant} with Cauri.`,
    page: (n: number, of: number) => `Page ${n} of ${of}`,
    filename: (number: string) => `invoice-${number}.pdf`,
  },
} satisfies Record<Locale, unknown>;

const INK = "#111827";
const MUTED = "#4b5563";
const RULE = "#d1d5db";
const ACCENT = "#0f766e";
const WARNING = "#b45309";
const DANGER = "#b42318";

/** The download's name: `facture-FAC-2026-0001.pdf` / `invoice-FAC-2026-0001.pdf`. */
export const invoiceFilename = (view: Pick<InvoicePageView, "number">, locale: Locale) => COPY[locale].filename(view.number);

/** `compress: false` leaves the text readable in the file's bytes, for tests. */
export function invoicePdf(view: InvoicePageView, locale: Locale, options: { compress?: boolean } = {}): Promise<Buffer> {
  const t = COPY[locale];
  const doc = newPdfDocument({
    size: "A4",
    margins: { top: 50, bottom: 70, left: 50, right: 50 },
    bufferPages: true,
    compress: options.compress ?? true,
    lang: locale,
    info: { Title: `${t.title} ${view.number} - ${view.legal.name}`, Author: view.legal.name, Subject: `${t.title} ${view.number}`, Creator: "Cauri" },
  });
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const width = right - left;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const rule = (y: number, color = RULE) => doc.moveTo(left, y).lineTo(right, y).lineWidth(0.5).strokeColor(color).stroke();

  // Head: the issuer's name on the left, the title and number on the right.
  const top = doc.y;
  doc.font("Helvetica-Bold").fontSize(18).fillColor(INK).text(t.title, left, top, { width, align: "right" });
  doc.font("Helvetica").fontSize(11).fillColor(MUTED).text(`${t.number} ${view.number}`, { width, align: "right" });
  const headBottom = doc.y;
  doc.font("Helvetica-Bold").fontSize(14).fillColor(INK).text(view.merchantName, left, top, { width: width - 180 });
  doc.y = Math.max(doc.y, headBottom);
  if (!view.livemode) doc.moveDown(0.5).font("Helvetica-Bold").fontSize(10).fillColor(WARNING).text(t.testMode, left, doc.y, { width });
  doc.moveDown(1);
  rule(doc.y);
  doc.moveDown(0.8);

  // Parties: the issuer (legal identity) and the customer, side by side.
  const column = (width - 20) / 2;
  const partiesTop = doc.y;
  doc.font("Helvetica").fontSize(9).fillColor(MUTED).text(t.issuer, left, partiesTop, { width: column });
  doc.font("Helvetica-Bold").fontSize(11).fillColor(INK).text(view.legal.name, { width: column });
  doc.font("Helvetica").fontSize(10);
  if (view.legal.address) doc.text(view.legal.address, { width: column });
  if (view.legal.taxId) doc.text(`${t.taxId} ${view.legal.taxId}`, { width: column });
  const issuerBottom = doc.y;
  const customerLeft = left + column + 20;
  doc.font("Helvetica").fontSize(9).fillColor(MUTED).text(t.customer, customerLeft, partiesTop, { width: column });
  if (view.customerName) doc.font("Helvetica-Bold").fontSize(11).fillColor(INK).text(view.customerName, { width: column });
  doc.font("Helvetica").fontSize(10).fillColor(INK).text(view.maskedPhone, { width: column });
  doc.y = Math.max(doc.y, issuerBottom);
  doc.moveDown(1);

  // Dates.
  const datesTop = doc.y;
  const dateBlock = (label: string, value: string, x: number) => {
    doc.font("Helvetica").fontSize(9).fillColor(MUTED).text(label, x, datesTop, { width: column });
    doc.font("Helvetica-Bold").fontSize(11).fillColor(view.status === "OVERDUE" && label === t.due ? DANGER : INK).text(value, { width: column });
  };
  dateBlock(t.issued, formatDate(view.finalizedAt.slice(0, 10), locale), left);
  dateBlock(t.due, formatDate(view.dueDate, locale), customerLeft);
  doc.x = left;
  doc.moveDown(1.2);

  // Lines: a description wraps, the row grows with it; the table goes on over pages, its heading repeated.
  const cols = { quantity: 45, unit: 105, amount: 110 };
  const descriptionWidth = width - cols.quantity - cols.unit - cols.amount - 24;
  const x = { quantity: left + descriptionWidth + 8, unit: left + descriptionWidth + 16 + cols.quantity, amount: right - cols.amount };
  const pad = 5;
  const cells = (description: string, quantity: string, unit: string, amount: string, style: { bold?: boolean; muted?: boolean }) => {
    doc.font(style.bold ? "Helvetica-Bold" : "Helvetica").fontSize(10);
    const height = doc.heightOfString(description, { width: descriptionWidth }) + 2 * pad;
    if (doc.y + height > bottom()) {
      doc.addPage();
      head();
    }
    const y = doc.y + pad;
    doc.font(style.bold ? "Helvetica-Bold" : "Helvetica").fontSize(10).fillColor(style.muted ? MUTED : INK);
    doc.text(description, left, y, { width: descriptionWidth });
    doc.text(quantity, x.quantity, y, { width: cols.quantity, align: "right", lineBreak: false });
    doc.text(unit, x.unit, y, { width: cols.unit, align: "right", lineBreak: false });
    doc.text(amount, x.amount, y, { width: cols.amount, align: "right", lineBreak: false });
    doc.x = left;
    doc.y = y - pad + height;
  };
  const head = () => {
    cells(t.description, t.quantity, t.unit, t.amount, { muted: true });
    rule(doc.y, INK);
  };
  head();
  for (const line of view.lines) {
    cells(line.description, String(line.quantity), formatXof(line.unit_amount), formatXof(line.amount), {});
    rule(doc.y);
  }
  if (doc.y + 30 > bottom()) doc.addPage();
  doc.moveDown(0.4);
  const totalY = doc.y;
  const payable = view.status === "OPEN" || view.status === "OVERDUE";
  doc.font("Helvetica-Bold").fontSize(12).fillColor(INK);
  doc.text(payable ? t.total : t.totalPaid, left, totalY, { width: width - cols.amount - 10, align: "right" });
  doc.text(formatXof(view.total), x.amount, totalY, { width: cols.amount, align: "right", lineBreak: false });
  doc.x = left;
  doc.y = totalY + 20;
  doc.moveDown(1);

  if (view.notes) {
    doc.font("Helvetica-Bold").fontSize(10).fillColor(INK).text(t.notes, left, doc.y, { width });
    doc.font("Helvetica").fontSize(10).text(view.notes, { width });
    doc.moveDown(1);
  }

  // Where it stands, and where it lives online.
  const status =
    view.status === "PAID" && view.paidAt
      ? { text: t.paid(formatBamako(view.paidAt, locale)), color: ACCENT }
      : view.status === "VOID"
        ? { text: t.void, color: DANGER }
        : view.status === "OVERDUE"
          ? { text: t.overdue(formatDate(view.dueDate, locale)), color: DANGER }
          : { text: t.open(formatDate(view.dueDate, locale)), color: INK };
  doc.font("Helvetica-Bold").fontSize(11).fillColor(status.color).text(status.text, left, doc.y, { width });
  doc.font("Helvetica").fontSize(10).fillColor(MUTED);
  if (!payable) doc.text(t.online, { width });
  doc.fillColor(ACCENT).text(view.url, { width, link: view.url, underline: true });

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Writing inside the bottom margin would otherwise make pdfkit open a new page.
    const marginBottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - 50;
    rule(y - 6);
    doc.font("Helvetica").fontSize(8).fillColor(MUTED);
    doc.text(`${t.title} ${view.number} · ${t.issuedBy(view.legal.name)}`, left, y, { width: width - 90, height: 10, ellipsis: true });
    doc.text(t.page(i - range.start + 1, range.count), right - 80, y, { width: 80, align: "right", lineBreak: false });
    doc.page.margins.bottom = marginBottom;
  }
  doc.end();
  return buffer(doc);
}
