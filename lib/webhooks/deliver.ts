import { randomUUID } from "node:crypto";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { rowsOf } from "@/db/rows";
import { events, merchants, webhookDeliveries, webhookEndpoints, type EventPayload, type Mode, type WebhookAttemptTrigger, type WebhookDeliveryStatus } from "@/db/schema";
import { merchantNowSql, systemNow } from "@/lib/clock";
import { newId } from "@/lib/ids";
import { log } from "@/lib/log";
import { notifyIfEndpointFailing } from "@/lib/notifications/webhook-failing";
import { ApiError } from "@/lib/core/errors";
import { describeError } from "./errors";
import { eventBody } from "./body";
import { noteEndpointHealth } from "./endpoint-health";
import { endpointWants, isEventType } from "./event-types";
import { CLAIM_MARGIN_MS, defaultPolicy, ENDPOINT_MAX_IN_FLIGHT, SLOW_ENDPOINT_MAX_IN_FLIGHT, type DeliveryPolicy } from "./policy";
import { openSecret } from "./secret";
import { signatureHeaders } from "./sign";
import { postWebhook, timedOut, USER_AGENT, WEBHOOK_CONTENT_TYPE, type SendResult } from "./send";
import { closeSessions, staleSql } from "./listen/close";

export type Scope = { merchantId?: string };

/** "now" on the delivery's merchant clock, for rows aliased `d` joined to merchants `m`. */
const deliveryNow = merchantNowSql(sql.raw("m.test_clock_offset_seconds"), sql.raw("d.mode"));
/**
 * "now" on the clock `d.next_attempt_at` is on. A schedule follows the merchant's clock; a claim
 * is a lease in real time (see claimDue), which a sandbox clock advance must not shorten.
 */
const dueClock = sql`(case when d.claim_token is null then ${deliveryNow} else now() end)`;
const ms = (value: number) => sql`(${Math.round(value)}::bigint * interval '1 millisecond')`;

/**
 * Fan-out: turns committed outbox events into one PENDING delivery per endpoint that wants the
 * type, due now, and marks the events dispatched, all in one transaction. Events are claimed
 * with FOR UPDATE SKIP LOCKED, and (event, endpoint) is unique, so several workers at once
 * neither skip nor duplicate anything. Returns how many events it took and the ids of the new
 * deliveries a sender must make: a listen session's (kind `cli`) are handed to the CLI by the
 * session's stream instead (lib/webhooks/listen/stream.ts).
 *
 * A listen session unseen for a minute (its CLI gone) gets nothing more: this pass closes it, in
 * its transaction, which ends its pending deliveries FAILED (lib/webhooks/listen/close.ts).
 */
