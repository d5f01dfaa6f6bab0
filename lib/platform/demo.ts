import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Database } from "@/db/client";
import { getMerchant, createMerchant, updateMerchant } from "./merchants";

export const DEMO_MERCHANT_ID = "mer_demo";

export type DemoCredentials = { merchant_id: string; application_id: string; test_key: string; created_at: string };

/**
 * Seeds the demo merchant once. Its test key is returned only on creation (and kept in
 * .data/demo.json for the developer); later starts find the merchant and return null.
 */
export async function seedDemoMerchant(db: Database, dataDir: string): Promise<{ created: boolean; file: string; credentials?: DemoCredentials }> {
  const file = path.join(dataDir, "demo.json");
  if (await getMerchant(db, DEMO_MERCHANT_ID)) {
    return { created: false, file, credentials: existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as DemoCredentials) : undefined };
  }
  const created = await createMerchant(db, { id: DEMO_MERCHANT_ID, name: "Boutique Démo Bamako", email: "demo@cauri.test" });
  await updateMerchant(db, created.merchant.id, { secureOrdersEnabled: true, kycStatus: "approved" });
  const credentials: DemoCredentials = {
    merchant_id: created.merchant.id,
    application_id: created.applicationId,
    test_key: created.testKey,
    created_at: new Date().toISOString(),
  };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(credentials, null, 2) + "\n", { mode: 0o600 });
  return { created: true, file, credentials };
}
