import type { Database } from "@/db/client";
import { ApiError } from "@/lib/http/errors";
import { findPaymentPublic } from "@/lib/payments/get";
import { SLUG_PATTERN, type PublicLink } from "./schemas";
import { publicLink } from "./serialize";
import { getPublicLinkRow } from "./service";

export type LinkPageView =
  | { state: "missing" }
  | { state: "archived" }
  | { state: "open"; link: PublicLink; paid: { amount: number; paymentId: string } | null };

/**
 * What the public link page (/l/{slug}) shows. `paymentId` is set when the hosted checkout sends
 * the customer back here (links without success_redirect_url): the thank-you view is shown only
 * for a SUCCESS payment made through this very link.
 */
export async function linkPageView(db: Database, slug: string, paymentId?: string): Promise<LinkPageView> {
  // No stored slug is outside the pattern; anything else (e.g. %00, which PostgreSQL cannot compare) is missing.
  if (!SLUG_PATTERN.test(slug)) return { state: "missing" };
  let row: Awaited<ReturnType<typeof getPublicLinkRow>>;
  try {
    row = await getPublicLinkRow(db, slug);
  } catch (error) {
    if (error instanceof ApiError && error.code === "LINK_ARCHIVED") return { state: "archived" };
    if (error instanceof ApiError && error.code === "LINK_NOT_FOUND") return { state: "missing" };
    throw error;
  }
  let paid: { amount: number; paymentId: string } | null = null;
  if (paymentId && /^txn_[0-9a-z]{10,40}$/.test(paymentId)) {
    try {
      const { payment } = await findPaymentPublic(db, paymentId);
      if (payment.purpose === "payment_link" && payment.purposeRef === row.link.id && payment.status === "SUCCESS") paid = { amount: payment.amount, paymentId: payment.id };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    }
  }
  return { state: "open", link: publicLink(row.link, row.merchantName), paid };
}
