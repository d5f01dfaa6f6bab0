import { db } from "@/db/client";
import { createMerchant, updateMerchant, type MerchantSettings } from "@/lib/platform/merchants";

/** A real merchant with its keys, created through the same domain function as the ops CLI. */
export async function newMerchant(settings: MerchantSettings & { name?: string } = {}) {
  const { name = "Boutique Test", ...flags } = settings;
  const created = await createMerchant(db(), { name });
  const merchant = Object.keys(flags).length ? await updateMerchant(db(), created.merchant.id, flags) : created.merchant;
  return { ...created, merchant: merchant! };
}

/** A merchant whose live key passes every gate (production opened, paid current plan, KYC approved). */
export const newLiveMerchant = (settings: MerchantSettings & { name?: string } = {}) =>
  newMerchant({ productionEnabled: true, platformPlan: "pro", kycStatus: "approved", ...settings });
