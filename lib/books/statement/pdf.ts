import { newPdfDocument } from "@/lib/pdf/document";
import type { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { formatBamako } from "@/lib/format/date";
import { formatXof } from "@/lib/format/money";
import type { Locale } from "@/lib/i18n/locale";
import { BALANCE_LABELS } from "../balance-transaction-types";
import { assertStatementAddsUp, type StatementData, type StatementPeriod } from "./data";
import { STATEMENT_SECTIONS } from "./sections";

/**
 * The statement as an A4 PDF (pdfkit), French or English from one template. Only the standard
 * Helvetica is used: it is WinAnsi-encoded, which holds French accents and the plain spaces of
 * formatXof; newPdfDocument brings everything else into it (lib/pdf/winansi.ts: a narrow space
 * as a space, Bambara's ɛ as è).
 */

const MONTHS: Record<Locale, readonly string[]> = {
  fr: ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"],
  en: ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"],
};

const COPY = {
  fr: {
    monthly: "Relevé mensuel",
    other: "Relevé de compte",
    testMode: "Mode test : ces chiffres ne concernent aucun argent réel.",
    merchantId: "Identifiant marchand",
    period: "Période",
    range: (a: string, b: string) => `du ${a} au ${b}`,
    collected: "Paiements encaissés sur la période",
    summary: "Vos soldes",
    opening: "Solde d'ouverture",
    closing: "Solde de clôture",
    movements: "Mouvements",
    entries: "Opérations",
    amount: "Montant",
    total: "Total de vos soldes",
    generated: (at: string) => `Généré le ${at} (heure du Mali, UTC).`,
    source: "Chiffres issus du grand livre de Cauri : chaque montant est la somme des écritures de votre compte, au franc près.",
    page: (n: number, of: number) => `Page ${n} sur ${of}`,
  },
  en: {
    monthly: "Monthly statement",
    other: "Account statement",
    testMode: "Test mode: these figures involve no real money.",
    merchantId: "Merchant ID",
    period: "Period",
    range: (a: string, b: string) => `${a} to ${b}`,
    collected: "Payments collected in the period",
    summary: "Your balances",
    opening: "Opening balance",
    closing: "Closing balance",
    movements: "Movements",
    entries: "Entries",
    amount: "Amount",
    total: "Total of your balances",
    generated: (at: string) => `Generated on ${at} (Mali time, UTC).`,
    source: "Figures taken from Cauri's ledger: each amount is the sum of your account's entries, to the franc.",
    page: (n: number, of: number) => `Page ${n} of ${of}`,
  },
} satisfies Record<Locale, unknown>;

const DAY = 86_400_000;
const isMidnight = (d: Date) => d.getTime() % DAY === 0;
const dayLabel = (d: Date, locale: Locale) => `${d.getUTCDate()} ${MONTHS[locale][d.getUTCMonth()]} ${d.getUTCFullYear()}`;

function isCalendarMonth({ from, to }: StatementPeriod): boolean {
  const next = Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 1, 1);
  return isMidnight(from) && from.getUTCDate() === 1 && to.getTime() === next;
}

/** "novembre 2026" for a whole month; otherwise the days (inclusive) or, off midnight, the instants. */
export function periodLabel(period: StatementPeriod, locale: Locale): string {
  const { from, to } = period;
  if (isCalendarMonth(period)) return `${MONTHS[locale][from.getUTCMonth()]} ${from.getUTCFullYear()}`;
  if (isMidnight(from) && isMidnight(to)) return COPY[locale].range(dayLabel(from, locale), dayLabel(new Date(to.getTime() - DAY), locale));
  return COPY[locale].range(formatBamako(from, locale), formatBamako(to, locale));
}

const signed = (amount: number) => (amount > 0 ? `+${formatXof(amount)}` : formatXof(amount));

const INK = "#111827";
const MUTED = "#4b5563";
const RULE = "#d1d5db";
const ACCENT = "#0f766e";
const WARNING = "#b45309";

