/**
 * Reads an amount in FCFA as people type it: "35000", "35 000" (also with the no-break spaces that
 * copy-paste from a formatted amount brings), "35.000" or "35,000", optionally followed by "FCFA",
 * "F CFA", "F" or "XOF". The franc CFA has no subunit, so a separator is always a thousands
 * separator and must be followed by exactly three digits; anything else ("35,5", "3 50") is null
 * rather than a guess, and every amount form says so beside the field.
 */
const CURRENCY = /\s*(?:f\s*cfa|fcfa|xof|f)\s*$/i;
const PLAIN = /^\d+$/;
const GROUPED = /^\d{1,3}(?:([ .,\u00a0\u202f])\d{3})(?:\1\d{3})*$/;

export function parseAmountInput(text: string): number | null {
  const raw = text.trim().replace(CURRENCY, "").trim();
  if (!PLAIN.test(raw) && !GROUPED.test(raw)) return null;
  const n = Number(raw.replace(/\D/g, ""));
  return Number.isSafeInteger(n) ? n : null;
}
