import { and, desc, eq, inArray } from "drizzle-orm";
import type { Database } from "@/db/client";
import { merchantRequests, merchants, type KycStatus, type MerchantRequestStatus } from "@/db/schema";
import { kycEntries, type KycEntry } from "./kyc-labels";

export type KycSubmissionView = {
  id: string;
  status: MerchantRequestStatus;
  submitted_at: string;
  decided_at: string | null;
  decision_note: string | null;
  fields: KycEntry[];
};

/** What staff check about a merchant's identity: its KYC flag and the latest submission behind it (null before any). */
export type MerchantKyc = { merchant_id: string; kyc_status: KycStatus; submission: KycSubmissionView | null };

/**
 * The KYC of several merchants at once (the withdrawal queue asks for every merchant it lists):
 * one query for the flags, one for each merchant's latest KYC submission, whatever its status.
 * A merchant that does not exist is absent from the map.
 */
export async function merchantKyc(db: Database, merchantIds: readonly string[]): Promise<Map<string, MerchantKyc>> {
  const ids = [...new Set(merchantIds)];
  if (ids.length === 0) return new Map();
  const flags = await db.select({ id: merchants.id, kycStatus: merchants.kycStatus }).from(merchants).where(inArray(merchants.id, ids));
  const latest = await db
    .selectDistinctOn([merchantRequests.merchantId])
    .from(merchantRequests)
    .where(and(inArray(merchantRequests.merchantId, ids), eq(merchantRequests.kind, "kyc")))
    .orderBy(merchantRequests.merchantId, desc(merchantRequests.createdAt), desc(merchantRequests.id));
  const submissions = new Map(latest.map((r) => [r.merchantId, r]));
  return new Map(
    flags.map((m) => {
      const r = submissions.get(m.id);
      const submission: KycSubmissionView | null = r
        ? { id: r.id, status: r.status, submitted_at: r.createdAt.toISOString(), decided_at: r.decidedAt?.toISOString() ?? null, decision_note: r.decisionNote, fields: kycEntries(r.payload) }
        : null;
      return [m.id, { merchant_id: m.id, kyc_status: m.kycStatus, submission }];
    }),
  );
}