export function renderStatementPdf(data: StatementData, locale: Locale): Readable {
  assertStatementAddsUp(data);
  const t = COPY[locale];
  const title = isCalendarMonth(data.period) ? t.monthly : t.other;
  const period = periodLabel(data.period, locale);
  const doc = newPdfDocument({
    size: "A4",
    margins: { top: 50, bottom: 70, left: 50, right: 50 },
    bufferPages: true,
    lang: locale,
    info: { Title: `${title} - ${data.merchant.name} - ${period}`, Author: "Cauri", Subject: title },
  });
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const width = right - left;

  const colon = locale === "fr" ? " : " : ": ";
  doc.fillColor(ACCENT).font("Helvetica-Bold").fontSize(10).text("CAURI", left, doc.y, { characterSpacing: 2 });
  doc.moveDown(0.4).fillColor(INK).fontSize(20).text(title);
  doc.moveDown(0.2).fontSize(13).text(data.merchant.name, { width });
  doc.moveDown(0.3).font("Helvetica").fontSize(10).fillColor(MUTED);
  doc.text(`${t.period}${colon}${period}`);
  doc.text(`${t.merchantId}${colon}${data.merchant.id}`);
  doc.text(`${t.collected}${colon}${data.paymentsCollected}`);
  if (data.mode === "test") doc.moveDown(0.4).font("Helvetica-Bold").fillColor(WARNING).text(t.testMode);
  doc.moveDown(1);

  const rowHeight = 16;
  const columns = { labelWidth: width - 215, middle: right - 205, middleWidth: 95, amount: right - 110, amountWidth: 110 };
  const rule = (y: number, color = RULE) => doc.moveTo(left, y).lineTo(right, y).lineWidth(0.5).strokeColor(color).stroke();
  const row = (label: string, middle: string, amount: string, style: { bold?: boolean; muted?: boolean } = {}) => {
    const y = doc.y + 4;
    doc.font(style.bold ? "Helvetica-Bold" : "Helvetica").fontSize(10).fillColor(style.muted ? MUTED : INK);
    doc.text(label, left, y, { width: columns.labelWidth, height: rowHeight - 4, ellipsis: true });
    doc.text(middle, columns.middle, y, { width: columns.middleWidth, align: "right", lineBreak: false });
    doc.text(amount, columns.amount, y, { width: columns.amountWidth, align: "right", lineBreak: false });
    doc.x = left;
    doc.y = y - 4 + rowHeight;
  };
  // A table is kept on one page: heading, column names, its rows.
  const table = (heading: string, head: [string, string, string], rows: number, body: () => void) => {
    if (doc.y + (rows + 3) * rowHeight > doc.page.height - doc.page.margins.bottom) doc.addPage();
    doc.font("Helvetica-Bold").fontSize(12).fillColor(INK).text(heading, left, doc.y);
    doc.moveDown(0.3);
    row(...head, { muted: true });
    rule(doc.y);
    body();
    doc.moveDown(0.8);
  };

  const total = (key: "opening" | "closing") => data.balances.reduce((sum, b) => sum + b[key], 0);
  table(t.summary, ["", t.opening, t.closing], data.balances.length + 1, () => {
    for (const b of data.balances) row(BALANCE_LABELS[b.balance][locale], formatXof(b.opening), formatXof(b.closing));
    rule(doc.y, INK);
    row(t.total, formatXof(total("opening")), formatXof(total("closing")), { bold: true });
  });

  for (const b of data.balances) {
    table(BALANCE_LABELS[b.balance][locale], [t.movements, t.entries, t.amount], b.sections.length + 2, () => {
      row(t.opening, "", formatXof(b.opening), { bold: true });
      for (const s of b.sections) {
        const label = STATEMENT_SECTIONS.find((x) => x.id === s.id)!.label[locale];
        row(label, String(s.count), signed(s.amount), { muted: s.count === 0 });
      }
      rule(doc.y, INK);
      row(t.closing, "", formatXof(b.closing), { bold: true });
    });
  }

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Writing inside the bottom margin would otherwise make pdfkit open a new page.
    const marginBottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - 50;
    rule(y - 6);
    doc.font("Helvetica").fontSize(8).fillColor(MUTED);
    doc.text(`${t.source} ${t.generated(formatBamako(data.generatedAt, locale))}`, left, y, { width: width - 70 });
    doc.text(t.page(i - range.start + 1, range.count), right - 70, y, { width: 70, align: "right", lineBreak: false });
    doc.page.margins.bottom = marginBottom;
  }
  doc.end();
  return doc;
}

/** The whole file in memory, for a job that stores it. */
export function statementPdfBuffer(data: StatementData, locale: Locale): Promise<Buffer> {
  return buffer(renderStatementPdf(data, locale));
}
