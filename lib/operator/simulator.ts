import { eq } from "drizzle-orm";
import { db } from "@/db/client";
import { payments } from "@/db/schema";
import { serverKey } from "@/lib/secrets";
import { operatorTimeoutMs } from "./config";
import { OperatorError, type CollectionOutcome, type OperatorAdapter } from "./port";

const WAITING = "Waiting for the customer to approve on their phone.";

/**
 * The simulator's magic numbers (documented in docs/decisions/payments.md and /docs/test-mode): the
 * operator's answer to the push. Any other number stays PENDING until the checkout's test buttons
 * or POST /v1/sandbox/payments/{id}/simulate settle it.
 */
export const SIMULATOR_NUMBERS = {
  "+22370000001": { status: "SUCCESS" },
  "+22370000002": { status: "FAILED", reason: "The customer declined the payment." },
  "+22370000003": { status: "PENDING", reason: WAITING },
  "+22370000004": { status: "FAILED", reason: "Insufficient funds in the customer's mobile-money account." },
  "+22370000005": { status: "FAILED", reason: "The customer entered a wrong PIN." },
  "+22370000008": { status: "PENDING", reason: WAITING },
  "+22370000012": { status: "PENDING", reason: WAITING },
  "+22370000013": { status: "PENDING", reason: WAITING },
} as const satisfies Record<string, Omit<CollectionOutcome, "providerRef">>;

/** The operator answers this number's push with a 503: its service is down (the payment stays PENDING, with the reason). */
export const UNAVAILABLE_NUMBER = "+22370000006";

/** The operator does not answer this number's push in time (the payment stays PENDING, with the reason), then approves by callback. */
export const TIMEOUT_NUMBER = "+22370000007";

/** The operator collects this number's payment at once but never calls back: only a status query (reconcile) learns it. */
export const SILENT_NUMBER = "+22370000008";

/**
 * Numbers whose outcome arrives later as the operator's signed callback, on the merchant's test
 * clock (lib/sandbox/simulated-callbacks.ts delivers them):
 * - `after: "push"`: `seconds` after the push to the phone;
 * - `after: "expiry"`: `seconds` after the payment's expires_at (a late collection);
 * - `times`: how often the operator sends it (more than once: a duplicated callback).
 */
export const SIMULATOR_CALLBACKS = {
  [TIMEOUT_NUMBER]: { after: "push", seconds: 120, times: 1 },
  "+22370000012": { after: "expiry", seconds: 60, times: 1 },
  "+22370000013": { after: "push", seconds: 60, times: 2 },
} as const satisfies Record<string, { after: "push" | "expiry"; seconds: number; times: number }>;

export type SimulatedCallback = (typeof SIMULATOR_CALLBACKS)[keyof typeof SIMULATOR_CALLBACKS];

export function simulatedOutcome(phone: string): Omit<CollectionOutcome, "providerRef"> {
  return SIMULATOR_NUMBERS[phone as keyof typeof SIMULATOR_NUMBERS] ?? { status: "PENDING", reason: WAITING };
}

/** What the operator's HTTP adapter says when the operator answers 503. */
export const simulatedUnavailable = () => new OperatorError("The operator answered HTTP 503.", "http_error");

/** What the operator's HTTP adapter says when a push gets no answer within OPERATOR_TIMEOUT_MS. */
export const simulatedTimeout = () => new OperatorError(`The operator did not answer within ${Math.round(operatorTimeoutMs() / 100) / 10} s.`, "timeout");

/**
 * The secret the simulated operator signs its callbacks with: derived from the server's secret, so
 * only this service can produce one, and it settles only simulator payments (the signer decides the
 * adapter, lib/payments/operator-callback.ts). Never log it.
 */
export const simulatorCallbackSecret = (): string => serverKey("operator.simulator-callback").toString("hex");

export const simulatorAdapter: OperatorAdapter = {
  name: "simulator",
  async initiateCollection(request) {
    if (request.customerPhone === UNAVAILABLE_NUMBER) throw simulatedUnavailable();
    if (request.customerPhone === TIMEOUT_NUMBER) throw simulatedTimeout();
    const outcome = simulatedOutcome(request.customerPhone);
    return { ...outcome, sessionId: `sim_${request.reference}`, providerRef: outcome.status === "PENDING" ? null : `SIM-${request.reference}` };
  },
  // The simulator keeps no books of its own: the payment row is the truth, so a status query learns
  // nothing new, except what the simulated operator did without telling us: the collection whose
  // callback never came, the push that timed out but reached the phone.
  async queryCollection(sessionId, reference) {
    const [payment] = await db().select({ phone: payments.customerPhone }).from(payments).where(eq(payments.id, reference)).limit(1);
    if (payment?.phone === SILENT_NUMBER && sessionId) return { status: "SUCCESS", providerRef: `SIM-${reference}` };
    if (payment?.phone === TIMEOUT_NUMBER) return { status: "PENDING", providerRef: null, reason: WAITING };
    return { status: "PENDING", providerRef: null, reason: "Simulated payment: settle it from the checkout's test buttons or the simulate route." };
  },
  async refund(request) {
    return { status: "SUCCESS", providerRef: `SIM-RF-${request.reference}` };
  },
};
