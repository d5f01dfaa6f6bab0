import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "@/db/client";
import { users, type User } from "@/db/schema";
import { input } from "@/lib/core/validation";
import { isNotifiedRole, NOTIFICATION_KINDS, NOTIFIED_ROLES, NotificationKindSchema, type NotificationKind } from "./kinds";

export const notificationSettingsSchema = z.object({
  opt_outs: z.array(NotificationKindSchema).max(NOTIFICATION_KINDS.length * 4).describe("Kinds this member does not want by e-mail; any kind not listed is sent."),
});
export const NotificationSettingsInput = input(notificationSettingsSchema, { opt_outs: { missing: "MISSING_FIELD", invalid: "INVALID_NOTIFICATION_KIND" } });
export type NotificationSettingsBody = z.output<typeof notificationSettingsSchema>;

export type NotificationSettings = {
  /** Whether this member's role receives notifications at all (owners and finance). */
  receives: boolean;
  roles: readonly string[];
  kinds: { kind: NotificationKind; enabled: boolean }[];
  opt_outs: NotificationKind[];
};

// Kinds dropped from the list since a user opted out of them are ignored, never shown.
const known = (stored: readonly string[]): NotificationKind[] => NOTIFICATION_KINDS.filter((k) => stored.includes(k));

export function notificationSettingsOf(user: Pick<User, "merchantRole" | "notificationOptOuts">): NotificationSettings {
  const optOuts = known(user.notificationOptOuts);
  return {
    receives: isNotifiedRole(user.merchantRole),
    roles: NOTIFIED_ROLES,
    kinds: NOTIFICATION_KINDS.map((kind) => ({ kind, enabled: !optOuts.includes(kind) })),
    opt_outs: optOuts,
  };
}

/** Replaces the signed-in member's own opt-outs (never another member's: the id is the session's). */
export async function setNotificationOptOuts(db: Database, userId: string, body: NotificationSettingsBody): Promise<NotificationSettings> {
  const [updated] = await db
    .update(users)
    .set({ notificationOptOuts: known(body.opt_outs) })
    .where(eq(users.id, userId))
    .returning({ merchantRole: users.merchantRole, notificationOptOuts: users.notificationOptOuts });
  return notificationSettingsOf(updated);
}
