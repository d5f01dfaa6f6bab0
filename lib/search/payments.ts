import { and, desc, eq, or } from "drizzle-orm";
import { payments } from "@/db/schema";
import type { DomainContext } from "@/lib/context";
import { paymentAsOf } from "@/lib/payments/as-of";
import { idCondition, matchOf, phoneCondition, strongestFirst, type SearchHit } from "./hits";
import type { SearchQuery } from "./query";

/**
 * Payments by id, client reference (exact, as the payments page) or customer phone, in the
 * payments page's scope (merchant and mode). Indexes: the primary key, payments_client_ref_idx
 * (merchant_id, mode, client_reference); a phone is filtered within the merchant's and mode's rows
 * reached through payments_list_idx. Statuses as of now, without writing (lib/payments/as-of.ts).
 */
export async function searchPayments(ctx: DomainContext, q: SearchQuery, limit: number): Promise<SearchHit[]> {
  const byId = idCondition(payments.id, q);
  const byReference = eq(payments.clientReference, q.text);
  const byPhone = phoneCondition(payments.customerPhone, q);
  const rows = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.merchantId, ctx.merchant.id), eq(payments.mode, ctx.mode), or(byId, byReference, byPhone)))
    .orderBy(strongestFirst(byId, byReference, byPhone), desc(payments.createdAt), desc(payments.id))
    .limit(limit);
  return rows.map((row) => {
    const p = paymentAsOf(row, ctx.now);
    return {
      kind: "payment",
      id: p.id,
      label: p.clientReference ?? p.id,
      detail: [p.customerName, p.customerPhone].filter(Boolean).join(" · "),
      status: p.status,
      amount: p.amount,
      amount_max: null,
      matched: matchOf(q, { id: p.id, references: [p.clientReference], phone: p.customerPhone }),
      path: `/dashboard/payments/${p.id}`,
      created_at: p.createdAt.toISOString(),
    };
  });
}
