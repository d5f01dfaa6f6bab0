import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { rowsOf } from "@/db/rows";
import { CONCURRENT_CLAIMS, dueIn } from "@/lib/jobs/outbox-claims";
import type { SmsStatus } from "@/db/schema";
import { log } from "@/lib/log";
import { smsSettings, type SmsSettings } from "./config";
import { nextSmsRetryDelayMs, releaseTime, smsPolicy, type SmsPolicy } from "./policy";
import { SmppError } from "./smpp-gateway";
import { redactSent } from "./templates";
import { smsTransport, type SmsTransport } from "./transport";

/** `optedOut`: the number opted out after the message was written (a STOP meanwhile), and did not ask for it. */
export type SmsClaim = { id: string; token: string; mode: "test" | "live"; to: string; text: string; template: string; attempts: number; urgent: boolean; optedOut: boolean };
export type SmsOutcome = { id: string; status: SmsStatus; attempts: number; recorded: boolean };

const ms = (value: number) => sql`(${Math.round(value)}::bigint * interval '1 millisecond')`;

/** A number in logs: the country and the last two digits (never the whole number). */
export const maskedNumber = (e164: string) => `${e164.slice(0, 4)}•••${e164.slice(-2)}`;

/**
 * Claims due messages (FOR UPDATE SKIP LOCKED) under a lease, as the mail job does: no transaction
 * stays open while the gateway answers. Merchants take turns, as with webhooks: each merchant's
 * messages are ranked (a customer waiting on a page first, then oldest), and a claim takes every
 * merchant's first before anyone's second, so one merchant's thousand invoice reminders do not
 * hold back another's delivery code behind them.
 */
export async function claimDueSms(db: Database, options: { limit: number; leaseMs: number }): Promise<SmsClaim[]> {
  const token = randomUUID();
  const rows = rowsOf<Omit<SmsClaim, "token" | "attempts"> & { attempts: number | string }>(
    await db.execute(sql`
      with recursive senders as (
        -- The merchants with pending messages, one index probe each (a skip scan of sms_outbox_turns_idx).
        (select merchant_id from sms_outbox where status = 'PENDING' and merchant_id is not null order by merchant_id limit 1)
        union all
        select (select o.merchant_id from sms_outbox o where o.status = 'PENDING' and o.merchant_id > senders.merchant_id order by o.merchant_id limit 1)
        from senders where senders.merchant_id is not null
      ),
      candidates as (
        -- Each merchant's next few, in its own order; room for several claims running at once.
        select c.* from senders cross join lateral (
          select o.id, o.merchant_id, o.urgent, o.next_attempt_at from sms_outbox o
          where o.merchant_id = senders.merchant_id and ${dueIn("o")}
          order by o.urgent desc nulls last, o.next_attempt_at, o.id
          limit ${options.limit * CONCURRENT_CLAIMS}
        ) c
        union all
        (select o.id, o.merchant_id, o.urgent, o.next_attempt_at from sms_outbox o
         where o.merchant_id is null and ${dueIn("o")}
         order by o.urgent desc, o.next_attempt_at, o.id
         limit ${options.limit * CONCURRENT_CLAIMS})
      ),
      turns as (
        select id as turn_id, urgent as waited_for, next_attempt_at as due_at,
          row_number() over (partition by merchant_id order by urgent desc, next_attempt_at, id) as turn
        from candidates
        order by turn, waited_for desc, due_at, turn_id
        limit ${options.limit * CONCURRENT_CLAIMS}
      ),
      due as (
        -- Locked as the limit takes them: a row another claim holds is skipped, the next one taken.
        select s.id from sms_outbox s join turns t on t.turn_id = s.id
        where ${dueIn("s")}
        order by t.turn, t.waited_for desc, t.due_at, t.turn_id
        limit ${options.limit}
        for update of s skip locked
      )
      update sms_outbox s set claim_token = ${token}, claimed_until = now() + ${ms(options.leaseMs)}
      from due where s.id = due.id
      returning s.id, s.mode, s.to, s.text, s.template, s.attempts, s.urgent,
        (not s.requested and exists (select 1 from sms_opt_outs o where o.merchant_id = s.merchant_id and o.phone = s.to)) as "optedOut"`),
  );
  return rows.map((r) => ({ ...r, token, attempts: Number(r.attempts) }));
}

type Attempt = { ok: true; messageIds: string[] } | { ok: false; error: string };

/**
 * Records an attempt if this sender still holds the claim: SENT with the gateway's ids; or
 * PENDING again after the policy's delay, held past the quiet hours unless urgent; or FAILED
 * after the last attempt. A lost claim records nothing. Once a message has left (or will never
 * leave), its template's secret (a delivery code) is blanked from the stored text.
 */
