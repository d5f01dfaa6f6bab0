/**
 * Invoice days are calendar days in Mali, which keeps UTC all year (no daylight saving): a day
 * is the UTC date of the merchant's clock (test mode: the sandbox clock).
 */
export const dayOf = (at: Date): string => at.toISOString().slice(0, 10);

export function addDays(day: string, days: number): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return dayOf(at);
}

export const daysBetween = (from: string, to: string): number => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
