import { and, asc, desc, eq, gt, gte, like, lt, lte, sql } from "drizzle-orm";
import { z } from "zod";
import { db as processDb, type Database } from "@/db/client";
import { apiRequestLog } from "@/db/schema";
import { compiledStatement } from "@/db/statement";
import type { DomainContext } from "@/lib/context";
import { log } from "@/lib/log";
import { ApiError } from "@/lib/core/errors";
import { maskedBodyText } from "@/lib/request-log/mask";
import { input } from "@/lib/core/validation";

type Row = Omit<typeof apiRequestLog.$inferInsert, "id" | "requestBody" | "responseBody">;
/** A request as it finished: the bodies as parsed and answered, masked and cut only when written. */
type Entry = Row & { requestBody?: unknown; responseBody?: unknown };

const FLUSH_AFTER_MS = 1_000;
// With the database down, entries wait here; past this many the newest are dropped, so a
// debugging aid never grows memory without bound.
const MAX_BUFFERED = 5_000;
// Bodies are held as the objects answered (a list can weigh tens of KB) until the flush masks
// and cuts them; past this many waiting entries (a slow or stopped database) new ones keep
// their line but not their bodies, so an outage costs megabytes, not hundreds.
const MAX_BUFFERED_WITH_BODIES = 200;
const PRUNE_EVERY_MS = 60_000;

let buffer: Entry[] = [];
let timer: NodeJS.Timeout | null = null;
let lastPrune = 0;

/**
 * Keeps a /v1 request for the dashboard's request log. Off the request path: entries are
 * buffered and written by one multi-row insert per second per instance, so the log costs a
 * request nothing measurable; the bodies are masked and cut then too (lib/request-log/mask.ts).
 * A crash loses at most the last second, which a debugging log may.
 */
export function recordApiRequest(entry: Entry): void {
  if (buffer.length >= MAX_BUFFERED) return;
  buffer.push(buffer.length < MAX_BUFFERED_WITH_BODIES ? entry : { ...entry, requestBody: undefined, responseBody: undefined });
  if (!timer) {
    timer = setTimeout(() => void flushRequestLog(), FLUSH_AFTER_MS);
    timer.unref();
  }
}

/**
 * A batch in one bound statement compiled once (db/statement.ts): the rows go as one JSON text
 * that PostgreSQL unpacks, where a multi-row insert would build its SQL anew for every batch, a
 * cost a busy server paid per request (docs/performance.md).
 */
const insertBatch = compiledStatement(
  "request_log_insert",
  sql`insert into ${apiRequestLog} (merchant_id, application_id, mode, method, path, status, duration_ms, request_id, created_at, request_body, response_body)
    select merchant_id, application_id, mode, method, path, status, duration_ms, request_id, created_at, request_body, response_body
    from json_to_recordset(${sql.placeholder("rows")}::text::json) as r(merchant_id text, application_id text, mode text, method text, path text,
      status integer, duration_ms integer, request_id text, created_at timestamptz, request_body text, response_body text)`,
);

const rowOf = (e: Entry) => ({
  merchant_id: e.merchantId,
  application_id: e.applicationId,
  mode: e.mode,
  method: e.method,
  path: e.path,
  status: e.status,
  duration_ms: e.durationMs,
  request_id: e.requestId,
  created_at: e.createdAt.toISOString(),
  request_body: maskedBodyText(e.requestBody),
  response_body: maskedBodyText(e.responseBody),
});

/** Writes what is buffered and, at most once a minute, drops entries older than 24 hours. */
export async function flushRequestLog(database: Database = processDb()): Promise<void> {
  if (timer) clearTimeout(timer);
  timer = null;
  const batch = buffer;
  buffer = [];
  try {
    if (batch.length) await insertBatch(database, { rows: JSON.stringify(batch.map(rowOf)) });
    if (Date.now() - lastPrune >= PRUNE_EVERY_MS) {
      lastPrune = Date.now();
      await pruneRequestLog(database);
    }
  } catch (error) {
    log("warn", "request log batch not written", { entries: batch.length, error: error instanceof Error ? error.message : String(error) });
  }
}

/** Drops entries older than 24 hours (the log's whole promise); an index on created_at serves it. */
export async function pruneRequestLog(database: Database): Promise<number> {
  const gone = await database.delete(apiRequestLog).where(lt(apiRequestLog.createdAt, sql`now() - interval '24 hours'`)).returning({ id: apiRequestLog.id });
  return gone.length;
}

