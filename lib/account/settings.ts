import { z } from "zod";
import type { Database } from "@/db/client";
import type { Merchant } from "@/db/schema";
import { systemNow } from "@/lib/clock";
import { ApiError } from "@/lib/core/errors";
import { input } from "@/lib/core/validation";
import { operatorLabel } from "@/lib/operator/port";
import { updateMerchant } from "@/lib/platform/merchants";
import { platformPlans } from "@/lib/platform/plans";
import { latestRequests, type RequestView } from "@/lib/account/requests";
import { BUSINESS_NAME_MAX, BUSINESS_NAME_MIN } from "@/lib/auth/signup";

export const ProfileInput = input(
  z.object({ name: z.string().transform((s) => s.replace(/\s+/g, " ").trim()).pipe(z.string().min(BUSINESS_NAME_MIN).max(BUSINESS_NAME_MAX)) }),
  { name: "INVALID_BUSINESS_NAME" },
);

export type SettingsView = {
  merchant: {
    id: string;
    name: string;
    email: string | null;
    operator_label: string;
    kyc_status: Merchant["kycStatus"];
    production_enabled: boolean;
    secure_orders_enabled: boolean;
    partner: boolean;
    platform_plan: Merchant["platformPlan"];
    platform_period_end: string | null;
    platform_plan_current: boolean;
  };
  requests: Partial<Record<RequestView["kind"], RequestView>>;
  plans: typeof platformPlans;
};

export function merchantSettingsView(m: Merchant): SettingsView["merchant"] {
  return {
    id: m.id,
    name: m.name,
    email: m.email,
    operator_label: operatorLabel(m.name),
    kyc_status: m.kycStatus,
    production_enabled: m.productionEnabled,
    secure_orders_enabled: m.secureOrdersEnabled,
    partner: m.partner,
    platform_plan: m.platformPlan,
    platform_period_end: m.platformPeriodEnd?.toISOString() ?? null,
    platform_plan_current: m.platformPlan !== "none" && m.platformPeriodEnd !== null && m.platformPeriodEnd > systemNow(),
  };
}

export async function settingsOverview(db: Database, merchant: Merchant): Promise<SettingsView> {
  return { merchant: merchantSettingsView(merchant), requests: await latestRequests(db, merchant.id), plans: platformPlans };
}

/** The business name, which customers see on their phone as the operator label (`CAURI*<name>`, 30 characters at most). */
export async function updateProfile(db: Database, merchantId: string, name: string): Promise<SettingsView["merchant"]> {
  const updated = await updateMerchant(db, merchantId, { name });
  if (!updated) throw new ApiError("NOT_FOUND");
  return merchantSettingsView(updated);
}
