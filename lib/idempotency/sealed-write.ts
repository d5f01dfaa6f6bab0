import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "@/db/client";
import { idempotencyKeys, type Mode } from "@/db/schema";

/**
 * A creation whose answer is known before its row is written: its ids and times are chosen in
 * the process, so its answer can be serialised first and stored by the very statement that
 * writes the row (docs/performance.md, "One statement per creation"). `data` is what the answer
 * carries; `write` writes the row, and with a sealed answer stores that answer in the same
 * statement, gated on the answer's key being free: it answers false, having written nothing,
 * when the key was already taken (a replay, a conflict or a request still in flight, which the
 * general path then tells apart: lib/http/route.ts).
 */
export class SealedWrite<T> {
  constructor(
    readonly data: T,
    readonly write: (sealed?: SealedAnswer) => Promise<boolean>,
  ) {}
}

/** The idempotency row of a keyed request whose answer is decided: the values bound to sealedAnswerInsert's placeholders. */
export type SealedAnswer = {
  applicationId: string;
  mode: Mode;
  key: string;
  requestHash: string;
  owner: string;
  lockedUntil: Date;
  createdAt: Date;
  expiresAt: Date;
  status: number;
  /** The answer's JSON text, byte for byte what the request is answered. */
  body: string;
};

/** The placeholders' names, prefixed so they never meet those of the statement a seal rides in. */
export const sealedAnswerValues = (s: SealedAnswer): Record<string, unknown> => ({
  seal_application_id: s.applicationId,
  seal_mode: s.mode,
  seal_key: s.key,
  seal_request_hash: s.requestHash,
  seal_owner: s.owner,
  seal_locked_until: s.lockedUntil.toISOString(),
  seal_created_at: s.createdAt.toISOString(),
  seal_expires_at: s.expiresAt.toISOString(),
  seal_status: s.status,
  seal_body: s.body,
});

const p = (name: string) => sql.placeholder(`seal_${name}`);

/**
 * The sealed answer's insert, for a CTE (`with sealed as (…)`) whose one row says the key was
 * free: the statement's writes select from it, so a taken key writes nothing. `on conflict do
 * nothing` waits for a concurrent holder of the key to end, as the reservation does (./keys.ts).
 */
export const sealedAnswerInsert: SQL = sql`insert into ${idempotencyKeys}
  (application_id, mode, key, request_hash, state, owner, locked_until, created_at, expires_at, response_status, response_body)
  values (${p("application_id")}::text, ${p("mode")}::text, ${p("key")}::text, ${p("request_hash")}::text, 'done', ${p("owner")}::text,
    ${p("locked_until")}::timestamptz, ${p("created_at")}::timestamptz, ${p("expires_at")}::timestamptz, ${p("status")}::integer, ${p("body")}::jsonb)
  on conflict do nothing
  returning 1 as sealed`;

/** Whether the sealed answer's key is held already (a write that must judge something before it is sealed asks first: lib/payments/create.ts). */
export async function sealedKeyTaken(db: Database, s: SealedAnswer): Promise<boolean> {
  const [row] = await db
    .select({ key: idempotencyKeys.key })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.applicationId, s.applicationId), eq(idempotencyKeys.mode, s.mode), eq(idempotencyKeys.key, s.key)))
    .limit(1);
  return Boolean(row);
}
