import { and, desc, eq, gte, ilike, lt, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "@/db/client";
import { auditLog } from "@/db/schema";
import { ApiError } from "@/lib/core/errors";
import { input, parseInput } from "@/lib/core/validation";
import { auditView } from "./record";

/**
 * The ops console's audit log search. Filters, each optional and combined with AND:
 * - `actor`: a case-insensitive part of the actor ("staff:awa@…", "cli:root", "user:usr_…", "api_key:…");
 * - `merchant`: the exact merchant id (rows whose merchant_id is it);
 * - `action`: the start of the action, case-insensitive ("kyc" finds kyc.approve and kyc.reject);
 * - `from`, `to`: calendar days (YYYY-MM-DD) in Mali's time, which is UTC all year. Both ends are
 *   whole days and inclusive: `from` starts at 00:00:00 of its day (created_at >= from), `to`
 *   runs to the end of its day (created_at < the next day's 00:00, exclusive). from = to is one day.
 * Newest first, keyset-paginated on (created_at, id): `before` is the cursor the previous page
 * gave, so a page never repeats or skips a row while new ones are written.
 */

export const AUDIT_SEARCH_PAGE = 50;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
function isDay(v: string): boolean {
  const t = Date.parse(`${v}T00:00:00Z`);
  // 2026-02-30 either fails to parse or rolls over to March: both are refused.
  return DAY.test(v) && !Number.isNaN(t) && new Date(t).toISOString().startsWith(v);
}
// A form sends every field, empty ones as "": those are no filter.
const text = (max: number) => z.string().trim().max(max).optional().transform((v) => v || undefined);
const day = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || undefined)
  .refine((v) => v === undefined || isDay(v), { message: "must be a calendar day written YYYY-MM-DD, e.g. 2026-11-24" });

type Cursor = { at: string; id: string };

function decodeCursor(value: string): Cursor | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
    if (Array.isArray(parsed) && parsed.length === 2 && typeof parsed[0] === "string" && typeof parsed[1] === "string" && !Number.isNaN(Date.parse(parsed[0]))) return { at: parsed[0], id: parsed[1] };
  } catch {
    // Not base64url JSON: refused below like any other malformed cursor.
  }
  return null;
}

const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify([c.at, c.id]), "utf8").toString("base64url");

export const AuditSearchInput = input(
  z
    .object({
      actor: text(120),
      merchant: text(80),
      action: text(80),
      from: day,
      to: day,
      before: z
        .string()
        .max(300)
        .optional()
        .transform((v) => v || undefined)
        .refine((v) => v === undefined || decodeCursor(v) !== null, { message: "is not a page cursor this log gave; start again from the first page" }),
    })
    .refine((f) => !f.from || !f.to || f.from <= f.to, { message: "to must be the same day as from or later", path: ["to"] }),
  { from: "INVALID_DATE_RANGE", to: "INVALID_DATE_RANGE" },
);

// Every filter is optional; a caller names only those it uses.
export type AuditSearch = Partial<z.output<typeof AuditSearchInput.schema>>;

/** Reads the filters from a URL's query (the page's form is a plain GET); refuses a bad one with the catalogue's code. */
export function parseAuditSearch(params: Record<string, string | string[] | undefined>): AuditSearch {
  const flat = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
  const { actor, merchant, action, from, to, before } = flat;
  return parseInput(AuditSearchInput, { actor, merchant, action, from, to, before });
}

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);

export type AuditSearchEntry = ReturnType<typeof auditView> & { merchant_id: string | null };

/** One page of the filtered log, newest first; `next` is the cursor of the following (older) page, null on the last. */
export async function searchAudit(db: Database, search: AuditSearch, limit = AUDIT_SEARCH_PAGE): Promise<{ entries: AuditSearchEntry[]; next: string | null }> {
  const where: SQL[] = [];
  if (search.actor) where.push(ilike(auditLog.actor, `%${escapeLike(search.actor)}%`));
  if (search.merchant) where.push(eq(auditLog.merchantId, search.merchant));
  if (search.action) where.push(ilike(auditLog.action, `${escapeLike(search.action)}%`));
  if (search.from) where.push(gte(auditLog.createdAt, new Date(`${search.from}T00:00:00Z`)));
  if (search.to) where.push(lt(auditLog.createdAt, nextDay(search.to)));
  if (search.before) {
    const cursor = decodeCursor(search.before);
    if (!cursor) throw new ApiError("INVALID_FIELD", "before: is not a page cursor this log gave; start again from the first page", { param: "before" });
    where.push(sql`(${auditLog.createdAt}, ${auditLog.id}) < (${cursor.at}::timestamptz, ${cursor.id})`);
  }
  // The cursor keeps the microseconds PostgreSQL stores (a JS Date would round them away and skip rows).
  const rows = await db
    .select({ row: auditLog, at: sql<string>`to_char(${auditLog.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')` })
    .from(auditLog)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    entries: page.map(({ row }) => ({ ...auditView(row), merchant_id: row.merchantId })),
    next: rows.length > limit && last ? encodeCursor({ at: last.at, id: last.row.id }) : null,
  };
}

/** The query string of a search (empty filters left out), for links that keep the filters: the next page, the first page. */
export function auditSearchQuery(search: AuditSearch, extra: Record<string, string | undefined> = {}): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries({ actor: search.actor, merchant: search.merchant, action: search.action, from: search.from, to: search.to, ...extra })) if (v) params.set(k, v);
  return params.toString();
}
