import type { Database } from "@/db/client";
import { confirmAsCourier, courierAttemptsRemaining, disputeAsBuyer, payAsBuyer, simulateAsBuyer, type ActionResult } from "@/lib/secure-orders/public";
import type { SimulatedOutcome } from "@/lib/secure-orders/pay";
import { runAction } from "./action";
import { clientHeaders } from "./client-ip";

/**
 * The secure-order public pages' actions (buyer /o/[token], courier /d/[token]): each step of
 * lib/secure-orders/public.ts through the request pipeline (./action.ts), rate-limited per
 * client IP ("secure_orders.public"), its refusal a value the page shows.
 */

/**
 * Each step commits itself, as through the API: startOrderPayment and confirmDelivery call the
 * operator or count a wrong code, which no outer transaction may undo.
 */
const STEPS_COMMIT_THEMSELVES = { transaction: "own" } as const;

async function guarded(clientIp: string, name: string, action: () => Promise<unknown>): Promise<ActionResult> {
  const outcome = await runAction(clientHeaders(clientIp), { name, limits: ["secure_orders.public"], operation: STEPS_COMMIT_THEMSELVES }, action);
  return outcome.ok ? { ok: true } : outcome;
}

export const buyerPay = (db: Database, clientIp: string, token: string, phone: string): Promise<ActionResult> =>
  guarded(clientIp, "buyerPay", () => payAsBuyer(db, token, phone));

export const buyerSimulate = (db: Database, clientIp: string, token: string, outcome: SimulatedOutcome): Promise<ActionResult> =>
  guarded(clientIp, "buyerSimulate", () => simulateAsBuyer(db, token, outcome));

export const buyerDispute = (db: Database, clientIp: string, token: string, reason: string): Promise<ActionResult> =>
  guarded(clientIp, "buyerDispute", () => disputeAsBuyer(db, token, reason));

/** A wrong code reports the attempts left. */
export async function courierConfirm(db: Database, clientIp: string, token: string, code: string): Promise<ActionResult> {
  const result = await guarded(clientIp, "courierConfirm", () => confirmAsCourier(db, token, code));
  if (!result.ok && result.code === "INVALID_CODE") return { ...result, attemptsRemaining: await courierAttemptsRemaining(db, token) };
  return result;
}
