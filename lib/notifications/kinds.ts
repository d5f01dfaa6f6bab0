import { z } from "zod";
import type { MerchantRole } from "@/db/schema";

/**
 * What a merchant's team can be told by e-mail. Each member of a notified role receives every
 * kind unless they opted out of it (users.notification_opt_outs, from the notification settings page).
 */
export const NOTIFICATION_KINDS = ["withdrawal_updates", "webhook_failing", "dispute_opened", "production_opened", "weekly_summary"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const NotificationKindSchema = z.enum(NOTIFICATION_KINDS);

/** Money and the account's standing concern the people who run it, not every member. */
export const NOTIFIED_ROLES = ["owner", "finance"] as const satisfies readonly MerchantRole[];

export const isNotifiedRole = (role: MerchantRole | null | undefined): boolean => (NOTIFIED_ROLES as readonly string[]).includes(role ?? "");
