import { inflateSync } from "node:zlib";
import { db } from "@/db/client";
import type { LedgerAccount } from "@/db/schema";
import { postJournal } from "@/lib/ledger/post";

/**
 * The text a PDF shows, one string per text operator (Tj, or a TJ array joined across its kerning
 * numbers), decoded as the WinAnsi bytes pdfkit writes for its standard fonts. Deflated content
 * streams are inflated first. Enough for pdfkit's output, not for PDFs in general.
 */
export function pdfText(pdf: Buffer): string[] {
  const out: string[] = [];
  const raw = pdf.toString("latin1");
  for (const match of raw.matchAll(/<<([^]*?)>>\s*stream\r?\n/g)) {
    const start = match.index! + match[0].length;
    const end = raw.indexOf("endstream", start);
    const bytes = pdf.subarray(start, end);
    let content: string;
    try {
      content = (/\/FlateDecode/.test(match[1]) ? inflateSync(bytes) : bytes).toString("latin1");
    } catch {
      continue;
    }
    for (const op of content.matchAll(/\[((?:<[0-9a-fA-F]*>|\s|-?[\d.]+)*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      const hex = op[1] !== undefined ? [...op[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]).join("") : op[2];
      out.push(Buffer.from(hex, "hex").toString("latin1"));
    }
  }
  return out;
}

let seq = 0;

/** Posts one balanced journal for a merchant in test mode at a chosen instant, as the domain code would. */
export function postAt(merchantId: string, at: string, kind: string, entries: [LedgerAccount, number][]) {
  return postJournal(db(), {
    merchantId,
    mode: "test",
    kind,
    refType: kind.split(".")[0] === "partner" ? "partner_royalty" : "payment",
    refId: `stmt_${Date.now()}_${++seq}`,
    entries: entries.map(([account, amount]) => ({ account, amount })),
    at: new Date(at),
  });
}

/** A direct payment collected at `at`: gross in, fee out to the platform (lib/payments/settle.ts). */
export const collectedAt = (merchantId: string, at: string, amount: number, fee: number) =>
  postAt(merchantId, at, "payment.collected", [
    ["operator_clearing", -amount],
    ["merchant_available", amount],
    ["merchant_available", -fee],
    ["platform_fees", fee],
  ]);
