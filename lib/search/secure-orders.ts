import { and, desc, eq, inArray, or } from "drizzle-orm";
import { secureOrders } from "@/db/schema";
import type { DomainContext } from "@/lib/context";
import { idCondition, matchOf, phoneCondition, referenceCandidates, strongestFirst, type SearchHit } from "./hits";
import type { SearchQuery } from "./query";

/**
 * Secure orders by id, the service's reference (SO-…, any case), the merchant's client reference
 * or the buyer's phone. Indexes: the primary key, secure_orders_reference_idx,
 * secure_orders_client_ref_idx (merchant_id, mode, client_reference); a phone within
 * secure_orders_list_idx's rows. The status is the stored one: the deadlines job (or opening the
 * order) applies due time rules, a search does not write.
 */
export async function searchSecureOrders(ctx: DomainContext, q: SearchQuery, limit: number): Promise<SearchHit[]> {
  const byId = idCondition(secureOrders.id, q);
  const byReference = or(inArray(secureOrders.reference, referenceCandidates(q)), eq(secureOrders.clientReference, q.text));
  const byPhone = phoneCondition(secureOrders.customerPhone, q);
  const rows = await ctx.db
    .select()
    .from(secureOrders)
    .where(and(eq(secureOrders.merchantId, ctx.merchant.id), eq(secureOrders.mode, ctx.mode), or(byId, byReference, byPhone)))
    .orderBy(strongestFirst(byId, byReference, byPhone), desc(secureOrders.createdAt), desc(secureOrders.id))
    .limit(limit);
  return rows.map((o) => ({
    kind: "secure_order",
    id: o.id,
    label: o.clientReference ? `${o.reference} · ${o.clientReference}` : o.reference,
    detail: [o.description, o.customerName, o.customerPhone].filter(Boolean).join(" · "),
    status: o.status,
    amount: o.amount,
    amount_max: null,
    matched: matchOf(q, { id: o.id, references: [o.reference, o.clientReference], phone: o.customerPhone }),
    path: `/dashboard/secure-orders/${o.id}`,
    created_at: o.createdAt.toISOString(),
  }));
}
