import { and, count, desc, eq, inArray } from "drizzle-orm";
import type { Database } from "@/db/client";
import { auditLog, users, type AuditRow } from "@/db/schema";

export const AUDIT_PAGE_SIZE = 50;

/**
 * Who did it, as the merchant reads it: one of their members (by e-mail while the account
 * exists), one of their API keys, or Cauri staff — staff are never named to merchants.
 */
export type AuditActorView = { kind: "member"; id: string; email: string | null } | { kind: "api_key"; id: string } | { kind: "staff" };

export function actorOf(actor: string, emails: ReadonlyMap<string, string>): AuditActorView {
  if (actor.startsWith("user:")) {
    const id = actor.slice("user:".length);
    return { kind: "member", id, email: emails.get(id) ?? null };
  }
  if (actor.startsWith("api_key:")) return { kind: "api_key", id: actor.slice("api_key:".length) };
  return { kind: "staff" };
}

export type MerchantAuditEntry = {
  id: string;
  actor: AuditActorView;
  action: string;
  target_type: string;
  target_id: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  created_at: string;
};

/** One page of the merchant's own audit log (rows whose merchant_id is theirs), newest first. */
export async function merchantAuditPage(db: Database, merchantId: string, page: number): Promise<{ entries: MerchantAuditEntry[]; page: number; pages: number; total: number }> {
  const where = eq(auditLog.merchantId, merchantId);
  const [{ total }] = await db.select({ total: count() }).from(auditLog).where(where);
  const pages = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pages);
  const rows: AuditRow[] = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE)
    .offset((current - 1) * AUDIT_PAGE_SIZE);
  const memberIds = [...new Set(rows.filter((r) => r.actor.startsWith("user:")).map((r) => r.actor.slice("user:".length)))];
  const members = memberIds.length ? await db.select({ id: users.id, email: users.email }).from(users).where(and(inArray(users.id, memberIds), eq(users.merchantId, merchantId))) : [];
  const emails = new Map(members.map((m) => [m.id, m.email]));
  return {
    entries: rows.map((r) => ({
      id: r.id,
      actor: actorOf(r.actor, emails),
      action: r.action,
      target_type: r.targetType,
      target_id: r.targetId,
      before: r.before,
      after: r.after,
      created_at: r.createdAt.toISOString(),
    })),
    page: current,
    pages,
    total,
  };
}
