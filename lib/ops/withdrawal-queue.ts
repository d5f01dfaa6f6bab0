import type { Database } from "@/db/client";
import type { WithdrawalStatus } from "@/db/schema";
import { listWithdrawalsForStaff, type StaffWithdrawalView } from "@/lib/withdrawals/queries";
import { merchantKyc, type MerchantKyc } from "./merchant-kyc";

export type QueuedWithdrawal = StaffWithdrawalView & { kyc: MerchantKyc | null };

/**
 * The console's withdrawal queue: each withdrawal with its merchant's KYC (flag and latest
 * submission), which is what staff check before paying a number out, so they need not open the
 * merchant's page.
 */
export async function withdrawalQueue(db: Database, filter: { status?: WithdrawalStatus; limit?: number } = {}): Promise<QueuedWithdrawal[]> {
  const rows = await listWithdrawalsForStaff(db, { status: filter.status, limit: filter.limit ?? 200 });
  const kyc = await merchantKyc(db, rows.map((w) => w.merchant_id));
  return rows.map((w) => ({ ...w, kyc: kyc.get(w.merchant_id) ?? null }));
}
