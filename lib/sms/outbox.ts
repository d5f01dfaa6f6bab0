import { and, count, eq, gte, ne, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { smsOptOuts, smsOutbox, type Mode } from "@/db/schema";
import { newId } from "@/lib/ids";
import type { Locale } from "@/lib/i18n/locale";
import { segmentSms } from "./encoding";
import { releaseTime, smsPolicy, type SmsPolicy } from "./policy";
import { renderSms, type SmsParams, type SmsTemplateName } from "./templates";

export type EnqueueSms<N extends SmsTemplateName> = {
  merchantId: string;
  mode: Mode;
  /** E.164, as stored everywhere (lib/phone). */
  to: string;
  locale: Locale;
  template: N;
  params: SmsParams<N>;
  /** Names the cause (`delivery-code:<order id>`): a second enqueue with the same key adds nothing. */
  dedupeKey: string;
  /** The customer waits for it on a page: sent in quiet hours too. */
  urgent?: boolean;
  /** The customer asked for this very message (a resend they tapped): an opt-out does not hold it back. */
  requested?: boolean;
};

/** `sendAt`: when the message may leave (after quiet hours); null for a suppressed one. */
export type EnqueuedSms = { id: string; created: boolean; status: "PENDING" | "SUPPRESSED"; reason: "opted_out" | "daily_cap" | null; sendAt: Date | null };

// Any constant of our own, with the recipient's hash: enqueues for one number take turns, so the cap is never overrun by a race.
const RECIPIENT_LOCK = 731_044_217;

/**
 * Writes a text message to the outbox, rendered now. Call it with the transaction that makes the
 * change causing it, so the message exists if and only if the change committed; the sms-delivery
 * job sends it. The rules apply here, once: an opted-out number (unless it asked for this message)
 * and a number past the daily cap get a SUPPRESSED row with the reason instead of a message; in
 * quiet hours a message that is not urgent waits until they end.
 */
export async function enqueueSms<N extends SmsTemplateName>(db: Database, input: EnqueueSms<N>, policy: SmsPolicy = smsPolicy(), now = new Date()): Promise<EnqueuedSms> {
  const text = renderSms(input.template, input.locale, input.params);
  const { encoding, parts } = segmentSms(text);
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const [existing] = await tx.select(outcomeColumns).from(smsOutbox).where(eq(smsOutbox.dedupeKey, input.dedupeKey));
    if (existing) return outcomeOf(existing, false);
    await tx.execute(sql`select pg_advisory_xact_lock(${RECIPIENT_LOCK}, hashtext(${`${input.merchantId}:${input.to}`}))`);
    const reason = await suppression(tx, input, policy, now);
    const [row] = await tx
      .insert(smsOutbox)
      .values({
        id: newId("sms"),
        merchantId: input.merchantId,
        mode: input.mode,
        dedupeKey: input.dedupeKey,
        to: input.to,
        locale: input.locale,
        template: input.template,
        text,
        encoding,
        segments: parts.length,
        urgent: input.urgent ?? false,
        requested: input.requested ?? false,
        status: reason ? "SUPPRESSED" : "PENDING",
        suppressedReason: reason,
        nextAttemptAt: releaseTime(now, policy.quietHours, input.urgent ?? false),
        createdAt: now,
      })
      .onConflictDoNothing({ target: smsOutbox.dedupeKey })
      .returning(outcomeColumns);
    if (!row) {
      // A concurrent enqueue of the same cause committed first: its row is the message.
      const [winner] = await tx.select(outcomeColumns).from(smsOutbox).where(eq(smsOutbox.dedupeKey, input.dedupeKey));
      return outcomeOf(winner, false);
    }
    return outcomeOf(row, true);
  });
}

const outcomeColumns = { id: smsOutbox.id, status: smsOutbox.status, reason: smsOutbox.suppressedReason, nextAttemptAt: smsOutbox.nextAttemptAt };

function outcomeOf(row: { id: string; status: string; reason: string | null; nextAttemptAt: Date }, created: boolean): EnqueuedSms {
  const suppressed = row.status === "SUPPRESSED";
  return { id: row.id, created, status: suppressed ? "SUPPRESSED" : "PENDING", reason: (row.reason as EnqueuedSms["reason"]) ?? null, sendAt: suppressed ? null : row.nextAttemptAt };
}

async function suppression(tx: Database, input: EnqueueSms<SmsTemplateName>, policy: SmsPolicy, now: Date): Promise<EnqueuedSms["reason"]> {
  if (!input.requested) {
    const [optedOut] = await tx.select({ phone: smsOptOuts.phone }).from(smsOptOuts).where(and(eq(smsOptOuts.merchantId, input.merchantId), eq(smsOptOuts.phone, input.to)));
    if (optedOut) return "opted_out";
  }
  const [{ sent }] = await tx
    .select({ sent: count() })
    .from(smsOutbox)
    .where(and(eq(smsOutbox.merchantId, input.merchantId), eq(smsOutbox.to, input.to), gte(smsOutbox.createdAt, new Date(now.getTime() - 86_400_000)), ne(smsOutbox.status, "SUPPRESSED")));
  return sent >= policy.dailyCap ? "daily_cap" : null;
}

/** A number asks a merchant to stop; idempotent. */
export async function optOutOfSms(db: Database, merchantId: string, phone: string): Promise<void> {
  await db.insert(smsOptOuts).values({ merchantId, phone }).onConflictDoNothing();
}
