import type { CollectionOutcome, OperatorAdapter } from "./port";

/**
 * The simulator's magic numbers (documented in docs/decisions/payments.md and /docs). Any other number stays
 * PENDING until the checkout's test buttons or POST /v1/sandbox/payments/{id}/simulate settle it.
 */
export const SIMULATOR_NUMBERS = {
  "+22370000001": { status: "SUCCESS" },
  "+22370000002": { status: "FAILED", reason: "The customer declined the payment." },
  "+22370000003": { status: "PENDING", reason: "Waiting for the customer to approve on their phone." },
  "+22370000004": { status: "FAILED", reason: "Insufficient funds in the customer's mobile-money account." },
} as const satisfies Record<string, Omit<CollectionOutcome, "providerRef">>;

export function simulatedOutcome(phone: string): Omit<CollectionOutcome, "providerRef"> {
  return SIMULATOR_NUMBERS[phone as keyof typeof SIMULATOR_NUMBERS] ?? { status: "PENDING", reason: "Waiting for the customer to approve on their phone." };
}

export const simulatorAdapter: OperatorAdapter = {
  name: "simulator",
  async initiateCollection(request) {
    const outcome = simulatedOutcome(request.customerPhone);
    return { ...outcome, sessionId: `sim_${request.reference}`, providerRef: outcome.status === "PENDING" ? null : `SIM-${request.reference}` };
  },
  // The simulator keeps no state of its own: the payment row is the truth, so a status query learns nothing new.
  async queryCollection() {
    return { status: "PENDING", providerRef: null, reason: "Simulated payment: settle it from the checkout's test buttons or the simulate route." };
  },
  async refund(request) {
    return { status: "SUCCESS", providerRef: `SIM-RF-${request.reference}` };
  },
};
