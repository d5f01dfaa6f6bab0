import { MALI_COUNTRY_CODE, MALI_NUMBER_DIGITS } from "@/lib/phone/parse";

/**
 * Phone numbers as people read them. Stored numbers are E.164 (lib/phone/parse.ts); a Mali
 * number shows as `+223 70 00 00 01`, the way it is printed on cards and said aloud. Another
 * country's number keeps its code and the rest in pairs (an odd count leads with three), the
 * common pattern in francophone Africa; anything that is not E.164 is shown as given. Pure, for
 * client and server alike.
 */
export function formatPhone(e164: string): string {
  const parts = phoneParts(e164);
  if (!parts) return e164;
  return `+${parts.country} ${pairs(parts.number).join(" ")}`;
}

/**
 * A number shown to someone who may not be its owner (a customer page anyone with the link can
 * open): the country, the first pair and the last pair, the rest hidden: `+223 76 •• •• 33`.
 */
export function maskPhone(e164: string): string {
  const parts = phoneParts(e164);
  if (!parts) return "••";
  const groups = pairs(parts.number);
  return `+${parts.country} ${groups.map((g, i) => (i === 0 || i === groups.length - 1 ? g : "•".repeat(g.length))).join(" ")}`;
}

function phoneParts(e164: string): { country: string; number: string } | null {
  if (!/^\+\d{8,15}$/.test(e164)) return null;
  const digits = e164.slice(1);
  if (digits.startsWith(MALI_COUNTRY_CODE) && digits.length === MALI_COUNTRY_CODE.length + MALI_NUMBER_DIGITS) {
    return { country: MALI_COUNTRY_CODE, number: digits.slice(MALI_COUNTRY_CODE.length) };
  }
  // Most African codes have three digits (+225, +221, +226); others are shown split after three as well.
  return { country: digits.slice(0, 3), number: digits.slice(3) };
}

/** Groups of two from the end; an odd count leads with three rather than a lone digit: "771234567" → ["771", "23", "45", "67"]. */
function pairs(digits: string): string[] {
  const lead = digits.length % 2 === 1 && digits.length >= 3 ? 3 : digits.length % 2;
  const groups = lead ? [digits.slice(0, lead)] : [];
  for (let start = lead; start < digits.length; start += 2) groups.push(digits.slice(start, start + 2));
  return groups;
}
