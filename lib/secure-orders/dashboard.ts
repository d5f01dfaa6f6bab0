import type { SecureOrder } from "@/db/schema";
import type { DomainContext } from "@/lib/context";
import { findSecureOrder } from "./queries";
import { secureOrderResource } from "./serialize";
import { DEADLINE_REASON, PAY_BEFORE_REASON } from "./transitions";
import { CANCEL_EFFECT } from "./cancel";

export type TimelineStepKind = "created" | "paid" | "disputed" | "dispute_resolved" | "released" | "refunded" | "cancelled";

/** Why an order was closed without the merchant typing a reason: the time rules of transitions.ts. */
export type AutomaticReason = "pay_before_passed" | "delivery_deadline_passed";

export type TimelineStep = {
  step: TimelineStepKind;
  at: string;
  /** The merchant's or buyer's own words (cancel or dispute reason); null when none or automatic. */
  reason: string | null;
  automatic: AutomaticReason | null;
  /** dispute_resolved only: which way staff decided. */
  resolution: "release" | "refund" | null;
};

// The order in which the steps can happen, to break ties between equal timestamps.
const ORDER: readonly TimelineStepKind[] = ["created", "paid", "disputed", "dispute_resolved", "released", "refunded", "cancelled"];

function automaticOf(reason: string | null): AutomaticReason | null {
  if (reason === PAY_BEFORE_REASON) return "pay_before_passed";
  if (reason === DEADLINE_REASON) return "delivery_deadline_passed";
  return null;
}

/**
 * What happened to an order, oldest first, from the instants its row records (each transition
 * sets one: paid_at, disputed_at, released_at…). A reason the time rules wrote is named by
 * `automatic` so the page can say it in the merchant's language.
 */
export function secureOrderTimeline(o: SecureOrder): TimelineStep[] {
  const steps: TimelineStep[] = [];
  const add = (step: TimelineStepKind, at: Date | null, extra: Partial<Pick<TimelineStep, "reason" | "resolution">> = {}) => {
    if (!at) return;
    const automatic = automaticOf(extra.reason ?? null);
    steps.push({ step, at: at.toISOString(), reason: automatic ? null : (extra.reason ?? null), automatic, resolution: extra.resolution ?? null });
  };
  add("created", o.createdAt);
  add("paid", o.paidAt);
  add("disputed", o.disputedAt, { reason: o.disputeReason });
  add("dispute_resolved", o.disputeResolvedAt, { resolution: o.disputeResolution });
  add("released", o.releasedAt);
  add("refunded", o.refundedAt, { reason: o.cancelReason });
  add("cancelled", o.cancelledAt, { reason: o.cancelReason });
  return steps.sort((a, b) => a.at.localeCompare(b.at) || ORDER.indexOf(a.step) - ORDER.indexOf(b.step));
}

/**
 * The dashboard's order detail: the API's secure order (due time rules applied first, as on
 * GET /v1/secure-orders/{id}; another merchant's or mode's order is NOT_FOUND), plus the buyer's
 * name, the timeline and what a cancel would do now (null: the order is closed).
 */
export async function secureOrderDetail(ctx: DomainContext, id: string) {
  const { order } = await findSecureOrder(ctx, id);
  return {
    ...secureOrderResource(order),
    customer_name: order.customerName,
    cancel_effect: CANCEL_EFFECT[order.status] ?? null,
    timeline: secureOrderTimeline(order),
  };
}

export type SecureOrderDetail = Awaited<ReturnType<typeof secureOrderDetail>>;
