import { createHash, randomUUID } from "node:crypto";
import { and, eq, lte, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { preparedQuery } from "@/db/prepared";
import { idempotencyKeys, type Mode } from "@/db/schema";
import { systemNow } from "@/lib/clock";
import { ApiError, type ErrorCode } from "@/lib/core/errors";
import type { SealedAnswer } from "./sealed-write";

export const IDEMPOTENCY_MAX_LENGTH = 128;
const RETENTION_MS = 24 * 3600 * 1000;
// A reservation whose owner died (crash, timeout) is taken over after this long.
const LOCK_MS = 30_000;
const WAIT_FOR_OWNER_MS = 10_000;

export type IdempotencyScope = { applicationId: string; mode: Mode; key: string };
export type Reservation = { kind: "owner"; owner: string } | { kind: "replay"; status: number; body: unknown };

export function requestFingerprint(method: string, path: string, body: unknown): string {
  return createHash("sha256").update(`${method} ${path}\n${stableStringify(body)}`).digest("hex");
}

function stableStringify(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => a.localeCompare(b));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableStringify(v)}`).join(",")}}`;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const sameKey = and(
  eq(idempotencyKeys.applicationId, sql.placeholder("applicationId")),
  eq(idempotencyKeys.mode, sql.placeholder("mode")),
  eq(idempotencyKeys.key, sql.placeholder("key")),
);

// The statements every keyed request runs (db/prepared.ts).
const insertReservation = preparedQuery((db) =>
  db
    .insert(idempotencyKeys)
    .values({
      applicationId: sql.placeholder("applicationId"),
      mode: sql.placeholder("mode"),
      key: sql.placeholder("key"),
      requestHash: sql.placeholder("requestHash"),
      state: "in_progress",
      owner: sql.placeholder("owner"),
      lockedUntil: sql.placeholder("lockedUntil"),
      createdAt: sql.placeholder("createdAt"),
      expiresAt: sql.placeholder("expiresAt"),
    })
    .onConflictDoNothing()
    .returning({ owner: idempotencyKeys.owner })
    .prepare("idempotency_reserve"),
);
const selectReservation = preparedQuery((db) => db.select().from(idempotencyKeys).where(sameKey).limit(1).prepare("idempotency_find"));
const storeAnswer = preparedQuery((db) =>
  db
    .update(idempotencyKeys)
    // set() takes placeholders only inside SQL, which skips the column's encoding: the body goes as JSON text.
    .set({ state: "done", responseStatus: sql`${sql.placeholder("status")}`, responseBody: sql`${sql.placeholder("body")}::jsonb` })
    .where(and(sameKey, eq(idempotencyKeys.owner, sql.placeholder("owner")), eq(idempotencyKeys.state, "in_progress")))
    .returning({ key: idempotencyKeys.key })
    .prepare("idempotency_complete"),
);

/**
 * Reserves the key atomically (insert-if-absent) before any work runs, so two concurrent
 * requests can never both pass. `now` is the merchant's clock: the 24-hour retention follows
 * the sandbox test clock.
 *
 * Called in the transaction that does the work (lib/http/route.ts), the reservation commits or
 * rolls back with it: a concurrent request with the same key waits on the key's unique index
 * until this one ends, then replays its stored answer, or owns the key if it rolled back.
 * Called on its own (routes that call an operator outside any transaction), the reservation
 * commits at once and a concurrent request polls until the owner stores its answer.
 */
export async function reserveIdempotencyKey(
  db: Database,
  scope: IdempotencyScope,
  fingerprint: string,
  now: Date,
  conflictCode: ErrorCode,
): Promise<Reservation> {
  const where = and(eq(idempotencyKeys.applicationId, scope.applicationId), eq(idempotencyKeys.mode, scope.mode), eq(idempotencyKeys.key, scope.key));
  const deadline = Date.now() + WAIT_FOR_OWNER_MS;
  for (let attempt = 0; ; attempt++) {
    const owner = randomUUID();
    const real = systemNow();
    const inserted = await insertReservation(db).execute({
      ...scope,
      requestHash: fingerprint,
      owner,
      lockedUntil: new Date(real.getTime() + LOCK_MS),
      createdAt: now,
      expiresAt: new Date(now.getTime() + RETENTION_MS),
    });
    if (inserted.length === 1) return { kind: "owner", owner };

    const [row] = await selectReservation(db).execute(scope);
    if (!row) continue;
    if (row.expiresAt <= now) {
      await db.delete(idempotencyKeys).where(and(where, lte(idempotencyKeys.expiresAt, now)));
      continue;
    }
    if (row.requestHash !== fingerprint) throw new ApiError(conflictCode);
    if (row.state === "done") return { kind: "replay", status: row.responseStatus ?? 200, body: row.responseBody };
    if (row.lockedUntil <= real) {
      const taken = await db
        .update(idempotencyKeys)
        .set({ owner, lockedUntil: new Date(real.getTime() + LOCK_MS) })
        .where(and(where, eq(idempotencyKeys.owner, row.owner), eq(idempotencyKeys.state, "in_progress")))
        .returning({ owner: idempotencyKeys.owner });
      if (taken.length === 1) return { kind: "owner", owner };
      continue;
    }
    if (Date.now() > deadline) throw new ApiError("IDEMPOTENCY_IN_PROGRESS");
    await sleep(Math.min(25 * 2 ** Math.min(attempt, 4), 250));
  }
}

/**
 * Stores the answer. Called inside the domain transaction, so the resource and the stored
 * answer commit together; if another request took the reservation over, this throws and the
 * domain work rolls back instead of creating a duplicate.
 */
export async function completeIdempotencyKey(db: Database, scope: IdempotencyScope, owner: string, status: number, body: unknown): Promise<void> {
  const rows = await storeAnswer(db).execute({ ...scope, owner, status, body: body === undefined ? null : JSON.stringify(body) });
  if (rows.length !== 1) throw new ApiError("IDEMPOTENCY_IN_PROGRESS");
}

/**
 * The idempotency row of a keyed request whose answer is already decided, for the statement
 * that writes its resource to store (./sealed-write.ts): the same row reserveIdempotencyKey
 * and completeIdempotencyKey write in two steps, born done.
 */
export function sealAnswer(scope: IdempotencyScope, fingerprint: string, now: Date, status: number, body: string): SealedAnswer {
  const real = systemNow();
  return {
    ...scope,
    requestHash: fingerprint,
    owner: randomUUID(),
    lockedUntil: new Date(real.getTime() + LOCK_MS),
    createdAt: now,
    expiresAt: new Date(now.getTime() + RETENTION_MS),
    status,
    body,
  };
}

/** A request that failed outside a transaction changed nothing, so its key is freed for a corrected retry. */
export async function releaseIdempotencyKey(db: Database, scope: IdempotencyScope, owner: string): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.applicationId, scope.applicationId), eq(idempotencyKeys.mode, scope.mode), eq(idempotencyKeys.key, scope.key), eq(idempotencyKeys.owner, owner)));
}
