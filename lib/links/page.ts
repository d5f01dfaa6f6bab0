import type { Database } from "@/db/client";
import { ApiError } from "@/lib/core/errors";
import { findPaymentPublic } from "@/lib/payments/get";
import type { PublicLink } from "./schemas";
import { publicLink } from "./serialize";
import { getPublicLinkRow } from "./service";

export type LinkPageView =
  | { state: "missing" }
  | { state: "archived" }
  | { state: "open"; link: PublicLink; merchantId: string; paid: { amount: number; paymentId: string } | null };

/**
 * What the public link page (/l/{slug}) shows. `paymentId` is set when the hosted checkout sends
 * the customer back here (links without success_redirect_url): the thank-you view is shown only
 * for a SUCCESS payment made through this very link.
 */
export async function linkPageView(db: Database, slug: string, paymentId?: string): Promise<LinkPageView> {
  // PostgreSQL cannot compare text with a NUL (a %00 in the URL): no link has one.
  if (slug.includes("\u0000")) return { state: "missing" };
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
  return { state: "open", link: publicLink(row.link, row.merchantName), merchantId: row.link.merchantId, paid };
}

/** The HTTP status of the link page: 410 once the link is deleted (the contract's "the public URL answers 410"), 404 for no such link. */
export async function linkPageStatus(db: Database, slug: string): Promise<200 | 404 | 410> {
  const view = await linkPageView(db, slug);
  return view.state === "archived" ? 410 : view.state === "missing" ? 404 : 200;
}