export async function dispatchEvents(db: Database, options: Scope & { limit?: number } = {}): Promise<{ events: number; deliveries: string[] }> {
  const limit = options.limit ?? 200;
  // A cheap look first (the partial index of undispatched events): most passes find nothing.
  const [{ pending }] = rowsOf<{ pending: boolean }>(
    await db.execute(sql`select exists (select 1 from events where dispatched_at is null ${options.merchantId ? sql`and merchant_id = ${options.merchantId}` : sql``}) as pending`),
  );
  if (!pending) return { events: 0, deliveries: [] };
  return db.transaction(async (tx) => {
    const picked = rowsOf<{ id: string; merchant_id: string; application_id: string; mode: Mode; type: string; offset: number | string }>(
      await tx.execute(sql`
        select e.id, e.merchant_id, e.application_id, e.mode, e.type, m.test_clock_offset_seconds as offset
        from events e join merchants m on m.id = e.merchant_id
        where e.dispatched_at is null ${options.merchantId ? sql`and e.merchant_id = ${options.merchantId}` : sql``}
        order by e.created_at
        limit ${limit}
        for update of e skip locked`),
    );
    if (picked.length === 0) return { events: 0, deliveries: [] };
    const appIds = [...new Set(picked.map((e) => e.application_id))];
    const found = await tx
      .select({
        id: webhookEndpoints.id,
        applicationId: webhookEndpoints.applicationId,
        mode: webhookEndpoints.mode,
        enabledEvents: webhookEndpoints.enabledEvents,
        kind: webhookEndpoints.kind,
        stale: sql<boolean>`${staleSql("webhook_endpoints")}`,
      })
      .from(webhookEndpoints)
      .where(and(inArray(webhookEndpoints.applicationId, appIds), eq(webhookEndpoints.enabled, true), isNull(webhookEndpoints.deletedAt)));
    await closeSessions(tx as unknown as Database, found.filter((e) => e.stale).map((e) => e.id));
    const endpoints = found.filter((e) => !e.stale);
    const streamed = new Set(endpoints.filter((e) => e.kind === "cli").map((e) => e.id));
    const rows: (typeof webhookDeliveries.$inferInsert)[] = [];
    for (const event of picked) {
      if (!isEventType(event.type)) log("warn", "event type missing from the catalogue", { event_id: event.id, type: event.type });
      for (const endpoint of endpoints) {
        if (endpoint.applicationId !== event.application_id || endpoint.mode !== event.mode || !endpointWants(endpoint.enabledEvents, event.type)) continue;
        rows.push(newDeliveryRow({ eventId: event.id, eventType: event.type, merchantId: event.merchant_id, applicationId: event.application_id, mode: event.mode, endpointId: endpoint.id, clockOffsetSeconds: Number(event.offset) }));
      }
    }
    const toSend = rows.filter((r) => !streamed.has(r.endpointId));
    const toStream = rows.filter((r) => streamed.has(r.endpointId));
    const created = toSend.length ? await insertDeliveries(tx as unknown as Database, toSend) : [];
    if (toStream.length) await insertDeliveries(tx as unknown as Database, toStream);
    await tx.update(events).set({ dispatchedAt: sql`now()` }).where(inArray(events.id, picked.map((e) => e.id)));
    return { events: picked.length, deliveries: created };
  });
}

type NewDelivery = { eventId: string; eventType: string; merchantId: string; applicationId: string; mode: Mode; endpointId: string; clockOffsetSeconds: number };

/** A PENDING delivery due at once: its next_attempt_at is "now" on the merchant's clock (see claimDue). */
export function newDeliveryRow(d: NewDelivery): typeof webhookDeliveries.$inferInsert {
  const offsetMs = d.mode === "test" ? d.clockOffsetSeconds * 1000 : 0;
  return {
    id: newId("whd"),
    merchantId: d.merchantId,
    applicationId: d.applicationId,
    mode: d.mode,
    endpointId: d.endpointId,
    eventId: d.eventId,
    eventType: d.eventType,
    status: "PENDING",
    nextAttemptAt: sql`now() + ${ms(offsetMs)}` as unknown as Date,
    // Per row, so deliveries fanned out together keep their order in the log.
    createdAt: sql`clock_timestamp()` as unknown as Date,
  };
}

export async function insertDeliveries(db: Database, rows: (typeof webhookDeliveries.$inferInsert)[]): Promise<string[]> {
  const inserted = await db.insert(webhookDeliveries).values(rows).onConflictDoNothing().returning({ id: webhookDeliveries.id });
  return inserted.map((r) => r.id);
}

export type Claim = { id: string; token: string; plan: SendPlan };

type PlanRow = {
  id: string;
  event_id: string;
  endpoint_id: string;
  kind: "http" | "cli";
  url: string;
  enabled: boolean;
  deleted_at: Date | string | null;
  secret_ciphertext: string;
  previous_secret_ciphertext: string | null;
  previous_secret_expires_at: Date | string | null;
  payload: EventPayload | string;
};

// What an attempt needs, read in the same statement that claims (or, for a manual re-send, selects) the delivery.
const planColumns = sql.raw(`d.id, d.event_id, w.id as endpoint_id, w.kind, w.url, w.enabled, w.deleted_at, w.secret_ciphertext,
  w.previous_secret_ciphertext, w.previous_secret_expires_at, e.payload`);

// The advisory lock space of "claiming for this endpoint" (pg_try_advisory_xact_lock(key, hashtext(endpoint id))).
const ENDPOINT_CLAIM_LOCK = 250_001;

