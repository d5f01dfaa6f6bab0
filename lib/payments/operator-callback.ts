import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "@/db/client";
import { payments, type PaymentStatus } from "@/db/schema";
import { ApiError } from "@/lib/core/errors";
import { input, parseInput } from "@/lib/core/validation";
import { log } from "@/lib/log";
import { operatorEndpoint } from "@/lib/operator/config";
import { verifyOperatorSignature } from "@/lib/operator/signature";
import { simulatorCallbackSecret } from "@/lib/operator/simulator";
import { OPERATOR_STATUSES } from "./schemas";
import { settlePayment } from "./settle";

/**
 * The operator's callback body. `reference` is our payment id (sent at initiation), `session_id`
 * the collection id the operator answered then.
 */
export const OperatorCallbackInput = input(
  z.object({
    reference: z.string().min(1).max(64),
    session_id: z.string().min(1).max(200).optional(),
    status: z.enum(OPERATOR_STATUSES),
    provider_ref: z.string().max(200).nullish(),
    reason: z.string().max(500).nullish(),
  }),
);

/**
 * The operator tells us a collection's outcome (POST /api/operator/callback, lib/http/operator-callback.ts):
 * `raw` is the request body as sent, `signature` its X-Operator-Signature header. Throws the
 * ApiError the caller answers with; returns what the 200 answer says.
 *
 * Authenticity: `X-Operator-Signature: sha256=<hex HMAC-SHA256 of the raw body>` under the
 * callback secret of the sandbox or live adapter (OPERATOR_*_CALLBACK_SECRET, default the
 * adapter's key), or the simulator's, derived from the server's secret (the sandbox's delayed
 * outcomes, lib/sandbox/simulated-callbacks.ts). The secret that matches decides which adapter sent
 * it, and only that adapter's payments can be settled by it (a sandbox callback never touches a live
 * payment).
 * Bad or missing signature → 401 OPERATOR_SIGNATURE_INVALID, nothing read or changed.
 *
 * Effect: SUCCESS / FAILED settle the payment through settlePayment (ledger, event, hook in one
 * transaction), even after expires_at if it is still PENDING (the customer did pay). Replays are
 * harmless: settling again with the same outcome changes nothing. A SUCCESS for a payment that
 * already ended (CANCELLED, EXPIRED, FAILED) is a late collection: booked once into suspense with
 * its event payment.late_success (./late-collection.ts), the payment's status unchanged, answered
 * 200 with `late_collection_id` so the operator stops retrying. Any other outcome that disagrees
 * with a terminal payment (a FAILED after SUCCESS) is logged for support and acknowledged (200,
 * changed: false). PENDING only refreshes status_reason.
 */
export type OperatorCallbackResult = { payment_id: string; status: PaymentStatus; changed: boolean; late_collection_id?: string };

export async function applyOperatorCallback(db: Database, raw: string, signature: string | null, requestId: string): Promise<OperatorCallbackResult> {
  const signer = (["sandbox", "live", "simulator"] as const).find((name) => {
    const secret = name === "simulator" ? simulatorCallbackSecret() : operatorEndpoint(name)?.callbackSecret;
    return secret !== undefined && verifyOperatorSignature(secret, raw, signature);
  });
  if (!signer) throw new ApiError("OPERATOR_SIGNATURE_INVALID");

  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ApiError("INVALID_JSON");
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) throw new ApiError("INVALID_BODY");
  const body = parseInput(OperatorCallbackInput, parsed);

  const [payment] = await db.select().from(payments).where(eq(payments.id, body.reference)).limit(1);
  if (!payment || payment.adapter !== signer) throw new ApiError("NOT_FOUND", `No ${signer} payment ${body.reference}.`);
  if (body.session_id && payment.operatorSessionId && body.session_id !== payment.operatorSessionId) throw new ApiError("OPERATOR_SESSION_MISMATCH");

  let status = payment.status;
  let changed = false;
  let lateCollectionId: string | undefined;
  if (body.status === "PENDING") {
    if (body.reason) await db.update(payments).set({ statusReason: body.reason }).where(and(eq(payments.id, payment.id), eq(payments.status, "PENDING")));
  } else {
    try {
      const settled = await settlePayment(db, payment.id, { status: body.status, providerRef: body.provider_ref ?? null, reason: body.reason ?? null }, { source: "operator" });
      status = settled.payment.status;
      changed = settled.changed;
      lateCollectionId = settled.late?.lateCollection.id;
    } catch (error) {
      if (!(error instanceof ApiError && error.code === "PAYMENT_FINALIZED")) throw error;
      status = (await db.select({ status: payments.status }).from(payments).where(eq(payments.id, payment.id)))[0].status;
      // A FAILED for a payment that ended unpaid moved no money; a FAILED after SUCCESS contradicts money we credited: support must look.
      log(status === "SUCCESS" ? "error" : "info", "operator outcome disagrees with a terminal payment", { payment_id: payment.id, payment_status: status, operator_status: body.status, adapter: signer });
    }
  }
  log("info", "operator callback", { request_id: requestId, payment_id: payment.id, adapter: signer, operator_status: body.status, changed, late_collection_id: lateCollectionId });
  return { payment_id: payment.id, status, changed, ...(lateCollectionId ? { late_collection_id: lateCollectionId } : {}) };
}
