"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { runAction } from "@/lib/http/action";
import { parseAmountInput } from "@/lib/format/amount-input";
import { ApiError } from "@/lib/core/errors";
import { parseInput } from "@/lib/core/validation";
import type { Locale } from "@/lib/i18n/locale";
import { startLinkCheckout } from "@/lib/links/checkout";
import { LinkCheckoutInput } from "@/lib/links/schemas";
import { confirmPayment } from "@/lib/payments/checkout";

/** What the link form answers when it was posted without JavaScript: the error code to show. */
export type LinkFormState = { code: string | null; at: number };

const field = (formData: FormData, name: string) => {
  const v = formData.get(name);
  return typeof v === "string" ? v : "";
};

/**
 * The link page's form, with or without its script: what POST /v1/payment-links/{slug}/checkout
 * does (same limits per client IP, same validation, startLinkCheckout in one transaction, through
 * the same pipeline), as a form POST, so the number never travels in a URL.
 *
 * One tap: the number just typed is the one the payment carries, so the collection is pushed at
 * once (confirmPayment with that very number, as the checkout's Pay would, with its limits: a
 * subscription's payment already in flight for another number is not pushed) and the
 * customer lands on the checkout's waiting screen. If the push could not be made (operator
 * unreachable, limit reached), the checkout shows the number confirmed and one Pay button.
 */
export async function linkCheckoutFromForm(slug: string, locale: Locale, _prev: LinkFormState, formData: FormData): Promise<LinkFormState> {
  const result = await runAction(await headers(), { name: "linkCheckoutFromForm", limits: ["default", "links.checkout"] }, ({ db }) => {
    const phone = field(formData, "customer_phone");
    if (phone.trim() === "") throw new ApiError("MISSING_PHONE", undefined, { param: "customer_phone" });
    const typedAmount = field(formData, "amount");
    // The one amount parser ("35 000", "5.000", "12 500 FCFA"); unreadable text stays text, which the schema refuses (AMOUNT_OUT_OF_RANGE).
    const body = parseInput(LinkCheckoutInput, { customer_phone: phone, ...(typedAmount.trim() === "" ? {} : { amount: parseAmountInput(typedAmount) ?? typedAmount }) });
    return startLinkCheckout(db, slug, body);
  });
  if (!result.ok) return { code: result.code, at: Date.now() };
  await runAction(await headers(), { name: "linkConfirmFromForm", limits: ["public.pay"], operation: confirmPayment }, ({ db }) => confirmPayment(db, result.value.payment_id, field(formData, "customer_phone")));
  // The checkout on this very origin (redirect_url carries the public origin, which may be another name for it).
  redirect(`${new URL(result.value.redirect_url).pathname}?lang=${locale}`);
}