/**
 * Claims due PENDING deliveries (on each merchant's clock) and, in the same statement, moves their
 * next_attempt_at forward by a lease, stamps a claim token and reads what the attempts need. No
 * transaction stays open during the HTTP call: a worker that dies before recording its attempt
 * leaves a claim that expires with the lease, and the attempt is made again. While claimed,
 * next_attempt_at is the lease's end in real time (a sandbox clock advance must not end the lease
 * of an attempt still in flight and hand it to a second sender).
 *
 * Isolation between endpoints (issue 25), so one receiver never delays another's deliveries:
 * - per endpoint, at most `perEndpoint` attempts in flight (1 while the endpoint is slow, see
 *   endpoint-health.ts), counting the unexpired claims in the database: across workers and
 *   instances. Claimers of one endpoint take turns (a transaction-scoped advisory lock, skipped
 *   when held: that endpoint waits for the next pass), and the claim is read in a statement that
 *   starts after the lock is held, so it sees every claim committed before: two instances cannot
 *   both fill the same room;
 * - fair order: each endpoint's due deliveries are ranked (oldest due first), each merchant's
 *   candidates ranked by that rank, and the claim takes rank 1 of every merchant, then rank 2…: a
 *   merchant with a backlog, or many endpoints, gets a share of the pass, not the whole of it.
 */
export async function claimDue(
  db: Database,
  options: Scope & { limit: number; leaseMs: number; deliveryId?: string; perEndpoint?: number; slowPerEndpoint?: number; excludeIds?: string[] },
): Promise<Claim[]> {
  const token = randomUUID();
  const perEndpoint = options.perEndpoint ?? ENDPOINT_MAX_IN_FLIGHT;
  const slowPerEndpoint = options.slowPerEndpoint ?? SLOW_ENDPOINT_MAX_IN_FLIGHT;
  const due = sql`d.status = 'PENDING' and d.next_attempt_at <= ${dueClock}
    ${options.deliveryId ? sql`and d.id = ${options.deliveryId}` : sql``}
    ${options.excludeIds?.length ? sql`and d.id not in (${sql.join(options.excludeIds.map((id) => sql`${id}`), sql`, `)})` : sql``}`;
  const rows = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const endpoints = rowsOf<{ id: string }>(
      await tx.execute(sql`
        with candidates as materialized (
          select w.id from webhook_endpoints w
          -- A listen session's deliveries are handed to the CLI by its stream, never POSTed.
          where w.kind = 'http' and exists (select 1 from webhook_deliveries d join merchants m on m.id = d.merchant_id where d.endpoint_id = w.id and ${due})
            ${options.merchantId ? sql`and w.merchant_id = ${options.merchantId}` : sql``}
        )
        select id from candidates where pg_try_advisory_xact_lock(${ENDPOINT_CLAIM_LOCK}, hashtext(id))`),
    ).map((r) => r.id);
    if (endpoints.length === 0) return [];
    return rowsOf<PlanRow>(
      await tx.execute(sql`
        with room as (
          select w.id, w.merchant_id,
            -- A disabled or deleted endpoint's deliveries end unsent (abandon): no reason to hold them back.
            case when not w.enabled or w.deleted_at is not null then ${options.limit}::int
              when w.slow_until > now() then ${slowPerEndpoint}::int
              else ${perEndpoint}::int end
            - (select count(*) from webhook_deliveries d
               where d.endpoint_id = w.id and d.status = 'PENDING' and d.claim_token is not null and d.next_attempt_at > now())::int as room
          from webhook_endpoints w
          where w.id in (${sql.join(endpoints.map((id) => sql`${id}`), sql`, `)})
        ),
        candidates as (
          select c.id, c.next_attempt_at, room.merchant_id, c.endpoint_rank from room
          cross join lateral (
            select d.id, d.next_attempt_at, row_number() over (order by d.next_attempt_at, d.id) as endpoint_rank
            from webhook_deliveries d join merchants m on m.id = d.merchant_id
            where d.endpoint_id = room.id and ${due}
            order by d.next_attempt_at, d.id
            limit greatest(room.room, 0)
          ) c
        ),
        turns as (
          select id, next_attempt_at, row_number() over (partition by merchant_id order by endpoint_rank, next_attempt_at, id) as turn
          from candidates
        ),
        chosen as (
          select d.id from webhook_deliveries d join merchants m on m.id = d.merchant_id
          where d.id in (select id from turns order by turn, next_attempt_at, id limit ${options.limit})
            and ${due}
          for update of d skip locked
        )
        update webhook_deliveries d
        set claim_token = ${token}, next_attempt_at = now() + ${ms(options.leaseMs)}
        from chosen, merchants m, webhook_endpoints w, events e
        where d.id = chosen.id and m.id = d.merchant_id and w.id = d.endpoint_id and e.id = d.event_id
        returning ${planColumns}`),
    );
  });
  return rows.map((r) => ({ id: r.id, token, plan: toPlan(r) }));
}

