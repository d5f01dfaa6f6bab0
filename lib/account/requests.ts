import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "@/db/client";
import { merchantRequests, merchants, type Merchant, type MerchantRequest, type MerchantRequestKind, type User } from "@/db/schema";
import { systemNow } from "@/lib/clock";
import { ApiError } from "@/lib/core/errors";
import { input } from "@/lib/core/validation";
import { newId } from "@/lib/ids";
import { phoneField, phoneInput } from "@/lib/phone/schema";
import { platformPlan } from "@/lib/platform/plans";
import { updateMerchant } from "@/lib/platform/merchants";
import { assertReadyForProduction } from "@/lib/account/production-gate";

/**
 * What a merchant asks the service's staff for from the dashboard Settings page, and how staff
 * answer in the ops console. The merchant's flags stay the source of truth; a request records
 * what was asked. Platform plans are not paid online (the contract does not describe it): a
 * plan choice is a pending request; staff record the plan once its first month is paid (mobile
 * money transfer or invoice), which starts a 30-day period (lib/platform/merchants.ts).
 */

const text = (min: number, max: number) => z.string().trim().min(min).max(max);

export const KycSubmissionInput = phoneInput(
  z.object({
    legal_name: text(2, 120),
    registration_number: text(3, 60),
    tax_id: z.string().trim().max(30).optional().default(""),
    address: text(5, 200),
    contact_name: text(2, 100),
    // As the merchant types it (76 55 44 33, +223 76 55 44 33, …): lib/phone's rule, stored in E.164.
    contact_phone: phoneField({ field: "contact_phone", missing: "INVALID_PHONE" }),
    activity: text(3, 300),
  }),
  {
    legal_name: "INVALID_KYC_SUBMISSION",
    registration_number: "INVALID_KYC_SUBMISSION",
    tax_id: "INVALID_KYC_SUBMISSION",
    address: "INVALID_KYC_SUBMISSION",
    contact_name: "INVALID_KYC_SUBMISSION",
    contact_phone: "INVALID_PHONE",
    activity: "INVALID_KYC_SUBMISSION",
  },
);
export type KycSubmission = z.output<typeof KycSubmissionInput.schema>;

export const PlanChoiceInput = input(z.object({ plan: z.enum(["starter", "pro", "business"]) }), { plan: "INVALID_PLATFORM_PLAN" });

export type RequestView = {
  id: string;
  merchant_id: string;
  kind: MerchantRequestKind;
  status: MerchantRequest["status"];
  payload: Record<string, unknown>;
  decision_note: string | null;
  created_at: string;
  decided_at: string | null;
};

export const requestView = (r: MerchantRequest): RequestView => ({
  id: r.id,
  merchant_id: r.merchantId,
  kind: r.kind,
  status: r.status,
  payload: r.payload,
  decision_note: r.decisionNote,
  created_at: r.createdAt.toISOString(),
  decided_at: r.decidedAt?.toISOString() ?? null,
});

/**
 * One pending request per merchant and kind (a partial unique index): a new submission replaces
 * the pending one's payload, so two clicks or two tabs never queue two reviews.
 */
async function upsertPending(db: Database, merchantId: string, kind: MerchantRequestKind, payload: Record<string, unknown>, userId: string): Promise<MerchantRequest> {
  const [row] = await db
    .insert(merchantRequests)
    .values({ id: newId("req"), merchantId, kind, payload, requestedBy: userId, createdAt: systemNow() })
    .onConflictDoUpdate({
      target: [merchantRequests.merchantId, merchantRequests.kind],
      targetWhere: sql`status = 'pending'`,
      set: { payload, requestedBy: userId, createdAt: systemNow() },
    })
    .returning();
  return row;
}

async function lockMerchant(db: Database, merchantId: string): Promise<Merchant> {
  const [row] = await db.select().from(merchants).where(eq(merchants.id, merchantId)).for("update");
  if (!row) throw new ApiError("NOT_FOUND");
  return row;
}

/** KYC submission: stores the business details for review and puts a rejected KYC back to pending. */
export async function submitKyc(db: Database, merchantId: string, user: Pick<User, "id">, details: KycSubmission): Promise<RequestView> {
  const merchant = await lockMerchant(db, merchantId);
  if (merchant.kycStatus === "approved") throw new ApiError("KYC_ALREADY_APPROVED");
  if (merchant.kycStatus !== "pending") await updateMerchant(db, merchantId, { kycStatus: "pending" });
  return requestView(await upsertPending(db, merchantId, "kyc", details, user.id));
}

