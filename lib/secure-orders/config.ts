/** The secure-order rules that are ours where the contract is silent (all in docs/decisions/secure-orders.md). */

export const SECURE_ORDER_LIMITS = {
  amountMin: 100,
  amountMax: 10_000_000,
  descriptionMin: 2,
  descriptionMax: 200,
  customerNameMax: 100,
  clientReferenceMax: 64,
  cancelReasonMax: 300,
  disputeReasonMin: 3,
  disputeReasonMax: 500,
  deliveryHoursMin: 1,
  deliveryHoursMax: 720,
  deliveryHoursDefault: 72,
  searchMax: 100,
} as const;

/** Wrong delivery codes allowed before the code locks. */
export const MAX_CODE_ATTEMPTS = 5;

/**
 * Hours the buyer has to pay after creation (`pay_before` = created_at + this); past it an
 * unpaid order is CANCELLED. `SECURE_ORDER_PAY_WINDOW_HOURS`, default 24.
 */
export function payWindowHours(): number {
  const v = Number(process.env.SECURE_ORDER_PAY_WINDOW_HOURS);
  return Number.isFinite(v) && v >= 1 ? Math.floor(v) : 24;
}