export type SendPlan = {
  deliveryId: string;
  eventId: string;
  eventType: string;
  /** `cli`: a listen session's delivery, which the CLI forwards (lib/webhooks/listen). */
  kind: "http" | "cli";
  url: string;
  body: string;
  secrets: string[];
  endpointState: "active" | "disabled" | "deleted";
};

function toPlan(row: PlanRow): SendPlan {
  const payload = (typeof row.payload === "string" ? JSON.parse(row.payload) : row.payload) as EventPayload;
  const secrets = [openSecret(row.endpoint_id, row.secret_ciphertext)];
  if (row.previous_secret_ciphertext && row.previous_secret_expires_at && new Date(row.previous_secret_expires_at) > systemNow()) {
    secrets.push(openSecret(row.endpoint_id, row.previous_secret_ciphertext));
  }
  return {
    deliveryId: row.id,
    eventId: row.event_id,
    eventType: payload.type,
    kind: row.kind,
    url: row.url,
    body: eventBody(payload),
    secrets,
    endpointState: row.deleted_at ? "deleted" : row.enabled ? "active" : "disabled",
  };
}

async function loadPlan(db: Database, id: string): Promise<SendPlan | null> {
  const [row] = rowsOf<PlanRow>(
    await db.execute(sql`
      select ${planColumns} from webhook_deliveries d
      join webhook_endpoints w on w.id = d.endpoint_id join events e on e.id = d.event_id
      where d.id = ${id}`),
  );
  return row ? toPlan(row) : null;
}

/**
 * The plans of a listen session's PENDING deliveries among `ids`, oldest first: what its stream
 * hands to the CLI, with the same body and secrets an HTTP attempt uses.
 */
export async function streamPlans(db: Database, endpointId: string, ids: string[]): Promise<SendPlan[]> {
  if (ids.length === 0) return [];
  const rows = rowsOf<PlanRow>(
    await db.execute(sql`
      select ${planColumns} from webhook_deliveries d
      join webhook_endpoints w on w.id = d.endpoint_id join events e on e.id = d.event_id
      where d.endpoint_id = ${endpointId} and d.status = 'PENDING' and d.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})
      order by d.created_at, d.id`),
  );
  return rows.map(toPlan);
}

/**
 * The request a real attempt makes, signed at `at`: its body and every header postWebhook sends
 * but the length (the forwarder's HTTP client sets it). What a listen session's stream hands the CLI.
 */
export function signedRequest(plan: SendPlan, at: Date): { body: string; headers: Record<string, string> } {
  return { body: plan.body, headers: { "content-type": WEBHOOK_CONTENT_TYPE, "user-agent": USER_AGENT, ...signatureHeaders(plan.eventId, plan.body, plan.secrets, at) } };
}

/** Signs and sends one attempt of a planned delivery, in both schemes. The webhook-id is the event id, on every attempt. */
function send(plan: SendPlan, policy: DeliveryPolicy): Promise<SendResult> {
  const headers = signatureHeaders(plan.eventId, plan.body, plan.secrets, systemNow());
  return postWebhook(plan.url, plan.body, headers, { timeoutMs: policy.timeoutMs, allowPrivateTargets: policy.allowPrivateTargets, resolver: policy.resolver });
}

const jsonOrNull = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

