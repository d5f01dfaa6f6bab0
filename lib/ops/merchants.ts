import { desc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "@/db/client";
import { merchants, users, type Merchant, type User, type Withdrawal } from "@/db/schema";
import { setKycStatus, updateMerchantAsStaff } from "@/lib/audit/merchant";
import { recordAudit, type Actor } from "@/lib/audit/record";
import { ApiError } from "@/lib/core/errors";
import { input } from "@/lib/core/validation";
import type { MerchantSettings } from "@/lib/platform/merchants";
import { pendingPilotRequests, type PilotRequestView } from "@/lib/secure-orders/pilot";
import { pendingRequests as pendingMerchantRequests, rejectRequest, resolveRequestsAfterChange, type RequestView } from "@/lib/account/requests";
import { PARTNER_PRODUCT_STATUSES } from "@/lib/partner/schemas";
import { WITHDRAWAL_STATUSES } from "@/lib/withdrawals/schemas";
import { withdrawalResource } from "@/lib/withdrawals/serialize";
import { merchantSettingsView } from "@/lib/account/settings";

/**
 * The ops console's own reads and the merchant changes staff make there. Every change goes
 * through the audit helpers of lib/audit (the same ones the ops CLI uses), in the handler's
 * transaction, so the change and its audit row commit together.
 */

/** How a console user appears in the audit log's `actor`. */
export const staffActor = (staff: Pick<User, "email">): Actor => ({ staffId: `staff:${staff.email}` });

export const MerchantChangesInput = input(
  z
    .object({
      kyc_status: z.enum(["pending", "approved", "rejected"]).optional(),
      production_enabled: z.boolean().optional(),
      secure_orders_enabled: z.boolean().optional(),
      partner: z.boolean().optional(),
      platform_plan: z.enum(["none", "starter", "pro", "business"]).optional(),
      status: z.enum(["active", "suspended"]).optional(),
    })
    .refine((o) => Object.values(o).some((v) => v !== undefined), { message: "send at least one setting to change" }),
  { platform_plan: "INVALID_PLATFORM_PLAN" },
);

export const ReasonInput = input(z.object({ reason: z.string().trim().min(3).max(500) }), { reason: "INVALID_REASON" });
export const SearchInput = input(z.object({ q: z.string().trim().max(120).optional().default("") }));

export type OpsMerchantView = ReturnType<typeof merchantSettingsView> & { status: Merchant["status"]; created_at: string; users: string[] };

async function withUsers(db: Database, rows: Merchant[]): Promise<OpsMerchantView[]> {
  const ids = rows.map((m) => m.id);
  const accounts = ids.length ? await db.select({ merchantId: users.merchantId, email: users.email }).from(users).where(inArray(users.merchantId, ids)) : [];
  return rows.map((m) => ({
    ...merchantSettingsView(m),
    status: m.status,
    created_at: m.createdAt.toISOString(),
    users: accounts.filter((a) => a.merchantId === m.id).map((a) => a.email),
  }));
}

/** Merchants by id (exact), name or e-mail (merchant's or one of its users', case-insensitive substring); newest first. */
export async function searchMerchants(db: Database, q: string, limit = 50): Promise<OpsMerchantView[]> {
  const term = q.trim();
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .select()
    .from(merchants)
    .where(
      term
        ? or(
            eq(merchants.id, term),
            ilike(merchants.name, pattern),
            ilike(merchants.email, pattern),
            sql`exists (select 1 from users u where u.merchant_id = ${merchants.id} and u.email ilike ${pattern})`,
          )
        : undefined,
    )
    .orderBy(desc(merchants.createdAt), desc(merchants.id))
    .limit(limit);
  return withUsers(db, rows);
}

export async function opsMerchant(db: Database, id: string): Promise<OpsMerchantView> {
  const [row] = await db.select().from(merchants).where(eq(merchants.id, id)).limit(1);
  if (!row) throw new ApiError("NOT_FOUND", `No merchant ${id}.`);
  return (await withUsers(db, [row]))[0];
}

/**
 * A staff change of a merchant's settings from the console: lib/audit's updateMerchantAsStaff
 * (update + audit row), then the pending dashboard requests it answers are closed. `db` is the
 * handler's transaction.
 */
export async function changeMerchant(db: Database, staff: User, merchantId: string, changes: z.output<typeof MerchantChangesInput.schema>): Promise<OpsMerchantView> {
  const [before] = await db.select().from(merchants).where(eq(merchants.id, merchantId)).for("update");
  if (!before) throw new ApiError("NOT_FOUND", `No merchant ${merchantId}.`);
  const settings: MerchantSettings = {
    kycStatus: changes.kyc_status,
    productionEnabled: changes.production_enabled,
    secureOrdersEnabled: changes.secure_orders_enabled,
    partner: changes.partner,
    platformPlan: changes.platform_plan,
    status: changes.status,
  };
  for (const k of Object.keys(settings) as (keyof MerchantSettings)[]) if (settings[k] === undefined) delete settings[k];
  const kycOnly = Object.keys(settings).length === 1 && (settings.kycStatus === "approved" || settings.kycStatus === "rejected");
  const after = kycOnly
    ? await setKycStatus(db, merchantId, settings.kycStatus as "approved" | "rejected", staffActor(staff))
    : await updateMerchantAsStaff(db, merchantId, settings, staffActor(staff));
  if (!after) throw new ApiError("NOT_FOUND", `No merchant ${merchantId}.`);
  await resolveRequestsAfterChange(db, before, after, staff);
  return (await withUsers(db, [after]))[0];
}

/** Staff turn down a dashboard request with a reason (audited); turning down a KYC also marks the merchant's KYC rejected. */
export async function refuseRequest(db: Database, staff: User, requestId: string, reason: string) {
  const { before, after } = await rejectRequest(db, requestId, staff, reason);
  await recordAudit(db, { actor: staffActor(staff), merchantId: after.merchant_id, action: `request.${after.kind}.reject`, targetType: "merchant_request", targetId: requestId, before, after });
  if (after.kind === "kyc") {
    const [merchant] = await db.select({ kyc: merchants.kycStatus }).from(merchants).where(eq(merchants.id, after.merchant_id));
    if (merchant && merchant.kyc !== "rejected") await setKycStatus(db, after.merchant_id, "rejected", staffActor(staff));
  }
  return after;
}

export type QueuedRequest = (RequestView & { merchant_name: string }) | PilotRequestView;

/**
 * The console's review queue, oldest first: the pending dashboard requests (KYC, plan,
 * production) and the merchants waiting to join the secure-orders pilot. Each leaves the queue
 * when staff grant it (the merchant change) or turn it down.
 */
export async function pendingRequests(db: Database, limit = 200): Promise<QueuedRequest[]> {
  const requests: QueuedRequest[] = await pendingMerchantRequests(db, limit);
  const pilots = await pendingPilotRequests(db, limit);
  return [...requests, ...pilots].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id)).slice(0, limit);
}

