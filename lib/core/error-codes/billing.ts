import { defineCodes } from "./define";

export const billingCodes = defineCodes({
  INVALID_INTERVAL: { status: 400, message: "interval must be WEEKLY or MONTHLY." },
  PLAN_NOT_FOUND: { status: 404, message: "No such plan for this merchant and mode (or the plan is inactive, for public reads)." },
  PLAN_INACTIVE: { status: 400, message: "This plan is deactivated: it accepts no new subscriptions. Activate it with PATCH /v1/billing/plans/{id} {is_active: true}." },
  PLAN_INTERVAL_IMMUTABLE: { status: 400, message: "A plan's interval cannot change; create a new plan instead." },
  INVALID_START_DATE: { status: 400, message: "start_date must be an ISO 8601 date-time, at most one year ahead." },
  SUBSCRIPTION_NOT_FOUND: { status: 404, message: "No such subscription for this key's merchant and mode." },
  SUBSCRIPTION_CANCELLED: { status: 409, message: "This subscription is cancelled; it can no longer be paid." },
  SUBSCRIPTION_NOT_PAST_DUE: { status: 409, message: "This subscription has no overdue period to pay now." },
  SUBSCRIPTION_PAYMENT_IN_PROGRESS: { status: 409, message: "A payment for this subscription is already waiting for the customer's approval. Wait for it to finish." },
  MISSING_MERCHANT_ID: { status: 400, message: "merchant_id is required: GET /v1/public/plans?merchant_id=mer_…" },
  MERCHANT_NOT_FOUND: { status: 404, message: "No active merchant has this merchant_id. Send the merchant's id (mer_…), shown in its dashboard." },
  PORTAL_SESSION_NOT_FOUND: { status: 404, message: "This customer-portal link is unknown. Ask the merchant for a new link." },
  PORTAL_SESSION_EXPIRED: { status: 410, message: "This customer-portal link has expired (links last 24 hours). Ask the merchant for a new link." },
});
