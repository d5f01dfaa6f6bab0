/**
 * XOF has no minor unit, so amounts are whole francs. The separator is a plain ASCII space
 * (not the narrow no-break space of Intl's fr locale) so that server and browser render the
 * same bytes whatever ICU version each ships, and copy-pasted amounts stay plain text.
 */
export function formatXof(amount: number): string {
  if (!Number.isSafeInteger(amount)) {
    throw new RangeError(`formatXof expects a whole number of francs, got ${amount}`);
  }
  const digits = String(Math.abs(amount)).replace(/\B(?=(\d{3})+(?!\d))/g, " ");
  return `${amount < 0 ? "-" : ""}${digits} FCFA`;
}
