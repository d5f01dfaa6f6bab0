import { and, desc, eq, inArray, or } from "drizzle-orm";
import { withdrawals } from "@/db/schema";
import type { DomainContext } from "@/lib/context";
import { idCondition, matchOf, phoneCondition, referenceCandidates, strongestFirst, type SearchHit } from "./hits";
import type { SearchQuery } from "./query";

/**
 * Withdrawals by id, reference (WD_…, any case) or the number they pay out to. Indexes: the
 * primary key, withdrawals_reference_idx; a phone within withdrawals_list_idx's rows.
 */
export async function searchWithdrawals(ctx: DomainContext, q: SearchQuery, limit: number): Promise<SearchHit[]> {
  const byId = idCondition(withdrawals.id, q);
  const byReference = inArray(withdrawals.reference, referenceCandidates(q));
  const byPhone = phoneCondition(withdrawals.phoneNumber, q);
  const rows = await ctx.db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.merchantId, ctx.merchant.id), eq(withdrawals.mode, ctx.mode), or(byId, byReference, byPhone)))
    .orderBy(strongestFirst(byId, byReference, byPhone), desc(withdrawals.createdAt), desc(withdrawals.id))
    .limit(limit);
  return rows.map((w) => ({
    kind: "withdrawal",
    id: w.id,
    label: w.reference,
    detail: w.phoneNumber,
    status: w.status,
    amount: w.amount,
    amount_max: null,
    matched: matchOf(q, { id: w.id, references: [w.reference], phone: w.phoneNumber }),
    path: `/dashboard/withdrawals/${w.id}`,
    created_at: w.createdAt.toISOString(),
  }));
}
