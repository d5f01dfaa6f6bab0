import { parseAmountInput } from "@/lib/format/amount-input";
import type { LinksCopy } from "./copy";

/**
 * An amount field of a links form, read with the one amount parser ("35 000", "5.000",
 * "12 500 FCFA"): the whole francs to send, or the sentence to show beside the field. The bounds
 * (100 to 5,000,000, min at most max) are the API's to judge, so they live in one place.
 */
export function readAmountField(form: FormData, name: string, t: LinksCopy): { value: number; error?: never } | { value?: never; error: string } {
  const text = String(form.get(name) ?? "");
  if (text.trim() === "") return { error: t.amountMissing };
  const value = parseAmountInput(text);
  return value === null ? { error: t.amountFormat } : { value };
}
