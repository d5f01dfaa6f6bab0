import { userInfo } from "node:os";
import { and, desc, eq, type SQL } from "drizzle-orm";
import type { Database } from "@/db/client";
import { auditLog, type AuditRow } from "@/db/schema";
import { newId } from "@/lib/ids";

/**
 * Who performed a staff action. `staffId` is written verbatim as the audit row's actor:
 * "cli:<os user>" (or `--actor`) from the ops command line, "staff:<user id or e-mail>" from the console.
 */
export type Actor = { staffId: string };

export type AuditInput = {
  actor: Actor;
  /** What was done, `<target>.<verb>`: "withdrawal.approve", "merchant.update", "kyc.approve", … */
  action: string;
  targetType: string;
  targetId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  /** The merchant whose audit log shows the row; a row whose target is a merchant names it already. */
  merchantId?: string | null;
};

/**
 * The actor of a merchant's own action, from the context that ran it: "user:<id>" for a member in
 * the dashboard (lib/http/account-route.ts DashboardCtx), "api_key:<key id>" for the API
 * (lib/http/route.ts KeyContext), "system" for anything else (jobs, tests).
 */
export function contextActor(ctx: object): Actor {
  // Domain functions take the DomainContext; the entry point's own fields ride along on the same object.
  const { user, keyId } = ctx as { user?: { id: string }; keyId?: string };
  if (user) return { staffId: `user:${user.id}` };
  if (keyId) return { staffId: `api_key:${keyId}` };
  return { staffId: "system" };
}

/**
 * Appends one audit row. Call it with the transaction that makes the change, so the row exists
 * if and only if the change committed. The table refuses UPDATE and DELETE (a trigger).
 */
export async function recordAudit(db: Database, input: AuditInput): Promise<AuditRow> {
  if (!input.actor.staffId.trim()) throw new Error("an audit row needs an actor");
  const [row] = await db
    .insert(auditLog)
    .values({
      id: newId("aud"),
      actor: input.actor.staffId,
      merchantId: input.merchantId ?? (input.targetType === "merchant" ? input.targetId : null),
      action: input.action,
      targetType: input.targetType,
      targetId: input.targetId,
      before: input.before,
      after: input.after,
    })
    .returning();
  return row;
}

/** The newest audit rows first, optionally for one target or one merchant (what the ops console shows). */
export async function listAudit(db: Database, filter: { targetType?: string; targetId?: string; merchantId?: string; limit?: number } = {}): Promise<AuditRow[]> {
  const where: SQL[] = [];
  if (filter.merchantId) where.push(eq(auditLog.merchantId, filter.merchantId));
  if (filter.targetType) where.push(eq(auditLog.targetType, filter.targetType));
  if (filter.targetId) where.push(eq(auditLog.targetId, filter.targetId));
  return db
    .select()
    .from(auditLog)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(Math.min(filter.limit ?? 100, 500));
}

export const auditView = (r: AuditRow) => ({
  id: r.id,
  actor: r.actor,
  action: r.action,
  target_type: r.targetType,
  target_id: r.targetId,
  before: r.before,
  after: r.after,
  created_at: r.createdAt.toISOString(),
});

/** The actor of an ops command-line action: `--actor NAME` if given, else `cli:<OS user>`. */
export function cliActor(explicit?: string): Actor {
  if (explicit?.trim()) return { staffId: explicit.trim() };
  let user = process.env.USER || process.env.LOGNAME || "";
  try {
    user = userInfo().username || user;
  } catch {
    // No passwd entry (some containers): the environment's name, if any.
  }
  return { staffId: `cli:${user || "unknown"}` };
}
