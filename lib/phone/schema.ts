import { z } from "zod";
import { ApiError, type ErrorCode } from "@/lib/core/errors";
import { input, type FieldCodes, type InputSpec } from "@/lib/core/validation";
import { parsePhone, phoneProblemMessage, type PhoneRule } from "./parse";

/**
 * Server side of the phone rule (lib/phone/parse.ts): request fields that hold a number. A
 * refused number is a 400 whose message says what is wrong and what to send, under the
 * route's code (INVALID_PHONE, MISSING_PHONE).
 */

export type PhoneFieldOptions = {
  /** The field as the client names it, for `param` and the message. */
  field: string;
  rule?: PhoneRule;
  /** Code when the field is absent, null or blank (default MISSING_PHONE). */
  missing?: ErrorCode;
  /** Code when it is not a phone number (default INVALID_PHONE). */
  invalid?: ErrorCode;
  /** Documentation of the field; a default per rule. */
  describe?: string;
};

export const DESCRIBE_LENIENT =
  "Mobile-money number: 8 digits for Mali (76 55 44 33), or with its country code (+223 76 55 44 33, 0022376554433, 22376554433); another country's as + and 8 to 15 digits. Spaces, dots and dashes are ignored. Stored and returned in E.164 (+22376554433).";
export const DESCRIBE_INTERNATIONAL =
  "International format with a leading +: the country code and number, 8 to 15 digits (e.g. +22376554433). Spaces, dots and dashes are ignored; stored and returned in E.164.";

type Refusal = { code: ErrorCode; message: string };

function check(raw: unknown, options: PhoneFieldOptions): { e164: string } | Refusal {
  const rule = options.rule ?? "lenient";
  const parsed = parsePhone(raw, rule);
  if (parsed.ok) return { e164: parsed.e164 };
  const code = parsed.reason === "missing" ? (options.missing ?? "MISSING_PHONE") : (options.invalid ?? "INVALID_PHONE");
  return { code, message: phoneProblemMessage(options.field, parsed.reason, parsed.digits, rule) };
}

/** The E.164 form of `raw`, or the route's 400 (hand-written body checks). */
export function requirePhone(raw: unknown, options: PhoneFieldOptions): string {
  const checked = check(raw, options);
  if ("e164" in checked) return checked.e164;
  throw new ApiError(checked.code, checked.message, { param: options.field });
}

const PHONE_ISSUE = "cauriPhone";

/**
 * A schema field holding a phone number: becomes E.164, or an issue carrying the phone
 * module's message, in the field's place among the other fields' issues. Documented as the
 * string the client sends. Use with `phoneInput` (which turns that issue into the 400);
 * `.optional()` for an optional field.
 */
export function phoneField(options: PhoneFieldOptions) {
  const rule = options.rule ?? "lenient";
  return z.preprocess(
    (raw, ctx) => {
      const checked = check(raw, options);
      if ("e164" in checked) return checked.e164;
      ctx.addIssue({ code: "custom", message: checked.message, input: raw, params: { [PHONE_ISSUE]: checked.code } });
      return raw;
    },
    z.string().describe(options.describe ?? (rule === "international" ? DESCRIBE_INTERNATIONAL : DESCRIBE_LENIENT)),
  );
}

/**
 * `input()` for a schema with `phoneField`s: when the first problem of a request is a phone
 * field's, it is answered with that field's code and the phone module's message (parseInput
 * would give the catalogue's generic text). Other problems are answered as `input()` does.
 */
export function phoneInput<S extends z.ZodType>(schema: S, codes?: FieldCodes): InputSpec<z.ZodPreprocess<S, unknown>> {
  const guarded = z.preprocess((raw) => {
    const result = schema.safeParse(raw);
    const first = result.success ? undefined : result.error.issues[0];
    const code = first?.code === "custom" ? (first.params?.[PHONE_ISSUE] as ErrorCode | undefined) : undefined;
    if (first && code) throw new ApiError(code, first.message, { param: first.path.map(String).join(".") });
    return raw;
  }, schema);
  return input(guarded, codes);
}