export type AttemptOutcome = { deliveryId: string; status: WebhookDeliveryStatus; attemptNumber: number | null; result: SendResult | null };

/**
 * Records an attempt and moves the delivery on, in one statement under a row lock (so a manual
 * re-send and an automatic attempt never interleave their updates):
 * - automatic, holding the current claim: success → SUCCESS; failure → the next automatic
 *   attempt per the schedule (on the merchant's clock), or FAILED after the last one;
 * - manual (or an automatic attempt whose claim was lost): success → SUCCESS; a failure leaves
 *   the status and schedule as they were. Every attempt is logged either way.
 */
async function recordAttempt(
  db: Database,
  input: { deliveryId: string; token: string | null; trigger: WebhookAttemptTrigger; url: string; startedAt: Date; result: SendResult; schedule: readonly number[] },
): Promise<AttemptOutcome> {
  const { result } = input;
  const ok = result.ok;
  // The schedule is integers of our own (never user input), inlined as an array literal.
  const schedule = sql.raw(`'{${input.schedule.map((v) => Math.max(0, Math.round(Number(v)))).join(",")}}'::bigint[]`);
  const owns = input.trigger === "automatic" && input.token !== null;
  const statement = (tx: Database) =>
    tx.execute(sql`
      with cur as (
        select d.id, d.status, d.attempt_count, d.auto_attempts, d.mode, d.next_attempt_at, d.claim_token, d.delivered_at,
          ${owns ? sql`(d.claim_token is not distinct from ${input.token})` : sql`false`} as owns,
          m.test_clock_offset_seconds as clock_offset
        from webhook_deliveries d join merchants m on m.id = d.merchant_id
        where d.id = ${input.deliveryId}
        for update of d
      ),
      calc as (
        select cur.*, cur.attempt_count + 1 as number,
          case when cur.owns and not ${ok} then (${schedule})[cur.auto_attempts + 2] end as delay_ms
        from cur
      ),
      attempt as (
        insert into webhook_attempts (id, delivery_id, number, trigger, url, status, status_code, error, response_excerpt, request_headers, response_headers, duration_ms, started_at)
        select ${newId("wha")}, calc.id, calc.number, ${input.trigger}, ${input.url}, ${ok ? "SUCCESS" : "FAILED"}, ${result.statusCode}::int,
          ${result.error}, ${result.excerpt}, ${jsonOrNull(result.requestHeaders)}::jsonb, ${jsonOrNull(result.responseHeaders)}::jsonb,
          ${result.durationMs}::int, ${input.startedAt.toISOString()}::timestamptz
        from calc
      )
      update webhook_deliveries d set
        attempt_count = calc.number,
        auto_attempts = case when calc.owns then calc.auto_attempts + 1 else calc.auto_attempts end,
        status = case when ${ok} then 'SUCCESS' when calc.owns and calc.delay_ms is null then 'FAILED' else calc.status end,
        next_attempt_at = case
          when ${ok} then null
          when calc.owns and calc.delay_ms is null then null
          when calc.owns then now() + (case when calc.mode = 'test' then calc.clock_offset * interval '1 second' else interval '0' end) + calc.delay_ms * interval '1 millisecond'
          else calc.next_attempt_at end,
        claim_token = case when ${ok} or calc.owns then null else calc.claim_token end,
        delivered_at = case when ${ok} then coalesce(calc.delivered_at, now()) else calc.delivered_at end,
        last_attempt_at = ${input.startedAt.toISOString()}::timestamptz,
        last_status_code = ${result.statusCode}::int,
        last_error = ${result.error},
        last_response_excerpt = ${result.excerpt},
        updated_at = now()
      from calc
      where d.id = calc.id
      returning d.status, calc.number, d.endpoint_id`);
  type Row = { status: WebhookDeliveryStatus; number: number | string; endpoint_id: string };
  // A failure may make the endpoint "failing for 24 hours": that notice (lib/notifications) is written with the attempt.
  const [row] = ok
    ? rowsOf<Row>(await statement(db))
    : await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Database;
        const rows = rowsOf<Row>(await statement(tx));
        if (rows[0]) await notifyIfEndpointFailing(tx, { endpointId: rows[0].endpoint_id, at: input.startedAt });
        return rows;
      });
  if (!row) throw new Error(`delivery ${input.deliveryId} not found while recording an attempt`);
  // The attempt is recorded whatever happens here: a lost health note only delays a slow-down.
  await noteEndpointHealth(db, row.endpoint_id, result).catch((error) => log("error", "webhook endpoint health not noted", { endpoint_id: row.endpoint_id, error: describeError(error) }));
  return { deliveryId: input.deliveryId, status: row.status, attemptNumber: Number(row.number), result };
}

