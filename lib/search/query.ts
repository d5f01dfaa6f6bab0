import { z } from "zod";
import { ApiError } from "@/lib/core/errors";
import { input } from "@/lib/core/validation";
import { normalizePhone, phoneSearchDigits } from "@/lib/phone/parse";
import { PHONE_MIN_DIGITS, SEARCH_MAX_LENGTH } from "./limits";

/**
 * What a merchant typed, read once: the text as typed (trimmed) for ids and references, and when
 * it is made of digits and separators, the digits to find in stored E.164 numbers. `phoneTooShort`
 * says a phone was typed with fewer than PHONE_MIN_DIGITS digits: it matches no number, and the
 * page says why.
 */
export type SearchQuery = {
  text: string;
  phone: { digits: string; e164: string | null } | null;
  phoneTooShort: boolean;
};

/** GET /dashboard-api/search?q=: a string; its length is checked by readSearchQuery with a message naming the rule. */
export const SearchInput = input(z.object({ q: z.string().optional().describe(`1 to ${SEARCH_MAX_LENGTH} characters: an id, a reference or a phone number.`) }), { q: "INVALID_SEARCH" });

export function readSearchQuery(raw: unknown): SearchQuery {
  const text = typeof raw === "string" ? raw.trim() : "";
  if (text === "") {
    throw new ApiError("INVALID_SEARCH", "q is required: type an id (txn_…), a reference, a link name or at least 4 digits of a phone number.", { param: "q" });
  }
  if (text.length > SEARCH_MAX_LENGTH) {
    throw new ApiError("INVALID_SEARCH", `q has ${text.length} characters; a search has at most ${SEARCH_MAX_LENGTH}. Type an id, a reference or a phone number.`, { param: "q" });
  }
  const digits = phoneSearchDigits(text);
  if (digits === null) return { text, phone: null, phoneTooShort: false };
  if (digits.length < PHONE_MIN_DIGITS) return { text, phone: null, phoneTooShort: true };
  return { text, phone: { digits, e164: normalizePhone(text) }, phoneTooShort: false };
}
