import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { applications, merchants, type KycStatus, type Merchant, type MerchantStatus, type PlatformPlanCode } from "@/db/schema";
import { systemNow } from "@/lib/clock";
import { authChanged } from "@/lib/platform/auth-changed";
import { newId } from "@/lib/ids";
import { issueApiKey } from "./api-keys";

export type CreatedMerchant = { merchant: Merchant; applicationId: string; testKey: string; liveKey: string };

/** A merchant with its first application and one key per mode (keys shown once, here). */
export async function createMerchant(db: Database, input: { name: string; email?: string | null; id?: string }): Promise<CreatedMerchant> {
  return db.transaction(async (tx) => {
    const [merchant] = await tx
      .insert(merchants)
      .values({ id: input.id ?? newId("mer"), name: input.name, email: input.email ?? null })
      .returning();
    const applicationId = newId("app");
    await tx.insert(applications).values({ id: applicationId, merchantId: merchant.id, name: "Default application" });
    const test = await issueApiKey(tx, { merchantId: merchant.id, applicationId, mode: "test" });
    const live = await issueApiKey(tx, { merchantId: merchant.id, applicationId, mode: "live" });
    return { merchant, applicationId, testKey: test.key, liveKey: live.key };
  });
}

export async function createApplication(db: Database, merchantId: string, name: string) {
  const [row] = await db.insert(applications).values({ id: newId("app"), merchantId, name }).returning();
  return row;
}

export type MerchantSettings = {
  name?: string;
  email?: string | null;
  status?: MerchantStatus;
  kycStatus?: KycStatus;
  secureOrdersEnabled?: boolean;
  productionEnabled?: boolean;
  partner?: boolean;
  platformPlan?: PlatformPlanCode;
  platformPeriodEnd?: Date | null;
};

const PLATFORM_PERIOD_DAYS = 30;

/**
 * Changes a merchant's flags. Choosing a paid platform plan without an explicit period end
 * starts a 30-day paid period now; choosing "none" ends the subscription.
 */
export async function updateMerchant(db: Database, merchantId: string, settings: MerchantSettings): Promise<Merchant | null> {
  const patch: Partial<typeof merchants.$inferInsert> = { ...settings, updatedAt: systemNow() };
  // Enabling secure orders answers the merchant's pilot request (lib/secure-orders/pilot.ts).
  if (settings.secureOrdersEnabled === true) patch.secureOrdersRequestedAt = null;
  if (settings.platformPlan && settings.platformPeriodEnd === undefined) {
    patch.platformPeriodEnd = settings.platformPlan === "none" ? null : new Date(systemNow().getTime() + PLATFORM_PERIOD_DAYS * 86_400_000);
  }
  const [row] = await db.update(merchants).set(patch).where(eq(merchants.id, merchantId)).returning();
  if (row) await authChanged(db, merchantId);
  return row ?? null;
}

export async function getMerchant(db: Database, merchantId: string): Promise<Merchant | null> {
  const [row] = await db.select().from(merchants).where(eq(merchants.id, merchantId)).limit(1);
  return row ?? null;
}

/** Live-mode gates of the contract's Authentication section; null when the merchant may use live mode. */
export function liveGateFailure(merchant: Merchant, now: Date): "PRODUCTION_KEY_DISABLED" | "PAID_SUBSCRIPTION_REQUIRED" | null {
  if (!merchant.productionEnabled) return "PRODUCTION_KEY_DISABLED";
  const paid = merchant.platformPlan !== "none" && merchant.platformPeriodEnd !== null && merchant.platformPeriodEnd > now;
  return paid ? null : "PAID_SUBSCRIPTION_REQUIRED";
}