/** A claimed delivery whose endpoint is no longer active ends FAILED without an HTTP attempt. */
async function abandon(db: Database, claim: Claim, reason: string): Promise<AttemptOutcome> {
  await db
    .update(webhookDeliveries)
    .set({ status: "FAILED", nextAttemptAt: null, claimToken: null, lastError: reason, updatedAt: sql`now()` })
    .where(and(eq(webhookDeliveries.id, claim.id), eq(webhookDeliveries.claimToken, claim.token)));
  return { deliveryId: claim.id, status: "FAILED", attemptNumber: null, result: null };
}

/** One function per claim that makes its automatic attempt and records it, so a caller can run them with its own concurrency. */
export function prepareClaimed(db: Database, claims: Claim[], policy: DeliveryPolicy = defaultPolicy()): (() => Promise<AttemptOutcome>)[] {
  return claims.map((claim) => async () => {
    const { plan } = claim;
    if (plan.endpointState !== "active") return abandon(db, claim, `endpoint ${plan.endpointState}: not sent`);
    const startedAt = systemNow();
    const result = await send(plan, policy);
    try {
      return await recordAttempt(db, { deliveryId: claim.id, token: claim.token, trigger: "automatic", url: plan.url, startedAt, result, schedule: policy.schedule });
    } catch (error) {
      // The claim expires and the attempt is made again: at-least-once, same webhook-id.
      log("error", "webhook attempt not recorded", { delivery_id: claim.id, error: describeError(error) });
      return { deliveryId: claim.id, status: "PENDING" as const, attemptNumber: null, result };
    }
  });
}

/** Makes the automatic attempt of each claimed delivery, concurrently, and records them. */
export async function attemptClaimed(db: Database, claims: Claim[], policy: DeliveryPolicy = defaultPolicy()): Promise<AttemptOutcome[]> {
  return Promise.all(prepareClaimed(db, claims, policy).map((attempt) => attempt()));
}

export const leaseFor = (policy: DeliveryPolicy) => policy.timeoutMs + CLAIM_MARGIN_MS;

/** How claimDue claims under a policy: the lease, and the in-flight bounds per endpoint. */
export const claimTerms = (policy: DeliveryPolicy) => ({
  leaseMs: leaseFor(policy),
  perEndpoint: policy.endpointMaxInFlight ?? ENDPOINT_MAX_IN_FLIGHT,
  slowPerEndpoint: policy.slowEndpointMaxInFlight ?? SLOW_ENDPOINT_MAX_IN_FLIGHT,
});

/**
 * Due work, now: fans out new events, then claims due deliveries and attempts each once, round
 * after round (each within the per-endpoint bounds) until nothing not yet attempted is due, `limit`
 * attempts were made, or a round timed out somewhere (a receiver that does not answer would make
 * each further round wait out the timeout again: the worker takes those). What a scoped run (sandbox clock advance)
 * and the tests call; the worker does the same continuously.
 */
export async function deliverDue(db: Database, options: Scope & { policy?: DeliveryPolicy; limit?: number } = {}): Promise<AttemptOutcome[]> {
  const policy = options.policy ?? defaultPolicy();
  const limit = options.limit ?? 50;
  // Fan out until this scope's outbox is drained.
  while ((await dispatchEvents(db, { merchantId: options.merchantId })).events > 0);
  const outcomes: AttemptOutcome[] = [];
  while (outcomes.length < limit) {
    const excludeIds = outcomes.map((o) => o.deliveryId);
    const claims = await claimDue(db, { merchantId: options.merchantId, limit: limit - outcomes.length, excludeIds, ...claimTerms(policy) });
    if (claims.length === 0) break;
    const round = await attemptClaimed(db, claims, policy);
    outcomes.push(...round);
    if (round.some((o) => o.result && timedOut(o.result))) break;
  }
  return outcomes;
}

