import type { PaymentLink } from "@/db/schema";
import { publicBaseUrl } from "@/lib/config";
import type { LinkResource, PublicLink } from "./schemas";

/** The public link page: what the link's `url` and its QR code point at. */
export const linkUrl = (slug: string) => `${publicBaseUrl()}/l/${slug}`;
export const linkQrUrl = (slug: string) => `${publicBaseUrl()}/v1/payment-links/${slug}/qr`;

export type LinkTotals = { totalCollected: number; paymentCount: number };
export const NO_TOTALS: LinkTotals = { totalCollected: 0, paymentCount: 0 };

/** The link as its merchant's key sees it (also the object of any future link events). */
export function linkResource(l: PaymentLink, totals: LinkTotals = NO_TOTALS): LinkResource {
  const price = l.amountMode === "FIXED" ? l.amount : null;
  return {
    id: l.id,
    slug: l.slug,
    url: linkUrl(l.slug),
    qr_code_url: linkQrUrl(l.slug),
    // title and price: the names existing client libraries create links with and read back.
    name: l.name,
    title: l.name,
    description: l.description,
    mode: l.amountMode,
    amount: price,
    price,
    min_amount: l.amountMode === "OPEN" ? l.minAmount : null,
    max_amount: l.amountMode === "OPEN" ? l.maxAmount : null,
    currency: "XOF",
    is_active: l.isActive && !l.archivedAt,
    archived: l.archivedAt !== null,
    archived_at: l.archivedAt?.toISOString() ?? null,
    success_redirect_url: l.successRedirectUrl,
    subscription_id: l.subscriptionId,
    metadata: l.metadata,
    total_collected: totals.totalCollected,
    payment_count: totals.paymentCount,
    livemode: l.mode === "live",
    created_at: l.createdAt.toISOString(),
    updated_at: l.updatedAt.toISOString(),
  };
}

/** What anyone with the slug may read: no totals, metadata or redirect target. */
export function publicLink(l: PaymentLink, merchantName: string): PublicLink {
  const r = linkResource(l);
  return {
    id: r.id, slug: r.slug, url: r.url, name: r.name, title: r.title, description: r.description, mode: r.mode, amount: r.amount,
    price: r.price, min_amount: r.min_amount, max_amount: r.max_amount, currency: r.currency, is_active: r.is_active, livemode: r.livemode,
    merchant_name: merchantName,
  };
}
