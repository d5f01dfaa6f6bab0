import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { merchants, type Merchant } from "@/db/schema";
import { updateMerchant, type MerchantSettings } from "@/lib/platform/merchants";
import { assertReadyForProduction } from "@/lib/account/production-gate";
import { notifyProductionOpened } from "@/lib/notifications/merchant";
import { recordAudit, type Actor } from "./record";

/** What the audit log keeps of a merchant: its flags, not secrets (there are none on the row). */
export function merchantAuditView(m: Merchant): Record<string, unknown> {
  return {
    id: m.id,
    name: m.name,
    email: m.email,
    status: m.status,
    kyc_status: m.kycStatus,
    production_enabled: m.productionEnabled,
    secure_orders_enabled: m.secureOrdersEnabled,
    partner: m.partner,
    platform_plan: m.platformPlan,
    platform_period_end: m.platformPeriodEnd?.toISOString() ?? null,
  };
}

/**
 * A staff change of a merchant's settings (ops CLI `merchant update`, `kyc approve|reject`, the ops
 * console): the update and its audit row commit together. Null when there is no such merchant.
 */
export async function updateMerchantAsStaff(
  db: Database,
  merchantId: string,
  settings: MerchantSettings,
  actor: Actor,
  action = "merchant.update",
): Promise<Merchant | null> {
  return db.transaction(async (tx) => {
    // Locked, so the "before" of the audit row is exactly what this update replaced.
    const [before] = await tx.select().from(merchants).where(eq(merchants.id, merchantId)).for("update");
    if (!before) return null;
    if (settings.productionEnabled === true && !before.productionEnabled) await assertReadyForProduction(tx as unknown as Database, merchantId);
    const after = await updateMerchant(tx as unknown as Database, merchantId, settings);
    if (!after) return null;
    await recordAudit(tx as unknown as Database, { actor, action, targetType: "merchant", targetId: merchantId, before: merchantAuditView(before), after: merchantAuditView(after) });
    if (!before.productionEnabled && after.productionEnabled) await notifyProductionOpened(tx as unknown as Database, after);
    return after;
  });
}

/** KYC decision by staff (`ops kyc approve|reject`, the console). */
export const setKycStatus = (db: Database, merchantId: string, decision: "approved" | "rejected", actor: Actor) =>
  updateMerchantAsStaff(db, merchantId, { kycStatus: decision }, actor, decision === "approved" ? "kyc.approve" : "kyc.reject");