/** Platform plan choice: a pending request until staff record the payment and set the plan. */
export async function requestPlatformPlan(db: Database, merchantId: string, user: Pick<User, "id">, plan: "starter" | "pro" | "business"): Promise<RequestView> {
  const merchant = await lockMerchant(db, merchantId);
  const current = merchant.platformPlan === plan && merchant.platformPeriodEnd !== null && merchant.platformPeriodEnd > systemNow();
  if (current) throw new ApiError("PLATFORM_PLAN_ALREADY_ACTIVE");
  const info = platformPlan(plan)!;
  return requestView(await upsertPending(db, merchantId, "platform_plan", { plan, price_monthly: info.priceMonthly }, user.id));
}

/** Production access request: needs an approved KYC and secured owner accounts (production-gate.ts); staff open production in the console. */
export async function requestProductionAccess(db: Database, merchantId: string, user: Pick<User, "id">): Promise<RequestView> {
  const merchant = await lockMerchant(db, merchantId);
  if (merchant.productionEnabled) throw new ApiError("PRODUCTION_ALREADY_ENABLED");
  if (merchant.kycStatus !== "approved") throw new ApiError("KYC_REQUIRED_FOR_PRODUCTION");
  await assertReadyForProduction(db, merchantId);
  return requestView(await upsertPending(db, merchantId, "production_access", {}, user.id));
}

/** The merchant's latest request of each kind (pending or decided), for Settings and the checklist. */
export async function latestRequests(db: Database, merchantId: string): Promise<Partial<Record<MerchantRequestKind, RequestView>>> {
  const rows = await db.select().from(merchantRequests).where(eq(merchantRequests.merchantId, merchantId)).orderBy(desc(merchantRequests.createdAt), desc(merchantRequests.id)).limit(50);
  const out: Partial<Record<MerchantRequestKind, RequestView>> = {};
  for (const row of rows) out[row.kind] ??= requestView(row);
  return out;
}

/** Every pending request, oldest first (the ops console's review queue). */
export async function pendingRequests(db: Database, limit = 200): Promise<(RequestView & { merchant_name: string })[]> {
  const rows = await db
    .select({ request: merchantRequests, merchantName: merchants.name })
    .from(merchantRequests)
    .innerJoin(merchants, eq(merchants.id, merchantRequests.merchantId))
    .where(eq(merchantRequests.status, "pending"))
    .orderBy(merchantRequests.createdAt, merchantRequests.id)
    .limit(limit);
  return rows.map((r) => ({ ...requestView(r.request), merchant_name: r.merchantName }));
}

/**
 * Closes the pending requests a staff change of the merchant answers: KYC approved or rejected,
 * production opened, the requested platform plan set. Called in the same transaction as the
 * change (lib/ops/merchants.ts), so the queue never shows a request that has been granted.
 */
export async function resolveRequestsAfterChange(db: Database, before: Merchant, after: Merchant, staff: Pick<User, "id">): Promise<void> {
  const decide = async (kind: MerchantRequestKind, status: "approved" | "rejected", extra?: (r: MerchantRequest) => boolean) => {
    const pending = await db.select().from(merchantRequests).where(and(eq(merchantRequests.merchantId, after.id), eq(merchantRequests.kind, kind), eq(merchantRequests.status, "pending")));
    const ids = pending.filter((r) => !extra || extra(r)).map((r) => r.id);
    if (ids.length) await db.update(merchantRequests).set({ status, decidedBy: staff.id, decidedAt: systemNow() }).where(inArray(merchantRequests.id, ids));
  };
  if (before.kycStatus !== after.kycStatus && (after.kycStatus === "approved" || after.kycStatus === "rejected")) await decide("kyc", after.kycStatus);
  if (!before.productionEnabled && after.productionEnabled) await decide("production_access", "approved");
  if (after.platformPlan !== "none" && (before.platformPlan !== after.platformPlan || before.platformPeriodEnd?.getTime() !== after.platformPeriodEnd?.getTime())) {
    await decide("platform_plan", "approved", (r) => r.payload.plan === after.platformPlan);
  }
}

/** Staff turn a pending request down with a reason the merchant sees in Settings. */
export async function rejectRequest(db: Database, requestId: string, staff: Pick<User, "id">, reason: string): Promise<{ before: RequestView; after: RequestView }> {
  const [row] = await db.select().from(merchantRequests).where(eq(merchantRequests.id, requestId)).for("update");
  if (!row) throw new ApiError("NOT_FOUND", "No such request.");
  if (row.status !== "pending") throw new ApiError("REQUEST_ALREADY_DECIDED");
  const [updated] = await db
    .update(merchantRequests)
    .set({ status: "rejected", decisionNote: reason, decidedBy: staff.id, decidedAt: systemNow() })
    .where(eq(merchantRequests.id, requestId))
    .returning();
  return { before: requestView(row), after: requestView(updated) };
}
