import { and, desc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "@/db/client";
import { SMS_USES, smsOutbox, type Merchant, type Mode, type SmsUse } from "@/db/schema";
import { contextActor, recordAudit } from "@/lib/audit/record";
import { input } from "@/lib/core/validation";
import { smsSettings as transportSettings } from "./config";
import { setDisabledSmsUses, smsUses } from "./uses";

export const SmsUsesInput = input(z.object({ disabled: z.array(z.enum(SMS_USES)).max(SMS_USES.length) }), { disabled: { missing: "MISSING_FIELD", invalid: "INVALID_SMS_USE" } });

/** How many of the merchant's latest text messages the settings page lists. */
export const RECENT_SMS = 20;

/**
 * The dashboard's text-message page: which uses are on, where messages go (a gateway, the dev
 * outbox, or nowhere yet), and the latest messages in this mode with their status and segments
 * (what the operator bills). A delivery code never shows: the outbox blanks it once sent.
 */
export async function smsSettingsOf(db: Database, merchantId: string, mode: Mode) {
  const [uses, recent] = await Promise.all([
    smsUses(db, merchantId),
    db
      .select({
        id: smsOutbox.id,
        to: smsOutbox.to,
        template: smsOutbox.template,
        status: smsOutbox.status,
        suppressedReason: smsOutbox.suppressedReason,
        segments: smsOutbox.segments,
        encoding: smsOutbox.encoding,
        createdAt: smsOutbox.createdAt,
      })
      .from(smsOutbox)
      .where(and(eq(smsOutbox.merchantId, merchantId), eq(smsOutbox.mode, mode)))
      .orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id))
      .limit(RECENT_SMS),
  ]);
  return {
    uses,
    delivery: mode === "test" ? ("sandbox" as const) : transportSettings().delivery.kind,
    recent: recent.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
  };
}

export type SmsSettingsView = Awaited<ReturnType<typeof smsSettingsOf>>;
export type { SmsUse };

/** Switches uses on and off, in the merchant's audit log. */
export async function updateSmsUses(ctx: { db: Database; merchant: Merchant; mode: Mode }, disabled: SmsUse[]): Promise<SmsSettingsView> {
  const before = (await smsUses(ctx.db, ctx.merchant.id)).filter((u) => !u.enabled).map((u) => u.use);
  await setDisabledSmsUses(ctx.db, ctx.merchant.id, disabled);
  const after = (await smsUses(ctx.db, ctx.merchant.id)).filter((u) => !u.enabled).map((u) => u.use);
  await recordAudit(ctx.db, { actor: contextActor(ctx), action: "sms.uses_update", targetType: "merchant", targetId: ctx.merchant.id, before: { disabled: before }, after: { disabled: after } });
  return smsSettingsOf(ctx.db, ctx.merchant.id, ctx.mode);
}
