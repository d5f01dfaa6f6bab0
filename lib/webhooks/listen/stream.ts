import { sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { rowsOf } from "@/db/rows";
import type { WebhookEndpoint } from "@/db/schema";
import { systemNow } from "@/lib/clock";
import type { DomainContext } from "@/lib/context";
import { FileResult } from "@/lib/core/file-result";
import { dispatchEvents, signedRequest, streamPlans, type SendPlan } from "../deliver";
import { openSession, touchSession } from "./sessions";

type Scoped = Pick<DomainContext, "db" | "merchant" | "application" | "mode">;

/** How the stream paces itself (docs/decisions/listen.md); tests pass faster ones. */
export type StreamTiming = {
  /** How often the outbox and the session's pending deliveries are read: an event reaches the CLI within about this. */
  pollMs: number;
  /** How often the session is marked seen (its CLI is gone once unseen for SESSION_STALE_MS). */
  heartbeatMs: number;
  /** A comment line after this long without writing, so proxies and the CLI know the connection lives. */
  keepaliveMs: number;
};

export const STREAM_TIMING: StreamTiming = { pollMs: 500, heartbeatMs: 5_000, keepaliveMs: 15_000 };

// The session's pending deliveries looked at per pass; a CLI that reports its results never gets near it.
const PENDING_WINDOW = 500;

const frame = (event: string, data: unknown, id?: string) => `event: ${event}\n${id ? `id: ${id}\n` : ""}data: ${JSON.stringify(data)}\n\n`;

/** One `delivery` message: the exact body and headers of a real attempt, signed now with the session's secret. */
function deliveryFrame(plan: SendPlan): string {
  const { body, headers } = signedRequest(plan, systemNow());
  return frame("delivery", { delivery_id: plan.deliveryId, event_id: plan.eventId, event_type: plan.eventType, body, headers }, plan.deliveryId);
}

/** Whether the session is still open, and its PENDING deliveries' ids, oldest first. */
async function pendingOf(db: Database, sessionId: string): Promise<{ open: boolean; ids: string[] }> {
  const rows = rowsOf<{ closed: boolean; id: string | null }>(
    await db.execute(sql`
      select w.deleted_at is not null as closed, d.id from webhook_endpoints w
      left join webhook_deliveries d on d.endpoint_id = w.id and d.status = 'PENDING'
      where w.id = ${sessionId}
      order by d.created_at, d.id
      limit ${PENDING_WINDOW}`),
  );
  return { open: rows.length > 0 && !rows[0].closed, ids: rows.flatMap((r) => (r.id ? [r.id] : [])) };
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done);
  });

/**
 * The session's messages: `ready`, then each PENDING delivery once per connection (so a reconnect
 * sends again what was not reported), a keepalive comment when quiet. Each pass runs the
 * dispatcher for the merchant first, so an event emitted by any instance reaches the stream
 * without the background worker. Ends when the session is closed, or when `signal` aborts.
 */
async function* messages(db: Database, session: WebhookEndpoint, timing: StreamTiming, signal: AbortSignal): AsyncGenerator<string> {
  yield frame("ready", { session_id: session.id, enabled_events: session.enabledEvents });
  const sent = new Set<string>();
  let beat = Date.now();
  let wrote = Date.now();
  while (!signal.aborted) {
    if (Date.now() - beat >= timing.heartbeatMs) {
      if (!(await touchSession(db, session.id))) return;
      beat = Date.now();
    }
    while ((await dispatchEvents(db, { merchantId: session.merchantId })).events > 0);
    const pending = await pendingOf(db, session.id);
    if (!pending.open) return;
    // Reported (or closed) deliveries leave the set: it never holds more than the pending window.
    for (const id of sent) if (!pending.ids.includes(id)) sent.delete(id);
    for (const plan of await streamPlans(
      db,
      session.id,
      pending.ids.filter((id) => !sent.has(id)),
    )) {
      if (signal.aborted) return;
      sent.add(plan.deliveryId);
      yield deliveryFrame(plan);
      wrote = Date.now();
    }
    if (Date.now() - wrote >= timing.keepaliveMs) {
      yield ": keepalive\n\n";
      wrote = Date.now();
    }
    await sleep(timing.pollMs, signal);
  }
}

/**
 * The generator as the bytes of the answer. A client that disconnects cancels the body, which
 * calls `return()` here: the abort wakes the loop from its sleep, so it ends at once instead of
 * at its next message.
 */
function eventStream(run: (signal: AbortSignal) => AsyncGenerator<string>): AsyncIterable<Uint8Array> {
  const encoder = new TextEncoder();
  return {
    [Symbol.asyncIterator]() {
      const stop = new AbortController();
      const inner = run(stop.signal);
      return {
        async next() {
          const step = await inner.next();
          return step.done ? { done: true, value: undefined } : { done: false, value: encoder.encode(step.value) };
        },
        async return() {
          stop.abort();
          await inner.return(undefined);
          return { done: true, value: undefined };
        },
      };
    },
  };
}

/**
 * GET /v1/webhooks/listen-sessions/{id}/stream: the session's server-sent events. 404 for another
 * application's or mode's session, 410 once it is closed. Reads run outside any transaction, on
 * the request's database, for as long as the client stays.
 */
export async function streamSession(ctx: Scoped, id: string, timing: StreamTiming = STREAM_TIMING): Promise<FileResult> {
  const session = await openSession(ctx, id);
  await touchSession(ctx.db, session.id);
  const db = ctx.db;
  return new FileResult({ body: eventStream((signal) => messages(db, session, timing, signal)), contentType: "text/event-stream; charset=utf-8", cache: { scope: "live" } });
}
