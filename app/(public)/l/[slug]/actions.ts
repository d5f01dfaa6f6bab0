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

/** What the link form answers when it was posted without JavaScript: the error code to show. */
export type LinkFormState = { code: string | null; at: number };

const field = (formData: FormData, name: string) => {
  const v = formData.get(name);
  return typeof v === "string" ? v : "";
};

/**
 * The link page's form without JavaScript (a tap before the page's script has loaded, or no
 * script at all): exactly what the script does through POST /v1/payment-links/{slug}/checkout
 * (same limits per client IP, same validation, startLinkCheckout in one transaction, through the same pipeline), as a form
 * POST, so the number never travels in a URL. Success lands on the payment's hosted checkout.
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
  // The checkout on this very origin (redirect_url carries the public origin, which may be another name for it).
  redirect(`${new URL(result.value.redirect_url).pathname}?lang=${locale}`);
}
