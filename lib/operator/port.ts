import type { Mode, OperatorAdapterName } from "@/db/schema";

/** The operator's view of a collection. */
export type CollectionOutcome = {
  status: "PENDING" | "SUCCESS" | "FAILED";
  providerRef: string | null;
  /** Why it failed or is still pending, in words a merchant can act on. */
  reason?: string;
};

export type CollectionRequest = {
  /** Our reference; the operator echoes it and uses it to refuse a second collection. */
  reference: string;
  amount: number;
  currency: "XOF";
  customerPhone: string;
  /** What the customer sees on their phone: fixed prefix + merchant name, ≤ 30 characters. */
  label: string;
  mode: Mode;
};

export type RefundRequest = { reference: string; amount: number; customerPhone: string; mode: Mode };

/**
 * The one interface to the mobile-money operator (docs/architecture.md, "The operator"). Adapters:
 * simulator (no network), sandbox (the operator's test environment over HTTP), live.
 */
export interface OperatorAdapter {
  readonly name: OperatorAdapterName;
  /** Starts the push to the customer's phone. Idempotent per reference: a repeat returns the same session. */
  initiateCollection(request: CollectionRequest): Promise<CollectionOutcome & { sessionId: string }>;
  /** The collection's current state; without a session id (initiation never got an answer) it is looked up by our reference. */
  queryCollection(sessionId: string | null, reference: string): Promise<CollectionOutcome>;
  refund(request: RefundRequest): Promise<{ status: "SUCCESS" | "FAILED"; providerRef: string | null; reason?: string }>;
}

/**
 * The operator did not answer usably: unreachable, timed out, a 5xx, or a body we cannot read.
 * `message` is safe to store as a payment's status_reason and to show to a merchant.
 */
export class OperatorError extends Error {
  constructor(
    message: string,
    readonly kind: "not_configured" | "unreachable" | "timeout" | "http_error" | "invalid_response" | "not_found",
  ) {
    super(message);
    this.name = "OperatorError";
  }
}

export const OPERATOR_LABEL_PREFIX = "CAURI*";
export const OPERATOR_LABEL_MAX = 30;

/** Fixed prefix + merchant name, cut to the operator's 30-character limit. */
export function operatorLabel(merchantName: string): string {
  const name = merchantName.replace(/\s+/g, " ").trim();
  return `${OPERATOR_LABEL_PREFIX}${name}`.slice(0, OPERATOR_LABEL_MAX).trimEnd();
}