/**
 * A manual re-send (POST /v1/webhooks/logs/{id}/retry): one attempt now, whatever the status,
 * logged with trigger "manual". Returns null when the delivery's endpoint was deleted.
 */
export async function resendNow(db: Database, deliveryId: string, policy: DeliveryPolicy = defaultPolicy()): Promise<AttemptOutcome | null> {
  const plan = await loadPlan(db, deliveryId);
  if (plan?.kind === "cli") throw new ApiError("LISTEN_DELIVERY_NOT_RESENDABLE");
  if (!plan || plan.endpointState === "deleted") return null;
  const startedAt = systemNow();
  const result = await send(plan, policy);
  return recordAttempt(db, { deliveryId, token: null, trigger: "manual", url: plan.url, startedAt, result, schedule: policy.schedule });
}

/**
 * `busy`: the delivery is due but was not claimed because its endpoint has its attempts in
 * flight already (claimDue's per-endpoint bound): the caller tries again a little later.
 */
export type StepOutcome = { status: WebhookDeliveryStatus; attempted: boolean; attemptNumber: number | null; wakeAt: string | null; busy: boolean };

/**
 * One step of the Inngest delivery function: attempts this delivery if it is due (claiming it
 * like the worker does), then reports where it stands: done (SUCCESS or FAILED), or the real
 * time at which it is next due (its merchant-clock next_attempt_at, less the sandbox offset, or
 * the end of a claim's lease).
 */
export async function deliverOnce(db: Database, deliveryId: string, policy: DeliveryPolicy = defaultPolicy()): Promise<StepOutcome> {
  const claims = await claimDue(db, { deliveryId, limit: 1, ...claimTerms(policy) });
  let attemptNumber: number | null = null;
  if (claims.length) [{ attemptNumber }] = await attemptClaimed(db, claims, policy);
  const [row] = await db
    .select({ status: webhookDeliveries.status, nextAttemptAt: webhookDeliveries.nextAttemptAt, claimToken: webhookDeliveries.claimToken, mode: webhookDeliveries.mode, offset: merchants.testClockOffsetSeconds })
    .from(webhookDeliveries)
    .innerJoin(merchants, eq(merchants.id, webhookDeliveries.merchantId))
    .where(eq(webhookDeliveries.id, deliveryId));
  if (!row) return { status: "FAILED", attempted: false, attemptNumber: null, wakeAt: null, busy: false };
  // A claim's lease end is real time already (claimDue); a schedule is on the merchant's clock.
  const offsetMs = row.mode === "test" && !row.claimToken ? row.offset * 1000 : 0;
  const wake = row.status === "PENDING" && row.nextAttemptAt ? new Date(row.nextAttemptAt.getTime() - offsetMs) : null;
  const busy = claims.length === 0 && wake !== null && wake.getTime() <= systemNow().getTime();
  return { status: row.status, attempted: claims.length > 0, attemptNumber, wakeAt: wake?.toISOString() ?? null, busy };
}

/**
 * PENDING deliveries overdue by more than `graceMs` on their merchant's clock: work whose
 * runner was lost (an Inngest run that never started). The Inngest sweep hands them out again.
 */
export async function overdueDeliveries(db: Database, graceMs: number, limit = 500): Promise<{ id: string; attemptCount: number }[]> {
  const rows = rowsOf<{ id: string; attempt_count: number }>(
    await db.execute(sql`
      select d.id, d.attempt_count from webhook_deliveries d join merchants m on m.id = d.merchant_id
      where d.status = 'PENDING' and d.next_attempt_at <= ${dueClock} - ${ms(graceMs)}
        and exists (select 1 from webhook_endpoints w where w.id = d.endpoint_id and w.kind = 'http')
      order by d.next_attempt_at limit ${limit}`),
  );
  return rows.map((r) => ({ id: r.id, attemptCount: Number(r.attempt_count) }));
}
