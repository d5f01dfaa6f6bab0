import { and, asc, desc, eq, gte, like, or, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { apiRequestLog, auditLog, merchants, secureOrders } from "@/db/schema";
import { auditView } from "@/lib/audit/record";
import { ApiError } from "@/lib/core/errors";
import { secureOrderTimeline, type TimelineStep } from "@/lib/secure-orders/dashboard";
import { MAX_CODE_ATTEMPTS } from "@/lib/secure-orders/config";
import { disputeView, type DisputeView } from "@/lib/secure-orders/dispute";

export type LoggedRequest = { at: string; method: string; path: string; status: number };

/**
 * A dispute as staff decide it, both sides on one page. What the product records decides what
 * is shown:
 * - the buyer: the masked phone (disputeView), the name given to the merchant, the reason;
 * - the order: amount, description (the order has no item lines), reference, status, timeline;
 * - the courier: how many wrong delivery codes were typed (every channel counts down
 *   code_attempts_remaining), whether the code locked, when the right code released the order.
 *   Only confirmations through the API have a time and an answer each (the request log, kept
 *   24 hours); the courier page's attempts are counted, not timed. Never the code itself;
 * - the merchant: merchants cannot answer a dispute in the product today, so the page shows what
 *   the merchant did on the order: its API requests (same 24-hour log);
 * - the audit rows of the order (staff decisions).
 */
export type DisputeDetail = {
  order: DisputeView & { customer_name: string | null; client_reference: string | null; created_at: string; paid_at: string | null; timeline: TimelineStep[] };
  courier: {
    max_attempts: number;
    wrong_attempts: number;
    attempts_remaining: number;
    locked: boolean;
    confirmed_at: string | null;
    api_confirmations: LoggedRequest[];
  };
  merchant: { can_answer: false; api_requests: LoggedRequest[] };
  /** The order's audit rows, newest first: today the staff decisions on the dispute. */
  audit: ReturnType<typeof auditView>[];
};

export async function disputeDetail(db: Database, orderId: string): Promise<DisputeDetail> {
  const [row] = await db
    .select({ order: secureOrders, merchantName: merchants.name })
    .from(secureOrders)
    .innerJoin(merchants, eq(merchants.id, secureOrders.merchantId))
    .where(eq(secureOrders.id, orderId))
    .limit(1);
  if (!row) throw new ApiError("NOT_FOUND", `No secure order ${orderId}.`);
  const o = row.order;

  // Both the order's own routes and the sandbox's (/v1/sandbox/secure-orders/{id}/…); the id is a UUID, so no LIKE wildcard in it.
  const logged = await db
    .select({ at: apiRequestLog.createdAt, method: apiRequestLog.method, path: apiRequestLog.path, status: apiRequestLog.status })
    .from(apiRequestLog)
    .where(
      and(
        eq(apiRequestLog.merchantId, o.merchantId),
        eq(apiRequestLog.mode, o.mode),
        // The log's own promise (lib/request-log/store.ts): older rows are pruned anyway.
        gte(apiRequestLog.createdAt, sql`now() - interval '24 hours'`),
        or(eq(apiRequestLog.path, `/v1/secure-orders/${o.id}`), like(apiRequestLog.path, `%/secure-orders/${o.id}/%`)),
      ),
    )
    .orderBy(asc(apiRequestLog.createdAt), asc(apiRequestLog.id))
    .limit(200);
  const requests = logged.map((r) => ({ ...r, at: r.at.toISOString() }));
  const audit = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, "secure_order"), eq(auditLog.targetId, o.id)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(50);

  return {
    order: {
      ...disputeView({ ...o, merchantName: row.merchantName }),
      customer_name: o.customerName,
      client_reference: o.clientReference,
      created_at: o.createdAt.toISOString(),
      paid_at: o.paidAt?.toISOString() ?? null,
      timeline: secureOrderTimeline(o),
    },
    courier: {
      max_attempts: MAX_CODE_ATTEMPTS,
      wrong_attempts: MAX_CODE_ATTEMPTS - o.codeAttemptsRemaining,
      attempts_remaining: o.codeAttemptsRemaining,
      locked: o.codeLocked,
      // Released by staff deciding the dispute is not a delivery confirmation.
      confirmed_at: o.releasedAt && o.disputeResolution !== "release" ? o.releasedAt.toISOString() : null,
      api_confirmations: requests.filter((r) => r.method === "POST" && r.path.endsWith("/confirm-delivery")),
    },
    merchant: { can_answer: false, api_requests: requests },
    audit: audit.map(auditView),
  };
}
