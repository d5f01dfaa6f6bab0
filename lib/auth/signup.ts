import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "@/db/client";
import { apiKeys } from "@/db/schema";
import { systemNow } from "@/lib/clock";
import { ApiError } from "@/lib/core/errors";
import { input } from "@/lib/core/validation";
import type { Locale } from "@/lib/i18n/locale";
import { createMerchant } from "@/lib/platform/merchants";
import { mailEmailVerification } from "./email-verification";
import { checkCredentials, createUser, findUserByEmail, isUniqueViolation } from "./users";

export const BUSINESS_NAME_MIN = 2;
export const BUSINESS_NAME_MAX = 80;

export function checkBusinessName(raw: unknown): string {
  const name = typeof raw === "string" ? raw.replace(/\s+/g, " ").trim() : "";
  if (name.length < BUSINESS_NAME_MIN || name.length > BUSINESS_NAME_MAX) throw new ApiError("INVALID_BUSINESS_NAME", undefined, { param: "business_name" });
  return name;
}

export type SignUpResult = { userId: string; merchantId: string; applicationId: string; testKey: string };

/**
 * A new merchant account: the merchant (KYC pending, no production access, no platform plan),
 * its first application, a test key (returned here, the only time it is visible) and the user,
 * all in one transaction. createMerchant also issues a live key; nobody will ever see that
 * secret and live mode is closed until staff open production, so it is revoked at once: the
 * merchant creates a live key on the Developers page when production is opened. The
 * verification e-mail is enqueued in the same transaction.
 */
export async function signUp(db: Database, input: { email: string; password: string; businessName: string; locale?: Locale }): Promise<SignUpResult> {
  const businessName = checkBusinessName(input.businessName);
  const { email, password } = checkCredentials(input);
  if (await findUserByEmail(db, email)) throw new ApiError("EMAIL_TAKEN", undefined, { param: "email" });
  try {
    return await db.transaction(async (tx) => {
      const created = await createMerchant(tx as unknown as Database, { name: businessName, email });
      const user = await createUser(tx as unknown as Database, { email, password, role: "merchant", merchantId: created.merchant.id });
      await tx
        .update(apiKeys)
        .set({ revokedAt: systemNow() })
        .where(and(eq(apiKeys.merchantId, created.merchant.id), eq(apiKeys.mode, "live"), isNull(apiKeys.revokedAt)));
      // The account works in test mode at once; the verified address is needed for production.
      await mailEmailVerification(tx as unknown as Database, user, input.locale ?? "fr");
      return { userId: user.id, merchantId: created.merchant.id, applicationId: created.applicationId, testKey: created.testKey };
    });
  } catch (error) {
    // createUser maps the unique violation itself, but inside a transaction the driver may
    // surface it from the commit or a savepoint release instead.
    if (isUniqueViolation(error)) throw new ApiError("EMAIL_TAKEN", undefined, { param: "email" });
    throw error;
  }
}

/** POST /dashboard-api/signup; the rules themselves are in signUp (one place for the dashboard and tests). */
export const SignUpInput = input(
  z.object({ email: z.string().max(320), password: z.string().max(1024), business_name: z.string().max(400), locale: z.enum(["fr", "en"]).default("fr") }),
  { email: "INVALID_EMAIL", password: "INVALID_PASSWORD", business_name: "INVALID_BUSINESS_NAME" },
);
