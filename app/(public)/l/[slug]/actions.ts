"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { db, type Database } from "@/db/client";
import { clientIpOf } from "@/lib/http/client-ip";
import { ApiError } from "@/lib/http/errors";
import { hitRateLimits } from "@/lib/http/rate-limit";
import { parseInput } from "@/lib/http/validation";
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
 * (same limit per client IP, same validation, startLinkCheckout in one transaction), as a form
 * POST, so the number never travels in a URL. Success lands on the payment's hosted checkout.
 */
export async function linkCheckoutFromForm(slug: string, locale: Locale, _prev: LinkFormState, formData: FormData): Promise<LinkFormState> {
  let checkoutPath: string;
  try {
    const rate = await hitRateLimits(`ip:${clientIpOf(await headers())}`, ["default", "links.checkout"]);
    if (rate.exceeded) throw new ApiError("RATE_LIMIT_EXCEEDED");
    const phone = field(formData, "customer_phone");
    if (phone.trim() === "") throw new ApiError("MISSING_PHONE", undefined, { param: "customer_phone" });
    const typedAmount = field(formData, "amount").replace(/\s/g, "");
    const body = parseInput(LinkCheckoutInput, { customer_phone: phone, ...(typedAmount === "" ? {} : { amount: Number(typedAmount) }) });
    const result = await db().transaction((tx) => startLinkCheckout(tx as unknown as Database, slug, body));
    // The checkout on this very origin (redirect_url carries the public origin, which may be another name for it).
    checkoutPath = `${new URL(result.redirect_url).pathname}?lang=${locale}`;
  } catch (error) {
    if (error instanceof ApiError) return { code: error.code, at: Date.now() };
    throw error;
  }
  redirect(checkoutPath);
}
