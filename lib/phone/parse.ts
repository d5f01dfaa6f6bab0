/**
 * The one phone-number rule of the service. Every route, page, form and job that takes a phone
 * number reads it here, and every number is stored in E.164 (`+` then 8 to 15 digits, no
 * spaces). Pure TypeScript without server imports: client components use it too.
 *
 * What is accepted (the "lenient" rule, every entry point but POST /v1/payments and OPR):
 * - separators are ignored: spaces (including non-breaking ones), dots, dashes and brackets,
 *   so `76 55 44 33`, `76.55.44.33`, `(+223) 76-55-44-33` are all fine;
 * - 8 digits without prefix are a Mali number: `76554433` → `+22376554433` (Mali has no
 *   trunk 0 and every Mali number has 8 digits);
 * - `00` is the international prefix: `0022376554433` → `+22376554433`;
 * - `+` followed by a country code and number, 8 to 15 digits in all, is kept as is;
 * - 9 to 15 digits without prefix are an international number without its `+` (the contract's
 *   "8 to 15 digits, optional leading +"): `22376554433` → `+22376554433`;
 * - a Mali number (+223) must have exactly 8 digits after 223, not starting with 0, and no
 *   country code starts with 0: such numbers are refused rather than pushed to a number that
 *   cannot exist (`076554433`, `+223 7655443`, `07655443`).
 *
 * The "international" rule (POST /v1/payments and POST /v1/opr/create, whose contract says
 * "international format with leading +") also requires the leading `+`; separators are
 * still ignored.
 */

export const MALI_COUNTRY_CODE = "223";
/** Digits of a Mali subscriber number (after +223). */
export const MALI_NUMBER_DIGITS = 8;
/** E.164 bounds, country code included (the contract's "8 to 15 digits"). */
export const PHONE_DIGITS_MIN = 8;
export const PHONE_DIGITS_MAX = 15;
/** Characters accepted as typed, separators included (the withdrawal contract's 32). */
export const PHONE_INPUT_MAX_LENGTH = 32;

export type PhoneRule = "lenient" | "international";

export type PhoneProblem =
  /** Absent, null or blank. */
  | "missing"
  /** Not a string (a JSON number, for instance). */
  | "not_text"
  /** More than PHONE_INPUT_MAX_LENGTH characters as typed. */
  | "input_too_long"
  /** Letters or symbols other than digits, separators and one leading +. */
  | "characters"
  /** The international rule: no leading +. */
  | "plus_required"
  /** Fewer digits than a number can have. */
  | "too_short"
  /** More than 15 digits. */
  | "too_long"
  /** A country code or a Mali number starting with 0. */
  | "leading_zero"
  /** +223 followed by anything but 8 digits. */
  | "mali_length";

export type PhoneParse = { ok: true; e164: string } | { ok: false; reason: PhoneProblem; digits: number };

/** Ignored wherever they appear: whitespace (non-breaking spaces too), dots, dashes, brackets. */
const SEPARATORS = /[\s.\-()]/g;

/**
 * Reads what someone typed or sent as a phone number. Returns the E.164 form, or why it was
 * refused (with the digit count, for the message).
 */
export function parsePhone(raw: unknown, rule: PhoneRule = "lenient"): PhoneParse {
  const refuse = (reason: PhoneProblem, digits = 0): PhoneParse => ({ ok: false, reason, digits });
  if (raw === undefined || raw === null) return refuse("missing");
  if (typeof raw !== "string") return refuse("not_text");
  const typed = raw.trim();
  if (typed === "") return refuse("missing");
  if (raw.length > PHONE_INPUT_MAX_LENGTH) return refuse("input_too_long");
  const compact = typed.replace(SEPARATORS, "");
  // Digits and one + in front, once separators are dropped ("(+223) 76…" and "+ 223 …" are fine).
  if (!/^\+?\d*$/.test(compact)) return refuse("characters");
  let digits: string;
  if (compact.startsWith("+")) digits = compact.slice(1);
  else if (rule === "international") return refuse("plus_required");
  else if (compact.startsWith("00") && compact.length > 2) digits = compact.slice(2);
  // Eight digits alone are a Mali number, then checked like a typed +223 one.
  else digits = compact.length === MALI_NUMBER_DIGITS ? `${MALI_COUNTRY_CODE}${compact}` : compact;
  if (digits.length < PHONE_DIGITS_MIN) return refuse("too_short", digits.length);
  if (digits.length > PHONE_DIGITS_MAX) return refuse("too_long", digits.length);
  if (digits.startsWith("0")) return refuse("leading_zero", digits.length);
  if (digits.startsWith(MALI_COUNTRY_CODE)) {
    if (digits.length !== MALI_COUNTRY_CODE.length + MALI_NUMBER_DIGITS) return refuse("mali_length", digits.length);
    if (digits[MALI_COUNTRY_CODE.length] === "0") return refuse("leading_zero", digits.length);
  }
  return { ok: true, e164: `+${digits}` };
}

