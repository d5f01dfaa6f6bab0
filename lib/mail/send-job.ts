import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { rowsOf } from "@/db/rows";
import { CONCURRENT_CLAIMS, dueIn } from "@/lib/jobs/outbox-claims";
import type { MailStatus } from "@/db/schema";
import { log } from "@/lib/log";
import { mailSettings, type MailSettings } from "./config";
import { maskEmail } from "./mask";
import { defaultMailPolicy, nextRetryDelayMs, type MailPolicy } from "./policy";
import { openTransport, type MailTransport } from "./transport";

export type MailClaim = { id: string; token: string; to: string; template: string; subject: string; text: string; html: string; attempts: number };

export type MailOutcome = { id: string; status: MailStatus; attempts: number; nextAttemptAt: Date | null; recorded: boolean };

const ms = (value: number) => sql`(${Math.round(value)}::bigint * interval '1 millisecond')`;

/**
 * Claims due messages with FOR UPDATE SKIP LOCKED and, in the same statement, stamps a claim
 * token and a lease (claimed_until). No transaction stays open during the SMTP conversation;
 * a claimed message is no other sender's until the lease ends, and a sender that dies before
 * recording its attempt leaves a claim that expires, after which the message is tried again.
 *
 * Kinds of mail take turns (each template's oldest before any template's second): a merchant's
 * burst of a thousand invoices does not hold back a password reset, a verification code or a
 * customer's receipt queued after it.
 */
export async function claimDueMail(db: Database, options: { limit: number; leaseMs: number }): Promise<MailClaim[]> {
  const token = randomUUID();
  const rows = rowsOf<Omit<MailClaim, "token" | "attempts"> & { attempts: number | string }>(
    await db.execute(sql`
      with recursive kinds as (
        -- The templates with pending mail, one index probe each (a skip scan of mail_outbox_turns_idx).
        (select template from mail_outbox where status = 'PENDING' order by template limit 1)
        union all
        select (select o.template from mail_outbox o where o.status = 'PENDING' and o.template > kinds.template order by o.template limit 1)
        from kinds where kinds.template is not null
      ),
      candidates as (
        -- Each kind's next few, oldest first; room for several claims running at once.
        select c.* from kinds cross join lateral (
          select o.id, o.template, o.next_attempt_at from mail_outbox o
          where o.template = kinds.template and ${dueIn("o")}
          order by o.next_attempt_at, o.id
          limit ${options.limit * CONCURRENT_CLAIMS}
        ) c
      ),
      turns as (
        select id as turn_id, next_attempt_at as due_at, row_number() over (partition by template order by next_attempt_at, id) as turn
        from candidates
        order by turn, due_at, turn_id
        limit ${options.limit * CONCURRENT_CLAIMS}
      ),
      due as (
        -- Locked as the limit takes them: a row another claim holds is skipped, the next one taken.
        select m.id from mail_outbox m join turns t on t.turn_id = m.id
        where ${dueIn("m")}
        order by t.turn, t.due_at, t.turn_id
        limit ${options.limit}
        for update of m skip locked
      )
      update mail_outbox m set claim_token = ${token}, claimed_until = now() + ${ms(options.leaseMs)}
      from due where m.id = due.id
      returning m.id, m.to, m.template, m.subject, m.text, m.html, m.attempts`),
  );
  return rows.map((r) => ({ ...r, token, attempts: Number(r.attempts) }));
}

/** Error text kept on the row (never logged: a server's refusal may quote the address). */
function describeSmtpError(error: unknown): string {
  const e = error as { code?: string; responseCode?: number; message?: string };
  return [e.code, e.responseCode, e.message ?? String(error)].filter((part) => part !== undefined && part !== "").join(" ").slice(0, 1_000);
}

/**
 * Records an attempt, if this sender still holds the claim: SENT; or back to PENDING with the
 * next attempt per the policy; or FAILED after the last. A lost claim (the lease ran out and
 * another sender took the message) records nothing: that sender's attempt is the one kept.
 */
