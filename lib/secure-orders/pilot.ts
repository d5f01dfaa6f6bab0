import { and, asc, eq, isNotNull, isNull } from "drizzle-orm";
import type { Database } from "@/db/client";
import { merchants, type Merchant } from "@/db/schema";
import { systemNow } from "@/lib/clock";
import { ApiError } from "@/lib/core/errors";

/**
 * Secure orders are a pilot the service's staff enable merchant by merchant (merchants.
 * secure_orders_enabled); until then every secure-order route answers 404 SECURE_ORDERS_DISABLED.
 * A merchant outside the pilot asks to join from the dashboard: that sets
 * merchants.secure_orders_requested_at, once (asking again keeps the first date). The request
 * waits in the ops console's queue until staff enable the feature; enabling it clears the date
 * (lib/platform/merchants.ts updateMerchant), so a merchant later taken out of the pilot can ask again.
 */

export type PilotState = { enabled: boolean; requested_at: string | null };

export const pilotState = (m: Pick<Merchant, "secureOrdersEnabled" | "secureOrdersRequestedAt">): PilotState => ({
  enabled: m.secureOrdersEnabled,
  requested_at: m.secureOrdersEnabled ? null : (m.secureOrdersRequestedAt?.toISOString() ?? null),
});

/** The dashboard's "Demander l'accès au pilote": idempotent, and a no-op for a merchant already in the pilot. */
export async function requestSecureOrdersPilot(db: Database, merchantId: string): Promise<PilotState> {
  const now = systemNow();
  const [updated] = await db
    .update(merchants)
    .set({ secureOrdersRequestedAt: now, updatedAt: now })
    .where(and(eq(merchants.id, merchantId), isNull(merchants.secureOrdersRequestedAt), eq(merchants.secureOrdersEnabled, false)))
    .returning();
  if (updated) return pilotState(updated);
  const [current] = await db.select().from(merchants).where(eq(merchants.id, merchantId)).limit(1);
  if (!current) throw new ApiError("NOT_FOUND");
  return pilotState(current);
}

export type PilotRequestView = {
  /** Not a merchant_requests row: `pilot_<merchant id>`, one per merchant. */
  id: string;
  merchant_id: string;
  merchant_name: string;
  kind: "secure_orders_pilot";
  status: "pending";
  payload: Record<string, never>;
  decision_note: null;
  created_at: string;
  decided_at: null;
};

/** Merchants waiting to join the pilot, oldest request first (the ops console's queue). */
export async function pendingPilotRequests(db: Database, limit = 200): Promise<PilotRequestView[]> {
  const rows = await db
    .select({ id: merchants.id, name: merchants.name, requestedAt: merchants.secureOrdersRequestedAt })
    .from(merchants)
    .where(and(isNotNull(merchants.secureOrdersRequestedAt), eq(merchants.secureOrdersEnabled, false)))
    .orderBy(asc(merchants.secureOrdersRequestedAt), asc(merchants.id))
    .limit(limit);
  return rows.map((r) => ({
    id: `pilot_${r.id}`,
    merchant_id: r.id,
    merchant_name: r.name,
    kind: "secure_orders_pilot",
    status: "pending",
    payload: {},
    decision_note: null,
    created_at: r.requestedAt!.toISOString(),
    decided_at: null,
  }));
}
