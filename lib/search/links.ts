import { and, desc, eq, inArray, or } from "drizzle-orm";
import { paymentLinks } from "@/db/schema";
import type { DomainContext } from "@/lib/context";
import { idCondition, matchOf, nameCondition, strongestFirst, type SearchHit } from "./hits";
import type { SearchQuery } from "./query";

/** The link's state in the dashboard's words (lib/i18n/status-labels.ts, kind "link"). */
const linkStatus = (l: { isActive: boolean; archivedAt: Date | null }) => (l.archivedAt ? "ARCHIVED" : l.isActive ? "ACTIVE" : "INACTIVE");

/**
 * Payment links by id, slug (exact; slugs are lower case) or part of the name. Indexes: the primary
 * key, payment_links_slug_idx; a name within payment_links_list_idx's rows (a merchant has few links).
 * Archived links are found too: their URL still answers, and the merchant may look for one.
 */
export async function searchLinks(ctx: DomainContext, q: SearchQuery, limit: number): Promise<SearchHit[]> {
  const byId = idCondition(paymentLinks.id, q);
  const bySlug = inArray(paymentLinks.slug, [...new Set([q.text, q.text.toLowerCase()])]);
  const byName = nameCondition(paymentLinks.name, q);
  const rows = await ctx.db
    .select()
    .from(paymentLinks)
    .where(and(eq(paymentLinks.merchantId, ctx.merchant.id), eq(paymentLinks.mode, ctx.mode), or(byId, bySlug, byName)))
    .orderBy(strongestFirst(byId, bySlug, byName), desc(paymentLinks.createdAt), desc(paymentLinks.id))
    .limit(limit);
  return rows.map((l) => {
    const open = l.amountMode === "OPEN";
    return {
      kind: "payment_link",
      id: l.id,
      label: l.name,
      detail: `/l/${l.slug}`,
      status: linkStatus(l),
      amount: open ? l.minAmount : l.amount,
      amount_max: open ? l.maxAmount : null,
      matched: matchOf(q, { id: l.id, references: [l.slug] }),
      path: `/dashboard/links/${l.id}`,
      created_at: l.createdAt.toISOString(),
    };
  });
}
