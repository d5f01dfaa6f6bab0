import type { PartnerProduct, PartnerRoyalty } from "@/db/schema";
import type { PartnerProductResource } from "./schemas";

/** A product as `viewerId` sees it: the review note is the proposer's business only. */
export function partnerProductResource(p: PartnerProduct, viewerId: string | null): PartnerProductResource {
  const owned = viewerId === p.merchantId;
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    price: p.price,
    currency: "XOF",
    image_url: p.imageUrl,
    status: p.status,
    review_note: owned ? p.reviewNote : null,
    owned,
    livemode: p.mode === "live",
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}

export const partnerRoyaltyResource = (r: PartnerRoyalty) => ({
  id: r.id,
  month: r.month,
  sales_count: r.salesCount,
  sales_volume: r.salesVolume,
  rate_bps: r.rateBps,
  amount: r.amount,
  currency: "XOF" as const,
  created_at: r.createdAt.toISOString(),
});
