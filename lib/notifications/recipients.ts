import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { users } from "@/db/schema";
import { NOTIFIED_ROLES, type NotificationKind } from "./kinds";

export type Recipient = { id: string; email: string };

/**
 * Who receives a kind of notification for a merchant: its members of a notified role who have
 * set a password (an invited member who never joined gets nothing) and did not opt out of it.
 */
export function merchantRecipients(db: Database, merchantId: string, kind: NotificationKind): Promise<Recipient[]> {
  return db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      and(
        eq(users.merchantId, merchantId),
        eq(users.role, "merchant"),
        inArray(users.merchantRole, [...NOTIFIED_ROLES]),
        isNotNull(users.passwordHash),
        sql`not (${users.notificationOptOuts} @> ${JSON.stringify([kind])}::jsonb)`,
      ),
    )
    .orderBy(users.createdAt, users.id);
}
