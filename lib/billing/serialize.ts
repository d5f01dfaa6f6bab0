import type { BillingCharge, BillingPlan, Payment, Subscription } from "@/db/schema";
import { checkoutUrl } from "@/lib/payments/serialize";
import type { PlanResource, SubscriptionPaymentDueResource, SubscriptionResource } from "./schemas";

export function planResource(p: BillingPlan, subscriberCount: number): PlanResource {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    amount: p.amount,
    currency: "XOF",
    interval: p.interval,
    is_active: p.isActive,
    subscriber_count: subscriberCount,
    livemode: p.mode === "live",
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}

/** The subscription as the API shows it; also the `data` of subscription.* events. */
export function subscriptionResource(s: Subscription, plan: Pick<BillingPlan, "name" | "amount" | "interval">): SubscriptionResource {
  return {
    id: s.id,
    plan_id: s.planId,
    plan_name: plan.name,
    customer_id: s.customerId,
    customer_phone: s.customerPhone,
    status: s.status,
    amount: plan.amount,
    currency: "XOF",
    interval: plan.interval,
    next_billing_date: s.nextBillingDate.toISOString(),
    next_retry_at: s.status === "PAST_DUE" && s.nextAttemptAt ? s.nextAttemptAt.toISOString() : null,
    retry_count: s.retryCount,
    cancelled_at: s.cancelledAt?.toISOString() ?? null,
    cancel_reason: (s.cancelReason as SubscriptionResource["cancel_reason"]) ?? null,
    metadata: s.metadata,
    livemode: s.mode === "live",
    created_at: s.createdAt.toISOString(),
  };
}

/** The `data` of subscription.payment_due: the subscription and the payment opened for the period of `charge`. */
export function subscriptionPaymentDueResource(
  s: Subscription,
  plan: Pick<BillingPlan, "name" | "amount" | "interval">,
  charge: Pick<BillingCharge, "periodStart">,
  payment: Pick<Payment, "id" | "amount" | "expiresAt">,
): SubscriptionPaymentDueResource {
  return {
    ...subscriptionResource(s, plan),
    payment_id: payment.id,
    payment_url: checkoutUrl(payment.id),
    amount_due: payment.amount,
    period_start: charge.periodStart.toISOString(),
    payment_expires_at: payment.expiresAt.toISOString(),
    subscription_id: s.id,
    billing_date: charge.periodStart.toISOString(),
    expires_at: payment.expiresAt.toISOString(),
    payment_link_id: payment.id,
  };
}
