import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { users } from "@/db/schema";
import { createUser, findUserByEmail } from "@/lib/auth/users";
import { randomString } from "@/lib/ids";
import { getMerchant, createMerchant, updateMerchant } from "./merchants";

export const DEMO_MERCHANT_ID = "mer_demo";
export const DEMO_EMAIL = "demo@cauri.test";

export type DemoCredentials = {
  merchant_id: string;
  application_id: string;
  test_key: string;
  created_at: string;
  /** The demo merchant's owner, to see its payments in the dashboard (embedded development database only). */
  dashboard?: { email: string; password: string };
};

/**
 * Seeds the demo merchant once, with an owner who can sign in to the dashboard. Its test key
 * and the owner's password exist only in .data/demo.json (written on creation, 0600) and the
 * first start's banner; later starts read them back. A data directory from before the owner
 * existed gets one on its next start.
 */
export async function seedDemoMerchant(db: Database, dataDir: string): Promise<{ created: boolean; file: string; credentials?: DemoCredentials }> {
  const file = path.join(dataDir, "demo.json");
  if (await getMerchant(db, DEMO_MERCHANT_ID)) {
    const saved = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as DemoCredentials) : undefined;
    if (saved && !saved.dashboard && !(await findUserByEmail(db, DEMO_EMAIL))) {
      const withOwner = { ...saved, dashboard: await seedDemoOwner(db) };
      writeFileSync(file, JSON.stringify(withOwner, null, 2) + "\n", { mode: 0o600 });
      return { created: false, file, credentials: withOwner };
    }
    return { created: false, file, credentials: saved };
  }
  const created = await createMerchant(db, { id: DEMO_MERCHANT_ID, name: "Boutique Démo Bamako", email: DEMO_EMAIL });
  await updateMerchant(db, created.merchant.id, { secureOrdersEnabled: true, kycStatus: "approved" });
  const credentials: DemoCredentials = {
    merchant_id: created.merchant.id,
    application_id: created.applicationId,
    test_key: created.testKey,
    created_at: new Date().toISOString(),
    dashboard: await seedDemoOwner(db),
  };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(credentials, null, 2) + "\n", { mode: 0o600 });
  return { created: true, file, credentials };
}

/** The demo merchant's owner: a random password (the address is public, in the docs), the address already verified. */
async function seedDemoOwner(db: Database): Promise<{ email: string; password: string }> {
  const password = `demo-${randomString(16)}`;
  const user = await createUser(db, { email: DEMO_EMAIL, password, role: "merchant", merchantId: DEMO_MERCHANT_ID, merchantRole: "owner" });
  await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id));
  return { email: DEMO_EMAIL, password };
}
