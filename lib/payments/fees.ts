import { paymentFeeSchedule } from "@/lib/config";

/**
 * The collection fee of a payment: ceil(amount × bps / 10 000) + fixed, at least the minimum and
 * never more than the amount. Default 2 % (200 bps), no fixed part, minimum 25 FCFA.
 */
export function paymentFee(amount: number, schedule = paymentFeeSchedule()): number {
  const fee = Math.ceil((amount * schedule.basisPoints) / 10_000) + schedule.fixed;
  return Math.min(Math.max(fee, schedule.minimum), amount);
}
