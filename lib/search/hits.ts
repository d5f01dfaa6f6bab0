import { eq, ilike, inArray, like, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { likePattern } from "@/lib/links/pagination";
import type { SearchQuery } from "./query";

export const SEARCH_KINDS = ["payment", "secure_order", "payment_link", "customer", "withdrawal"] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** How a hit matched, strongest first: an exact id, an exact reference (or slug), a phone number, part of a name. */
export type MatchType = "id" | "reference" | "phone" | "name";
const STRENGTH: readonly MatchType[] = ["id", "reference", "phone", "name"];

/** One object found, as the results page and the route show it. `status` is the API's value; `path` its dashboard page. */
export type SearchHit = {
  kind: SearchKind;
  id: string;
  /** What the merchant recognises it by: a reference, a link or customer name, else the id. */
  label: string;
  /** A second line: the phone, the slug, the description. */
  detail: string | null;
  status: string | null;
  amount: number | null;
  /** An open-amount link's range is amount (min) to amount_max. */
  amount_max: number | null;
  matched: MatchType;
  path: string;
  created_at: string;
};

/** Ids are stored as generated (lowercase prefix and body, lowercase UUIDs): a pasted id in capitals still finds its object. */
export const idCandidates = (q: SearchQuery): string[] => [...new Set([q.text, q.text.toLowerCase()])];

/** Service-made references are upper case (SO-7K2M9P, WD_…): typed in lower case they still match, through the same index. */
export const referenceCandidates = (q: SearchQuery): string[] => [...new Set([q.text, q.text.toUpperCase()])];

/** A name matched in part, case-insensitively, from 2 characters (one letter would match most names). */
const NAME_MIN_LENGTH = 2;
export const nameCondition = (column: PgColumn, q: SearchQuery): SQL | undefined => (q.text.length >= NAME_MIN_LENGTH ? ilike(column, likePattern(q.text)) : undefined);

/**
 * A stored E.164 number against the typed phone: a whole number equals it (so a unique index on
 * the phone answers), a part of one is found among its digits.
 */
export function phoneCondition(column: PgColumn, q: SearchQuery): SQL | undefined {
  if (!q.phone) return undefined;
  return q.phone.e164 ? eq(column, q.phone.e164) : like(column, likePattern(q.phone.digits));
}

export const idCondition = (column: PgColumn, q: SearchQuery): SQL => inArray(column, idCandidates(q));

/** The strongest way a row matched, judged on its values (the query ORs them); what is left is a part of a name. */
export function matchOf(q: SearchQuery, values: { id: string; references?: (string | null)[]; phone?: string | null }): MatchType {
  if (idCandidates(q).includes(values.id)) return "id";
  // Case-insensitive here: service references and slugs are matched in any case (referenceCandidates).
  const typed = q.text.toLowerCase();
  if (values.references?.some((r) => r?.toLowerCase() === typed)) return "reference";
  if (q.phone && values.phone && (q.phone.e164 ? values.phone === q.phone.e164 : values.phone.includes(q.phone.digits))) return "phone";
  return "name";
}

/**
 * The ORDER BY term that puts the strongest matches first (conditions strongest first), so a
 * capped group never drops an exact id for newer phone matches. CASE, not `cond desc`: a
 * comparison with a NULL column is NULL, which sorts first.
 */
export function strongestFirst(byId: SQL, ...others: (SQL | undefined)[]): SQL {
  const present = [byId, ...others.filter((c): c is SQL => c !== undefined)];
  const whens = present.map((c, i) => sql`when ${c} then ${sql.raw(String(i))}`);
  return sql`case ${sql.join(whens, sql` `)} else ${sql.raw(String(present.length))} end`;
}

/** Strongest match first, then newest: the order of a group's hits. */
export const byStrength = (a: SearchHit, b: SearchHit): number =>
  STRENGTH.indexOf(a.matched) - STRENGTH.indexOf(b.matched) || b.created_at.localeCompare(a.created_at) || (a.id < b.id ? 1 : -1);