async function recordAttempt(db: Database, claim: MailClaim, result: { ok: true } | { ok: false; error: string }, policy: MailPolicy): Promise<MailOutcome> {
  const attempts = claim.attempts + 1;
  const delay = result.ok ? null : nextRetryDelayMs(policy, attempts);
  const status: MailStatus = result.ok ? "SENT" : delay === null ? "FAILED" : "PENDING";
  const [row] = rowsOf<{ next_attempt_at: Date | string }>(
    await db.execute(sql`
      update mail_outbox set
        status = ${status},
        attempts = ${attempts}::int,
        sent_at = ${result.ok ? sql`now()` : sql`null`},
        next_attempt_at = ${delay === null ? sql`next_attempt_at` : sql`now() + ${ms(delay)}`},
        last_error = ${result.ok ? null : result.error},
        claim_token = null,
        claimed_until = null
      where id = ${claim.id} and claim_token = ${claim.token}
      returning next_attempt_at`),
  );
  if (!row) return { id: claim.id, status, attempts, nextAttemptAt: null, recorded: false };
  return { id: claim.id, status, attempts, nextAttemptAt: status === "PENDING" ? new Date(row.next_attempt_at) : null, recorded: true };
}

async function attempt(db: Database, transport: MailTransport, from: string, claim: MailClaim, policy: MailPolicy): Promise<MailOutcome> {
  const fields = { mail_id: claim.id, to: maskEmail(claim.to), template: claim.template, attempt: claim.attempts + 1 };
  let result: { ok: true } | { ok: false; error: string };
  try {
    const receipt = await transport.send({ id: claim.id, from, to: claim.to, subject: claim.subject, text: claim.text, html: claim.html });
    result = { ok: true };
    log("info", "mail sent", { ...fields, transport: transport.kind, message_id: receipt.messageId });
  } catch (error) {
    const e = error as { code?: string; responseCode?: number };
    result = { ok: false, error: describeSmtpError(error) };
    log("warn", "mail attempt failed", { ...fields, code: e.code ?? null, response_code: e.responseCode ?? null });
  }
  try {
    const outcome = await recordAttempt(db, claim, result, policy);
    if (!outcome.recorded) log("warn", "mail attempt not recorded: claim lost", fields);
    else if (!result.ok) log("info", "mail attempt recorded", { ...fields, status: outcome.status, next_attempt_at: outcome.nextAttemptAt?.toISOString() ?? null });
    return outcome;
  } catch (error) {
    // The claim runs out and the message is tried again: after a success, a second copy (docs/decisions/mail.md).
    log("error", "mail attempt not recorded", { ...fields, sent: result.ok, error: error instanceof Error ? error.message : String(error) });
    return { id: claim.id, status: "PENDING", attempts: claim.attempts, nextAttemptAt: null, recorded: false };
  }
}

/** Sends each claimed message at once (one SMTP connection each) and records every attempt. */
export function attemptClaimed(db: Database, claims: MailClaim[], via: { transport: MailTransport; from: string; policy: MailPolicy }): Promise<MailOutcome[]> {
  return Promise.all(claims.map((claim) => attempt(db, via.transport, via.from, claim, via.policy)));
}

// Production without SMTP says so at most this often per process, while mail waits.
const UNCONFIGURED_LOG_EVERY_MS = 10 * 60_000;
let lastUnconfiguredLog = 0;

/**
 * One pass of the mail-delivery job: claims due messages (`limit` at a time, each on its own
 * SMTP connection) and sends them until none is due. In production without SMTP nothing is
 * claimed: the messages stay PENDING with their attempts untouched, and a log line says why.
 */
export async function sendDueMail(db: Database, options: { settings?: MailSettings; policy?: MailPolicy; limit?: number; maxRounds?: number } = {}): Promise<MailOutcome[]> {
  // A cheap look first (the partial index of PENDING messages): most passes find nothing.
  const [{ waiting }] = rowsOf<{ waiting: number | string }>(await db.execute(sql`select count(*) as waiting from mail_outbox o where ${dueIn("o")}`));
  if (Number(waiting) === 0) return [];
  const settings = options.settings ?? mailSettings();
  const policy = options.policy ?? defaultMailPolicy();
  const transport = openTransport(settings.delivery, policy);
  if (!transport) {
    if (Date.now() - lastUnconfiguredLog >= UNCONFIGURED_LOG_EVERY_MS) {
      lastUnconfiguredLog = Date.now();
      log("warn", "SMTP is not configured: mail waits in the outbox unsent (set SMTP_URL or SMTP_HOST)", { waiting: Number(waiting) });
    }
    return [];
  }
  const limit = options.limit ?? 10;
  const outcomes: MailOutcome[] = [];
  try {
    for (let round = 0; round < (options.maxRounds ?? 20); round++) {
      const claims = await claimDueMail(db, { limit, leaseMs: policy.leaseMs });
      outcomes.push(...(await attemptClaimed(db, claims, { transport, from: settings.from, policy })));
      if (claims.length < limit) break;
    }
  } finally {
    transport.close();
  }
  return outcomes;
}
