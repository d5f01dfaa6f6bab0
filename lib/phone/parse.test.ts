import { describe, expect, it } from "vitest";
import { normalizePhone, parsePhone, phoneProblemMessage, phoneSearchDigits, samePhone, type PhoneProblem } from "./parse";

const NBSP = "\u00a0";
const NNBSP = "\u202f";

describe("parsePhone (lenient: every entry point but POST /v1/payments and OPR)", () => {
  it.each<[string, string]>([
    // Mali, 8 digits alone
    ["76554433", "+22376554433"],
    ["76 55 44 33", "+22376554433"],
    ["76.55.44.33", "+22376554433"],
    ["76-55-44-33", "+22376554433"],
    [" 76 55 44 33 ", "+22376554433"],
    [`76${NBSP}55${NNBSP}44 33`, "+22376554433"],
    ["20 22 33 44", "+22320223344"],
    // Mali with its country code
    ["+22376554433", "+22376554433"],
    ["+223 76 55 44 33", "+22376554433"],
    ["+223.76.55.44.33", "+22376554433"],
    ["+223-76-55-44-33", "+22376554433"],
    ["(+223) 76 55 44 33", "+22376554433"],
    ["+ 223 76 55 44 33", "+22376554433"],
    ["0022376554433", "+22376554433"],
    ["00 223 76 55 44 33", "+22376554433"],
    ["22376554433", "+22376554433"],
    ["223 76 55 44 33", "+22376554433"],
    // Other countries: + or 00, 8 to 15 digits in all
    ["+221 77 123 45 67", "+221771234567"],
    ["00221771234567", "+221771234567"],
    ["+68212345", "+68212345"],
    ["+123456789012345", "+123456789012345"],
    ["123456789012345", "+123456789012345"],
  ])("%j → %s", (raw, e164) => expect(parsePhone(raw)).toEqual({ ok: true, e164 }));

  it.each<[unknown, PhoneProblem, number?]>([
    [undefined, "missing"],
    [null, "missing"],
    ["", "missing"],
    ["   ", "missing"],
    [76554433, "not_text"],
    [{ phone: "76554433" }, "not_text"],
    ["7655443", "too_short", 7],
    ["76 55 44 3", "too_short", 7],
    ["+1234567", "too_short", 7],
    ["+", "too_short", 0],
    ["00", "too_short", 2],
    ["+1234567890123456", "too_long", 16],
    ["1234567890123456", "too_long", 16],
    ["0012345678901234567", "too_long", 17],
    ["+223 7655443", "mali_length", 10],
    ["+223 76 55 44 333", "mali_length", 12],
    ["00223 7655443", "mali_length", 10],
    ["2237655443", "mali_length", 10],
    ["076554433", "leading_zero", 9],
    ["07655443", "leading_zero", 11],
    ["+223 06 55 44 33", "leading_zero", 11],
    ["+0123456789", "leading_zero", 10],
    ["abc", "characters"],
    ["76 55 44 3a", "characters"],
    ["+223 76 55 44 33 ext 2", "characters"],
    ["76+554433", "characters"],
    ["++22376554433", "characters"],
    ["+223/76554433", "characters"],
    ["7".repeat(33), "input_too_long"],
  ])("%j → %s", (raw, reason, digits = 0) => expect(parsePhone(raw)).toEqual({ ok: false, reason, digits }));

  it("takes up to 32 characters as typed, separators included (the withdrawal limit)", () => {
    const p32 = "+223  -  76  -  55  -  44  -  33";
    expect(p32).toHaveLength(32);
    expect(normalizePhone(p32)).toBe("+22376554433");
    expect(parsePhone(`${p32} `).ok).toBe(false);
  });
});

describe("parsePhone (international: POST /v1/payments and OPR)", () => {
  it.each([
    ["+22376554433", "+22376554433"],
    ["+223 76 55 44 33", "+22376554433"],
    ["+221 77 123 45 67", "+221771234567"],
  ])("%j → %s", (raw, e164) => expect(parsePhone(raw, "international")).toEqual({ ok: true, e164 }));

  it.each<[string, PhoneProblem]>([
    ["76554433", "plus_required"],
    ["76 55 44 33", "plus_required"],
    ["0022376554433", "plus_required"],
    ["22376554433", "plus_required"],
    ["+223 7655443", "mali_length"],
    ["+1234567", "too_short"],
  ])("%j → %s", (raw, reason) => expect(parsePhone(raw, "international")).toMatchObject({ ok: false, reason }));
});

describe("messages", () => {
  it("say what is wrong and show an accepted example", () => {
    const lenient = phoneProblemMessage("customer_phone", "too_short", 7);
    expect(lenient).toMatch(/^customer_phone has 7 digits: a Mali number has 8/);
    expect(lenient).toContain("76 55 44 33");
    expect(lenient).toContain("+223 76 55 44 33");
    const strict = phoneProblemMessage("customer_phone", "plus_required", 8, "international");
    expect(strict).toMatch(/^customer_phone must start with \+ and the country code\. Send it in international format/);
    expect(strict).toContain("+22376554433");
    expect(phoneProblemMessage("phone_number", "missing")).toMatch(/^phone_number is required\. /);
  });
});

describe("samePhone (the buyer page's “is this your number”)", () => {
  it.each(["76 55 44 33", "76554433", "+22376554433", "+223 76 55 44 33", "0022376554433", "22376554433"])("%j is +22376554433", (typed) => {
    expect(samePhone(typed, "+22376554433")).toBe(true);
  });
  it("refuses another number and anything unreadable", () => {
    expect(samePhone("76 55 44 34", "+22376554433")).toBe(false);
    expect(samePhone("abc", "abc")).toBe(false);
    expect(samePhone("", "")).toBe(false);
  });
});

describe("phoneSearchDigits (list filters)", () => {
  it.each<[string, string | null]>([
    ["76 55 44 33", "22376554433"],
    ["+223 76 55 44 33", "22376554433"],
    ["0022376554433", "22376554433"],
    ["55 44", "5544"],
    ["+223", "223"],
    ["Awa", null],
    ["SO-ABC123", null],
  ])("%j → %s", (term, digits) => expect(phoneSearchDigits(term)).toBe(digits));
});
