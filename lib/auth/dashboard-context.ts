import { and, asc, eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { applications, type Application, type Merchant, type Mode } from "@/db/schema";
import { merchantNow } from "@/lib/clock";
import type { DomainContext } from "@/lib/context";
import { ApiError } from "@/lib/core/errors";

/** The merchant's first application: what the dashboard acts for unless a handler names another. */
export async function defaultApplication(db: Database, merchantId: string): Promise<Application> {
  const [row] = await db.select().from(applications).where(eq(applications.merchantId, merchantId)).orderBy(asc(applications.createdAt), asc(applications.id)).limit(1);
  if (!row) throw new ApiError("NOT_FOUND", "This merchant has no application.");
  return row;
}

/** One of the merchant's applications, or undefined (another merchant's, or none). */
async function ownApplication(db: Database, merchantId: string, applicationId: string): Promise<Application | undefined> {
  const [row] = await db.select().from(applications).where(and(eq(applications.id, applicationId), eq(applications.merchantId, merchantId))).limit(1);
  return row;
}

/** One of the merchant's applications; another merchant's is NOT_FOUND (no existence leak). */
export async function merchantApplication(db: Database, merchantId: string, applicationId: string): Promise<Application> {
  const row = await ownApplication(db, merchantId, applicationId);
  if (!row) throw new ApiError("NOT_FOUND", "No such application.", { param: "application_id" });
  return row;
}

/** Every application of the merchant, oldest first (the dashboard's application switcher). */
export async function merchantApplications(db: Database, merchantId: string): Promise<Application[]> {
  return db.select().from(applications).where(eq(applications.merchantId, merchantId)).orderBy(asc(applications.createdAt), asc(applications.id));
}

/**
 * The same DomainContext a /v1 request gets (lib/http/route.ts), built from the signed-in
 * merchant and the dashboard's mode and application switches: dashboard handlers call the very
 * same lib/ functions as the API, scoped by merchant, application and mode, at the merchant's
 * clock for that mode. A chosen application that is not the merchant's falls back to the first.
 */
export async function dashboardContext(db: Database, merchant: Merchant, mode: Mode, chosenApplicationId?: string): Promise<DomainContext> {
  const chosen = chosenApplicationId ? await ownApplication(db, merchant.id, chosenApplicationId) : undefined;
  const application = chosen ?? (await defaultApplication(db, merchant.id));
  return { db, merchant, application, mode, now: merchantNow(merchant, mode), source: "dashboard" };
}
