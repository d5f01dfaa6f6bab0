import { and, desc, eq, or } from "drizzle-orm";
import { customers } from "@/db/schema";
import type { DomainContext } from "@/lib/context";
import { idCondition, matchOf, nameCondition, phoneCondition, strongestFirst, type SearchHit } from "./hits";
import type { SearchQuery } from "./query";

/**
 * The merchant's customers (billing) by id, phone or part of the name. Indexes: the primary key,
 * customers_phone_idx (merchant_id, mode, phone) for a whole number; a part of a number or of a
 * name within the merchant's and mode's rows. A customer has no status or amount of its own.
 */
export async function searchCustomers(ctx: DomainContext, q: SearchQuery, limit: number): Promise<SearchHit[]> {
  const byId = idCondition(customers.id, q);
  const byPhone = phoneCondition(customers.phone, q);
  // Digits are a phone, not a name: a whole number then reads customers_phone_idx alone.
  const byName = q.phone || q.phoneTooShort ? undefined : nameCondition(customers.name, q);
  const rows = await ctx.db
    .select()
    .from(customers)
    .where(and(eq(customers.merchantId, ctx.merchant.id), eq(customers.mode, ctx.mode), or(byId, byPhone, byName)))
    .orderBy(strongestFirst(byId, byPhone, byName), desc(customers.createdAt), desc(customers.id))
    .limit(limit);
  return rows.map((c) => ({
    kind: "customer",
    id: c.id,
    label: c.name ?? c.phone,
    detail: [c.name ? c.phone : null, c.email].filter(Boolean).join(" · ") || null,
    status: null,
    amount: null,
    amount_max: null,
    matched: matchOf(q, { id: c.id, phone: c.phone }),
    path: "/dashboard/billing#customers",
    created_at: c.createdAt.toISOString(),
  }));
}
