import type { InvoiceLine } from "@/db/schema";
import { ApiError } from "@/lib/core/errors";
import { INVOICE_LIMITS } from "./schemas";

type LineInput = { description: string; quantity: number; unit_amount: number };

/** Each line's amount and the invoice's total, computed here and nowhere else. */
export function priceLines(input: LineInput[]): { lines: InvoiceLine[]; total: number } {
  const lines = input.map((l) => ({ description: l.description, quantity: l.quantity, unit_amount: l.unit_amount, amount: l.quantity * l.unit_amount }));
  return { lines, total: lines.reduce((sum, l) => sum + l.amount, 0) };
}

/** A draft may be incomplete but never more than one payment can collect; finalizing needs the minimum too. */
export function assertTotal(total: number, { final }: { final: boolean }): void {
  if (total > INVOICE_LIMITS.totalMax || (final && total < INVOICE_LIMITS.totalMin)) {
    throw new ApiError(
      "INVOICE_TOTAL_OUT_OF_RANGE",
      `This invoice's total is ${total} XOF; it must be between ${INVOICE_LIMITS.totalMin} and ${INVOICE_LIMITS.totalMax} XOF (the limits of one payment). Change the lines, or split it into several invoices.`,
      { param: "lines" },
    );
  }
}
