import { and, desc, eq, gte, lt, lte, sql } from "drizzle-orm";
import { db as processDb, type Database } from "@/db/client";
import { apiRequestLog } from "@/db/schema";
import type { DomainContext } from "@/lib/context";
import { log } from "@/lib/log";

type Entry = Omit<typeof apiRequestLog.$inferInsert, "id">;

const FLUSH_AFTER_MS = 1_000;
// With the database down, entries wait here; past this many the newest are dropped, so a
// debugging aid never grows memory without bound.
const MAX_BUFFERED = 5_000;
const PRUNE_EVERY_MS = 60_000;

let buffer: Entry[] = [];
let timer: NodeJS.Timeout | null = null;
let lastPrune = 0;

/**
 * Keeps a /v1 request for the dashboard's request log. Off the request path: entries are
 * buffered and written by one multi-row insert per second per instance, so the log costs a
 * request nothing measurable. A crash loses at most the last second, which a debugging log may.
 */
export function recordApiRequest(entry: Entry): void {
  if (buffer.length >= MAX_BUFFERED) return;
  buffer.push(entry);
  if (!timer) {
    timer = setTimeout(() => void flushRequestLog(), FLUSH_AFTER_MS);
    timer.unref();
  }
}

/** Writes what is buffered and, at most once a minute, drops entries older than 24 hours. */
export async function flushRequestLog(database: Database = processDb()): Promise<void> {
  if (timer) clearTimeout(timer);
  timer = null;
  const batch = buffer;
  buffer = [];
  try {
    if (batch.length) await database.insert(apiRequestLog).values(batch);
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

/** The last 24 hours of this application's requests in this mode, newest first. */
export async function recentRequests(ctx: Pick<DomainContext, "db" | "application" | "mode">, q: { limit: number; status?: StatusClass }) {
  const floor = q.status ? Number(q.status[0]) * 100 : undefined;
  const rows = await ctx.db
    .select()
    .from(apiRequestLog)
    .where(
      and(
        eq(apiRequestLog.applicationId, ctx.application.id),
        eq(apiRequestLog.mode, ctx.mode),
        gte(apiRequestLog.createdAt, sql`now() - interval '24 hours'`),
        floor ? gte(apiRequestLog.status, floor) : undefined,
        floor ? lte(apiRequestLog.status, floor + 99) : undefined,
      ),
    )
    .orderBy(desc(apiRequestLog.createdAt), desc(apiRequestLog.id))
    .limit(q.limit);
  return rows.map((r) => ({
    id: String(r.id),
    method: r.method,
    path: r.path,
    status: r.status,
    duration_ms: r.durationMs,
    request_id: r.requestId,
    created_at: r.createdAt.toISOString(),
  }));
}
