import { sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import type { Mode } from "@/db/schema";
import { accountBalances } from "@/lib/ledger/balance";

export type Balance = { available: number; reserved: number; pending: number; held: number; currency: "XOF" };

/** The merchant's balance in one mode, all from the ledger (nothing stores a balance). */
export async function merchantBalance(db: Database, merchantId: string, mode: Mode): Promise<Balance> {
  const b = await accountBalances(db, merchantId, mode);
  const reserved = b.merchant_reserved ?? 0;
  return { available: b.merchant_available ?? 0, reserved, pending: reserved, held: b.escrow_held ?? 0, currency: "XOF" };
}

/**
 * Serializes every movement that checks and then debits a merchant's available balance in one
 * mode, across all app instances: a transaction-scoped advisory lock, released at commit. Call it
 * inside the transaction, before reading the balance; whoever waits reads the balance the holder
 * committed (READ COMMITTED takes a new snapshot per statement). Any other code that debits
 * merchant_available after checking it must take the same lock.
 */
export async function lockMerchantBalance(db: Database, merchantId: string, mode: Mode): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`balance:${merchantId}:${mode}`}, 0))`);
}
