import type { Database } from "@/db/client";
import { journals, ledgerEntries, type LedgerAccount, type Mode } from "@/db/schema";
import { newId } from "@/lib/ids";

export type JournalInput = {
  merchantId: string;
  mode: Mode;
  /** What movement this is (payment.settled, withdrawal.requested, …); unique with refId. */
  kind: string;
  refType: string;
  refId: string;
  entries: { account: LedgerAccount; amount: number }[];
  at: Date;
};

export class UnbalancedJournalError extends Error {}

/**
 * Posts one journal whose entries sum to zero. The unique (kind, ref_id) index makes a second
 * posting of the same movement fail, so a retried job can never count money twice.
 */
export async function postJournal(db: Database, input: JournalInput): Promise<string> {
  const sum = input.entries.reduce((s, e) => s + e.amount, 0);
  if (sum !== 0 || input.entries.some((e) => !Number.isInteger(e.amount))) {
    throw new UnbalancedJournalError(`journal ${input.kind} for ${input.refId} does not balance (sum ${sum})`);
  }
  const id = newId("jrn");
  await db.insert(journals).values({ id, merchantId: input.merchantId, mode: input.mode, kind: input.kind, refType: input.refType, refId: input.refId, createdAt: input.at });
  const entries = input.entries.filter((e) => e.amount !== 0);
  if (entries.length > 0) {
    await db.insert(ledgerEntries).values(entries.map((e) => ({ journalId: id, merchantId: input.merchantId, mode: input.mode, account: e.account, amount: e.amount, createdAt: input.at })));
  }
  return id;
}
