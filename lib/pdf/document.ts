import PDFDocument from "pdfkit";
import { toWinAnsi } from "./winansi";

/**
 * A pdfkit document whose text goes through toWinAnsi first, so that no name, address or line a
 * merchant or customer typed is lost from one of our standard-font PDFs. The measuring methods
 * convert too, so a line is wrapped by the width of what is drawn.
 */
export function newPdfDocument(options: PDFKit.PDFDocumentOptions): PDFKit.PDFDocument {
  const doc = new PDFDocument(options);
  const convert = (value: unknown) => (typeof value === "string" ? toWinAnsi(value) : value);
  const text = doc.text.bind(doc) as (...args: unknown[]) => PDFKit.PDFDocument;
  const widthOfString = doc.widthOfString.bind(doc) as (...args: unknown[]) => number;
  const heightOfString = doc.heightOfString.bind(doc) as (...args: unknown[]) => number;
  doc.text = ((value: unknown, ...rest: unknown[]) => text(convert(value), ...rest)) as typeof doc.text;
  doc.widthOfString = ((value: unknown, ...rest: unknown[]) => widthOfString(convert(value), ...rest)) as typeof doc.widthOfString;
  doc.heightOfString = ((value: unknown, ...rest: unknown[]) => heightOfString(convert(value), ...rest)) as typeof doc.heightOfString;
  return doc;
}