export const StaffWithdrawalQuery = input(z.object({ status: z.enum(WITHDRAWAL_STATUSES).optional() }));
export const CompleteWithdrawalInput = input(z.object({ operator_reference: z.string().trim().min(1).max(128) }));
export const AuditQuery = input(z.object({ target_type: z.string().max(40).optional(), target_id: z.string().max(80).optional() }));

/** A withdrawal as the console's queue shows it (the API resource plus whose it is). */
export const staffWithdrawalView = (w: Withdrawal) => ({ ...withdrawalResource(w), merchant_id: w.merchantId, mode: w.mode });

export const PartnerQuery = input(z.object({ status: z.enum(PARTNER_PRODUCT_STATUSES).optional() }));
// The console sends the updated_at of the version on screen (see ReviewedVersion in lib/partner/products.ts).
const reviewedVersion = { reviewed_updated_at: z.iso.datetime({ offset: true }) };
export const PartnerApproveInput = input(z.object(reviewedVersion));
export const PartnerRejectInput = input(z.object({ reason: z.string().trim().max(500).optional(), ...reviewedVersion }), { reason: "INVALID_REASON" });
export const DisputeQuery = input(z.object({ all: z.enum(["0", "1"]).optional() }));
export const DisputeResolveInput = input(z.object({ decision: z.enum(["release", "refund"]) }));
