import { like } from "drizzle-orm";
import { db } from "@/db/client";
import { mailOutbox, users, type MerchantRole, type User } from "@/db/schema";
import { newId } from "@/lib/ids";
import type { NotificationKind } from "./kinds";

let seq = 0;

/**
 * A member of a merchant's team, written directly (no bcrypt: these tests are about who is
 * mailed). Active unless `invited`; owners are verified with two-factor, as opening production needs.
 */
export async function member(merchantId: string, role: MerchantRole, options: { invited?: boolean; optOuts?: NotificationKind[] } = {}): Promise<User> {
  const [row] = await db()
    .insert(users)
    .values({
      id: newId("usr"),
      email: `${role}-${Date.now()}-${seq++}@example.ml`,
      passwordHash: options.invited ? null : "$2b$10$notarealhashbutnotnullxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
      role: "merchant",
      merchantId,
      merchantRole: role,
      emailVerifiedAt: new Date(),
      totpEnabledAt: role === "owner" ? new Date() : null,
      notificationOptOuts: options.optOuts ?? [],
    })
    .returning();
  return row;
}

/** A merchant's whole team: who must be mailed, and who must not. */
export async function team(merchantId: string, kind: NotificationKind) {
  const owner = await member(merchantId, "owner");
  const finance = await member(merchantId, "finance", { optOuts: kind === "webhook_failing" ? ["withdrawal_updates"] : ["webhook_failing"] });
  const optedOut = await member(merchantId, "owner", { optOuts: [kind] });
  const invited = await member(merchantId, "finance", { invited: true });
  const others = await Promise.all((["admin", "developer", "viewer"] as const).map((role) => member(merchantId, role)));
  return { owner, finance, optedOut, invited, others, eligible: [owner, finance] };
}

/** The outbox rows whose dedupe key starts with `prefix` (a cause), recipients sorted. */
export async function mailsOf(prefix: string) {
  const rows = await db().select().from(mailOutbox).where(like(mailOutbox.dedupeKey, `${prefix}%`));
  return rows.sort((a, b) => a.to.localeCompare(b.to));
}

export const addresses = (list: { email: string }[]) => list.map((u) => u.email).sort();
