import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { SMS_USES, smsPreferences, type SmsUse } from "@/db/schema";

/** Whether a merchant sends this kind of text message: every use is on until the merchant turns it off. */
export async function smsUseEnabled(db: Database, merchantId: string, use: SmsUse): Promise<boolean> {
  const [row] = await db.select({ disabled: smsPreferences.disabled }).from(smsPreferences).where(eq(smsPreferences.merchantId, merchantId));
  return !row?.disabled.includes(use);
}

/** The merchant's switches, one per use, in the catalogue's order. */
export async function smsUses(db: Database, merchantId: string): Promise<{ use: SmsUse; enabled: boolean }[]> {
  const [row] = await db.select({ disabled: smsPreferences.disabled }).from(smsPreferences).where(eq(smsPreferences.merchantId, merchantId));
  return SMS_USES.map((use) => ({ use, enabled: !row?.disabled.includes(use) }));
}

/** Replaces the merchant's switched-off uses. */
export async function setDisabledSmsUses(db: Database, merchantId: string, disabled: SmsUse[]): Promise<void> {
  const unique = SMS_USES.filter((use) => disabled.includes(use));
  await db
    .insert(smsPreferences)
    .values({ merchantId, disabled: unique, updatedAt: new Date() })
    .onConflictDoUpdate({ target: smsPreferences.merchantId, set: { disabled: unique, updatedAt: new Date() } });
}