export const STATUS_CLASSES = ["2xx", "4xx", "5xx"] as const;
export type StatusClass = (typeof STATUS_CLASSES)[number];

/** A status filter: a class (`4xx`) or one exact status (`404`). */
export type StatusFilter = StatusClass | number;
/** `after`: an entry's id; then only later entries, oldest first (a poller following the log). */
export type RequestLogFilter = { limit: number; status?: StatusFilter; path?: string; after?: number };

/**
 * The filters of the dashboard and of GET /v1/request-logs: `status` a class or one status, `path` a prefix
 * (`/v1/payments`), like Stripe's request log; `after` an entry's id, to follow the log.
 */
export const RequestLogQuery = input(
  z.object({
    status: z
      .string()
      .trim()
      .regex(/^([245]xx|[1-5]\d\d)$/, "must be 2xx, 4xx, 5xx or an HTTP status")
      .transform((v): StatusFilter => (v.endsWith("xx") ? (v as StatusClass) : Number(v)))
      .optional(),
    path: z.string().trim().max(200).regex(/^\//, "must start with /").optional(),
    limit: z.coerce.number().int().min(1).max(200).default(100),
    after: z
      .string()
      .regex(/^\d{1,15}$/, "must be a request log entry's id")
      .transform(Number)
      .optional(),
  }),
  { status: "INVALID_STATUS_FILTER" },
);

type Scope = Pick<DomainContext, "db" | "application" | "mode">;

const scopeOf = (ctx: Scope) => and(eq(apiRequestLog.applicationId, ctx.application.id), eq(apiRequestLog.mode, ctx.mode), gte(apiRequestLog.createdAt, sql`now() - interval '24 hours'`));

function statusRange(status: StatusFilter | undefined): [number, number] | null {
  if (status === undefined) return null;
  if (typeof status === "number") return [status, status];
  const floor = Number(status[0]) * 100;
  return [floor, floor + 99];
}

// LIKE's own wildcards in a path prefix are matched as themselves.
const likePrefix = (prefix: string) => `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The last 24 hours of this application's requests in this mode, newest first, or with `after`
 * those logged after that entry, oldest first; by status (class or exact) and path prefix. Ids
 * are given in insertion order, so "after" means "written since".
 */
export async function recentRequests(ctx: Scope, q: RequestLogFilter) {
  const range = statusRange(q.status);
  const rows = await ctx.db
    .select({
      id: apiRequestLog.id,
      method: apiRequestLog.method,
      path: apiRequestLog.path,
      status: apiRequestLog.status,
      durationMs: apiRequestLog.durationMs,
      requestId: apiRequestLog.requestId,
      createdAt: apiRequestLog.createdAt,
    })
    .from(apiRequestLog)
    .where(
      and(
        scopeOf(ctx),
        range ? gte(apiRequestLog.status, range[0]) : undefined,
        range ? lte(apiRequestLog.status, range[1]) : undefined,
        q.path ? like(apiRequestLog.path, likePrefix(q.path)) : undefined,
        q.after !== undefined ? gt(apiRequestLog.id, q.after) : undefined,
      ),
    )
    .orderBy(...(q.after !== undefined ? [asc(apiRequestLog.id)] : [desc(apiRequestLog.createdAt), desc(apiRequestLog.id)]))
    .limit(q.limit);
  return rows.map(requestSummary);
}

const requestSummary = (r: { id: number; method: string; path: string; status: number; durationMs: number; requestId: string; createdAt: Date }) => ({
  id: String(r.id),
  method: r.method,
  path: r.path,
  status: r.status,
  duration_ms: r.durationMs,
  request_id: r.requestId,
  created_at: r.createdAt.toISOString(),
});

/** One request of the last 24 hours with its bodies (masked when written); another application's or mode's is not found. */
export async function requestDetail(ctx: Scope, id: string) {
  const [row] = /^\d{1,15}$/.test(id) ? await ctx.db.select().from(apiRequestLog).where(and(scopeOf(ctx), eq(apiRequestLog.id, Number(id)))) : [];
  if (!row) throw new ApiError("REQUEST_LOG_ENTRY_NOT_FOUND");
  return { ...requestSummary(row), request_body: row.requestBody, response_body: row.responseBody };
}
