import type { Merchant, MerchantRole } from "@/db/schema";
import { can } from "@/lib/auth/permissions";
import type { DomainContext } from "@/lib/context";
import { searchCustomers } from "./customers";
import { SEARCH_KINDS, byStrength, type SearchHit, type SearchKind } from "./hits";
import { searchLinks } from "./links";
import { searchPayments } from "./payments";
import { readSearchQuery, type SearchQuery } from "./query";
import { searchSecureOrders } from "./secure-orders";
import { searchWithdrawals } from "./withdrawals";

/** Hits shown per kind; a fuller list is the kind's own page ("see all"). */
export const SEARCH_GROUP_LIMIT = 5;
/** The payments page reads at most this many characters of its `q` (app/dashboard/payments/page.tsx). */
const PAYMENTS_PAGE_QUERY_MAX = 64;

export type SearchGroup = {
  kind: SearchKind;
  hits: SearchHit[];
  /** More than SEARCH_GROUP_LIMIT matched. */
  more: boolean;
  /** The kind's list filtered by the same query, where its page can (payments: exact reference or phone digits). */
  see_all: string | null;
};

export type SearchResults = {
  query: string;
  /** The kinds searched, in SEARCH_KINDS order, those with hits only. */
  groups: SearchGroup[];
  /** Digits too few to search phone numbers by: ids and references were still searched. */
  notice: "phone_too_short" | null;
  /** The one object whose id was typed, when it has a page of its own: the page opens it directly. */
  exact: SearchHit | null;
};

const SEARCHERS: Record<SearchKind, (ctx: DomainContext, q: SearchQuery, limit: number) => Promise<SearchHit[]>> = {
  payment: searchPayments,
  secure_order: searchSecureOrders,
  payment_link: searchLinks,
  customer: searchCustomers,
  withdrawal: searchWithdrawals,
};

/** Kinds whose objects have a dashboard page of their own (the others open on their list). */
const OWN_PAGE: ReadonlySet<SearchKind> = new Set(["payment", "secure_order", "payment_link", "withdrawal"]);

/**
 * What a member may find: what the pages their role opens show. Withdrawals need withdrawals.read
 * (a developer does not see them); secure orders only while the merchant is in the pilot (their
 * pages answer 404 otherwise).
 */
export function searchableKinds(role: MerchantRole | null | undefined, merchant: Pick<Merchant, "secureOrdersEnabled">): SearchKind[] {
  return SEARCH_KINDS.filter((kind) => {
    if (!can(role, "dashboard.read")) return false;
    if (kind === "withdrawal") return can(role, "withdrawals.read");
    if (kind === "secure_order") return merchant.secureOrdersEnabled;
    return true;
  });
}

function seeAll(kind: SearchKind, q: SearchQuery): string | null {
  if (kind === "payment" && q.text.length <= PAYMENTS_PAGE_QUERY_MAX) return `/dashboard/payments?q=${encodeURIComponent(q.text)}`;
  return null;
}

/**
 * The dashboard's global search: payments, secure orders, payment links, customers and withdrawals
 * by id, reference or phone, in the scope of the dashboard's lists (the merchant and the mode,
 * every application, as the payments page and GET /v1/payments). `raw` is what was typed
 * (INVALID_SEARCH when empty or too long, lib/search/query.ts). One kind after another: a request
 * never holds two pooled connections.
 */
export async function dashboardSearch(ctx: DomainContext, raw: unknown, kinds: readonly SearchKind[]): Promise<SearchResults> {
  const q = readSearchQuery(raw);
  const groups: SearchGroup[] = [];
  for (const kind of SEARCH_KINDS.filter((k) => kinds.includes(k))) {
    const found = (await SEARCHERS[kind](ctx, q, SEARCH_GROUP_LIMIT + 1)).sort(byStrength);
    if (found.length === 0) continue;
    const more = found.length > SEARCH_GROUP_LIMIT;
    groups.push({ kind, hits: found.slice(0, SEARCH_GROUP_LIMIT), more, see_all: more ? seeAll(kind, q) : null });
  }
  const byId = groups.flatMap((g) => g.hits).filter((h) => h.matched === "id");
  const exact = byId.length === 1 && OWN_PAGE.has(byId[0]!.kind) ? byId[0]! : null;
  return { query: q.text, groups, notice: q.phoneTooShort ? "phone_too_short" : null, exact };
}
