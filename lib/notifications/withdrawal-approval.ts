import { and, eq, inArray, isNotNull, ne } from "drizzle-orm";
import type { Database } from "@/db/client";
import { merchants, users, type Withdrawal } from "@/db/schema";
import { publicBaseUrl } from "@/lib/config";
import { enqueueMail } from "@/lib/mail/outbox";

/** Users have no language of their own yet: merchants in Mali read French first (as ./merchant.ts). */
const LOCALE = "fr" as const;
const APPROVERS = ["owner", "admin"] as const;
const userIdOf = (actor: string | null) => (actor?.startsWith("user:") ? actor.slice("user:".length) : null);
const withdrawalLink = (w: Withdrawal) => `${publicBaseUrl()}/dashboard/withdrawals/${encodeURIComponent(w.id)}`;

async function emailOf(db: Database, actor: string | null): Promise<string | null> {
  const id = userIdOf(actor);
  if (!id) return null;
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, id));
  return row?.email ?? null;
}

/**
 * A withdrawal waits for the team: every owner and admin who joined, but the requester, is asked
 * to decide. Opt-outs do not apply: it is a task waiting for them, not a notice (and with every
 * approver opted out, the money would stay reserved unseen). Returns how many messages were created.
 */
export async function notifyWithdrawalAwaitingApproval(db: Database, w: Withdrawal, merchantName: string): Promise<number> {
  const requesterId = userIdOf(w.requestedBy);
  const recipients = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      and(
        eq(users.merchantId, w.merchantId),
        eq(users.role, "merchant"),
        inArray(users.merchantRole, [...APPROVERS]),
        isNotNull(users.passwordHash),
        requesterId ? ne(users.id, requesterId) : undefined,
      ),
    )
    .orderBy(users.createdAt, users.id);
  if (recipients.length === 0) return 0;
  const [merchant] = await db.select({ threshold: merchants.withdrawalApprovalThreshold }).from(merchants).where(eq(merchants.id, w.merchantId));
  const who = await emailOf(db, w.requestedBy);
  let created = 0;
  for (const r of recipients) {
    const result = await enqueueMail(db, {
      to: r.email,
      locale: LOCALE,
      template: "withdrawal_approval",
      params: { merchantName, mode: w.mode, step: "awaiting", reference: w.reference, amount: w.amount, netAmount: w.netAmount, who, threshold: merchant?.threshold ?? null, reason: null, link: withdrawalLink(w) },
      dedupeKey: `withdrawal:${w.id}:awaiting-approval:${r.id}`,
    });
    if (result.created) created++;
  }
  return created;
}

/**
 * The team approved or refused: the member who asked is told (a request made with an API key has
 * no one to mail; its integration hears withdrawal.requested or withdrawal.cancelled).
 */
export async function notifyWithdrawalDecided(db: Database, w: Withdrawal): Promise<number> {
  const to = await emailOf(db, w.requestedBy);
  if (!to) return 0;
  const step = w.status === "PENDING" ? "approved" : "refused";
  const [merchant] = await db.select({ name: merchants.name }).from(merchants).where(eq(merchants.id, w.merchantId));
  const result = await enqueueMail(db, {
    to,
    locale: LOCALE,
    template: "withdrawal_approval",
    params: {
      merchantName: merchant?.name ?? "Cauri",
      mode: w.mode,
      step,
      reference: w.reference,
      amount: w.amount,
      netAmount: w.netAmount,
      who: await emailOf(db, w.teamDecidedBy),
      threshold: null,
      reason: step === "refused" ? w.teamRefusalReason : null,
      link: withdrawalLink(w),
    },
    dedupeKey: `withdrawal:${w.id}:team-${step}:${userIdOf(w.requestedBy)}`,
  });
  return result.created ? 1 : 0;
}