async function recordAttempt(db: Database, claim: SmsClaim, result: Attempt, policy: SmsPolicy): Promise<SmsOutcome> {
  const attempts = claim.attempts + 1;
  const delay = result.ok ? null : nextSmsRetryDelayMs(policy, attempts);
  const status: SmsStatus = result.ok ? "SENT" : delay === null ? "FAILED" : "PENDING";
  const next = delay === null ? null : releaseTime(new Date(Date.now() + delay), policy.quietHours, claim.urgent);
  const rows = rowsOf(
    await db.execute(sql`
      update sms_outbox set
        status = ${status},
        text = ${status === "PENDING" ? sql`text` : redactSent(claim.template, claim.text)},
        attempts = ${attempts}::int,
        sent_at = ${result.ok ? sql`now()` : sql`null`},
        gateway_message_ids = ${result.ok ? sql`${`{${result.messageIds.map((id) => JSON.stringify(id)).join(",")}}`}::text[]` : sql`gateway_message_ids`},
        next_attempt_at = ${next ? sql`${next.toISOString()}::timestamptz` : sql`next_attempt_at`},
        last_error = ${result.ok ? null : result.error},
        claim_token = null,
        claimed_until = null
      where id = ${claim.id} and claim_token = ${claim.token}
      returning id`),
  );
  return { id: claim.id, status, attempts, recorded: rows.length > 0 };
}

/** A message whose number said STOP while it waited (quiet hours, a retry) is not sent: SUPPRESSED, its secret blanked. */
async function suppressOptedOut(db: Database, claim: SmsClaim): Promise<SmsOutcome> {
  const rows = rowsOf(
    await db.execute(sql`
      update sms_outbox set status = 'SUPPRESSED', suppressed_reason = 'opted_out', text = ${redactSent(claim.template, claim.text)}, claim_token = null, claimed_until = null
      where id = ${claim.id} and claim_token = ${claim.token}
      returning id`),
  );
  log("info", "sms not sent: the number opted out while it waited", { sms_id: claim.id, to: maskedNumber(claim.to), template: claim.template });
  return { id: claim.id, status: "SUPPRESSED", attempts: claim.attempts, recorded: rows.length > 0 };
}

async function attempt(db: Database, transport: SmsTransport, from: string, claim: SmsClaim, policy: SmsPolicy): Promise<SmsOutcome> {
  if (claim.optedOut) return suppressOptedOut(db, claim);
  const fields = { sms_id: claim.id, to: maskedNumber(claim.to), template: claim.template, attempt: claim.attempts + 1 };
  let result: Attempt;
  try {
    // Test mode never reaches a real phone through the gateway (docs/decisions/sms.md): the sandbox keeps the message.
    const { messageIds } = claim.mode === "test" && transport.kind === "smpp" ? { messageIds: [`sandbox-${claim.id}`] } : await transport.send({ id: claim.id, from, to: claim.to, text: claim.text });
    result = { ok: true, messageIds };
    log("info", "sms sent", { ...fields, transport: transport.kind, segments: messageIds.length });
  } catch (error) {
    result = { ok: false, error: (error instanceof Error ? error.message : String(error)).slice(0, 1_000) };
    log("warn", "sms attempt failed", { ...fields, gateway_status: error instanceof SmppError ? error.status : null });
  }
  const outcome = await recordAttempt(db, claim, result, policy);
  if (!outcome.recorded) log("warn", "sms attempt not recorded: claim lost", fields);
  return outcome;
}

// Production without a gateway says so at most this often per process, while messages wait.
const UNCONFIGURED_LOG_EVERY_MS = 10 * 60_000;
let lastUnconfiguredLog = 0;

/**
 * One pass of the sms-delivery job: claims due messages and sends them, one at a time on the
 * process's gateway session (a gateway takes a window of requests, not a burst), until none is
 * due. In production without SMS_URL nothing is claimed: messages wait, PENDING.
 */
export async function sendDueSms(db: Database, options: { settings?: SmsSettings; policy?: SmsPolicy; limit?: number; maxRounds?: number } = {}): Promise<SmsOutcome[]> {
  const [{ waiting }] = rowsOf<{ waiting: number | string }>(await db.execute(sql`select count(*) as waiting from sms_outbox o where ${dueIn("o")}`));
  if (Number(waiting) === 0) return [];
  const settings = options.settings ?? smsSettings();
  const policy = options.policy ?? smsPolicy();
  const transport = smsTransport(settings.delivery, () => db, policy.timeoutMs);
  if (!transport) {
    if (Date.now() - lastUnconfiguredLog >= UNCONFIGURED_LOG_EVERY_MS) {
      lastUnconfiguredLog = Date.now();
      log("warn", "SMS is not configured: text messages wait in the outbox unsent (set SMS_URL)", { waiting: Number(waiting) });
    }
    return [];
  }
  const limit = options.limit ?? 20;
  const outcomes: SmsOutcome[] = [];
  for (let round = 0; round < (options.maxRounds ?? 10); round++) {
    const claims = await claimDueSms(db, { limit, leaseMs: policy.leaseMs });
    for (const claim of claims) outcomes.push(await attempt(db, transport, settings.sender, claim, policy));
    if (claims.length < limit) break;
  }
  return outcomes;
}
