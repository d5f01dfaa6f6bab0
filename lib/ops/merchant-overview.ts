import { desc, eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { payments, secureOrders, withdrawals, type Mode, type PaymentStatus, type SecureOrderStatus, type WithdrawalStatus } from "@/db/schema";
import { merchantBalance, type Balance } from "@/lib/withdrawals/balance";
import { merchantKyc, type MerchantKyc } from "./merchant-kyc";

export const OVERVIEW_LATEST = 10;
export const OVERVIEW_MODES: readonly Mode[] = ["live", "test"];

type Row<S extends string> = { id: string; reference: string | null; mode: Mode; status: S; amount: number; created_at: string };

export type MerchantOverview = {
  balances: { mode: Mode; balance: Balance }[];
  payments: Row<PaymentStatus>[];
  withdrawals: Row<WithdrawalStatus>[];
  secure_orders: Row<SecureOrderStatus>[];
  kyc: MerchantKyc | null;
};

const iso = <T extends { createdAt: Date }>({ createdAt, ...rest }: T) => ({ ...rest, created_at: createdAt.toISOString() });

/**
 * The ops merchant page's read model: balances per mode from the ledger (lib/withdrawals/balance),
 * the latest payments, withdrawals and secure orders of both modes (newest first), and the KYC.
 */
export async function merchantOverview(db: Database, merchantId: string, latest = OVERVIEW_LATEST): Promise<MerchantOverview> {
  const balances = await Promise.all(OVERVIEW_MODES.map(async (mode) => ({ mode, balance: await merchantBalance(db, merchantId, mode) })));
  const paymentRows = await db
    .select({ id: payments.id, reference: payments.clientReference, mode: payments.mode, status: payments.status, amount: payments.amount, createdAt: payments.createdAt })
    .from(payments)
    .where(eq(payments.merchantId, merchantId))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(latest);
  const withdrawalRows = await db
    .select({ id: withdrawals.id, reference: withdrawals.reference, mode: withdrawals.mode, status: withdrawals.status, amount: withdrawals.amount, createdAt: withdrawals.createdAt })
    .from(withdrawals)
    .where(eq(withdrawals.merchantId, merchantId))
    .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
    .limit(latest);
  const orderRows = await db
    .select({ id: secureOrders.id, reference: secureOrders.reference, mode: secureOrders.mode, status: secureOrders.status, amount: secureOrders.amount, createdAt: secureOrders.createdAt })
    .from(secureOrders)
    .where(eq(secureOrders.merchantId, merchantId))
    .orderBy(desc(secureOrders.createdAt), desc(secureOrders.id))
    .limit(latest);
  const kyc = (await merchantKyc(db, [merchantId])).get(merchantId) ?? null;
  return { balances, payments: paymentRows.map(iso), withdrawals: withdrawalRows.map(iso), secure_orders: orderRows.map(iso), kyc };
}