/** The E.164 form, or null when the input is not a phone number under `rule`. */
export function normalizePhone(raw: unknown, rule: PhoneRule = "lenient"): string | null {
  const parsed = parsePhone(raw, rule);
  return parsed.ok ? parsed.e164 : null;
}

/**
 * Whether two numbers are the same phone, however each was typed: both are read with the
 * lenient rule; an unreadable one matches nothing.
 */
export function samePhone(a: unknown, b: unknown): boolean {
  const x = normalizePhone(a);
  return x !== null && x === normalizePhone(b);
}

/**
 * A search term as the digits to look for in stored E.164 numbers (list filters): a whole number
 * in any accepted form gives its E.164 digits ("76 55 44 33" → "22376554433"), a fragment its
 * digits ("55 44" → "5544"). Null when the term is not made of digits and separators (a name,
 * a reference), so it is matched as typed.
 */
export function phoneSearchDigits(term: string): string | null {
  const compact = term.trim().replace(SEPARATORS, "");
  if (!/^\+?\d+$/.test(compact)) return null;
  return normalizePhone(term)?.slice(1) ?? compact.replace(/^\+/, "");
}

/** What to send, for messages: the accepted forms with an example. */
export const PHONE_ACCEPTED: Record<PhoneRule, string> = {
  lenient:
    "Send a Mali number as 8 digits (76 55 44 33) or with its country code (+223 76 55 44 33 or 0022376554433), or another country's as + then the country code and number, 8 to 15 digits in all (+221 77 123 45 67). Spaces, dots and dashes are ignored.",
  international:
    "Send it in international format: + then the country code and number, 8 to 15 digits in all, e.g. +22376554433 (a Mali number is +223 and its 8 digits). Spaces, dots and dashes are ignored.",
};

function problemText(reason: PhoneProblem, digits: number, rule: PhoneRule): string {
  switch (reason) {
    case "missing":
      return "is required";
    case "not_text":
      return "must be a string";
    case "input_too_long":
      return `must be at most ${PHONE_INPUT_MAX_LENGTH} characters`;
    case "characters":
      return "may only contain digits, one leading +, and spaces, dots, dashes or brackets";
    case "plus_required":
      return "must start with + and the country code";
    case "too_short":
      return rule === "lenient"
        ? `has ${digits} digit${digits === 1 ? "" : "s"}: a Mali number has ${MALI_NUMBER_DIGITS}, an international one ${PHONE_DIGITS_MIN} to ${PHONE_DIGITS_MAX}`
        : `has ${digits} digit${digits === 1 ? "" : "s"}, fewer than ${PHONE_DIGITS_MIN}`;
    case "too_long":
      return `has ${digits} digits, more than ${PHONE_DIGITS_MAX}`;
    case "leading_zero":
      return "starts with 0, which no country code or Mali number does (Mali has no leading 0: 76 55 44 33, not 076 55 44 33)";
    case "mali_length":
      return `starts with the Mali code 223 followed by ${digits - MALI_COUNTRY_CODE.length} digits instead of ${MALI_NUMBER_DIGITS}`;
  }
}

/** The error message for a refused number: what is wrong with `field`, then what to send. */
export function phoneProblemMessage(field: string, reason: PhoneProblem, digits = 0, rule: PhoneRule = "lenient"): string {
  return `${field} ${problemText(reason, digits, rule)}. ${PHONE_ACCEPTED[rule]}`;
}
