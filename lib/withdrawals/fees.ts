/**
 * The one withdrawal fee rule, shared by GET /v1/withdrawals/quote and POST /v1/withdrawals:
 * fee = max(100, ⌈amount × 1 %⌉) FCFA — 1 % of the amount rounded UP to the whole franc, at least
 * 100 FCFA — deducted from the amount (net_amount = amount − fee).
 */
export const WITHDRAWAL_MIN = 50_000;
export const WITHDRAWAL_MAX = 5_000_000;
export const WITHDRAWAL_FEE_BPS = 100;
export const WITHDRAWAL_FEE_MIN = 100;

export function withdrawalFee(amount: number): number {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError(`withdrawal amount must be a positive integer, got ${amount}`);
  // Integer arithmetic: ⌈a × bps / 10 000⌉ without floating-point error.
  const percent = Math.floor((amount * WITHDRAWAL_FEE_BPS + 9_999) / 10_000);
  return Math.max(WITHDRAWAL_FEE_MIN, percent);
}

export type WithdrawalQuote = { amount: number; fee: number; net_amount: number; currency: "XOF"; min: number; max: number };

export function quoteWithdrawal(amount: number): WithdrawalQuote {
  const fee = withdrawalFee(amount);
  return { amount, fee, net_amount: amount - fee, currency: "XOF", min: WITHDRAWAL_MIN, max: WITHDRAWAL_MAX };
}
