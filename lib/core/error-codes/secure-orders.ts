import { defineCodes } from "./define";

/**
 * Secure orders (escrow released by a delivery code). The contract names SECURE_ORDERS_DISABLED,
 * NOT_PAID, ORDER_CLOSED, DELIVERY_EXPIRED and CODE_LOCKED; the others are ours. Creation also
 * answers the shared INVALID_AMOUNT, MISSING_PHONE and INVALID_PHONE (with secure-order bounds
 * in the message) and INVALID_PAGINATION on the list.
 */
export const secureOrderCodes = defineCodes({
  SECURE_ORDERS_DISABLED: { status: 404, message: "Secure orders are not enabled for this account. Ask the service to activate the secure-orders pilot." },
  MISSING_DESCRIPTION: { status: 400, message: "description is required: 2 to 200 characters, shown to the buyer." },
  INVALID_DESCRIPTION: { status: 400, message: "description must be a string of 2 to 200 characters (shown to the buyer)." },
  INVALID_CUSTOMER_NAME: { status: 400, message: "customer_name must be a string of 1 to 100 characters." },
  INVALID_DELIVERY_DEADLINE_HOURS: { status: 400, message: "delivery_deadline_hours must be an integer from 1 to 720 (default 72), counted from payment." },
  INVALID_CLIENT_REFERENCE: { status: 400, message: "client_reference must be a string of 1 to 64 characters." },
  INVALID_CANCEL_REASON: { status: 400, message: "reason must be a string of at most 300 characters." },
  INVALID_SECURE_ORDER_STATUS: { status: 400, message: "status must be one of CREATED, PAID_HELD, RELEASED, REFUNDED, DISPUTED, CANCELLED." },
  INVALID_SEARCH: { status: 400, message: "search must be a string of 1 to 100 characters." },
  MISSING_CODE: { status: 400, message: "code is required: the 6-digit delivery code the buyer reads out." },
  INVALID_CODE_FORMAT: { status: 400, message: "code must be a string of exactly 6 digits, e.g. \"042917\". No attempt was used." },
  INVALID_CODE: { status: 400, message: "Wrong delivery code." },
  CODE_LOCKED: { status: 429, message: "The delivery code is locked after 5 wrong attempts. The funds stay held; cancel the order to refund the buyer, or contact support." },
  NOT_PAID: { status: 409, message: "This order has not been paid yet: there is no delivery to confirm." },
  ORDER_CLOSED: { status: 409, message: "This order is closed (cancelled or refunded); nothing can be confirmed." },
  ORDER_ALREADY_RELEASED: { status: 409, message: "The delivery of this order was already confirmed and the funds released." },
  ORDER_DISPUTED: { status: 409, message: "The buyer opened a dispute on this order; the service's staff will release or refund it." },
  DELIVERY_EXPIRED: { status: 410, message: "The delivery deadline has passed: the order was refunded to the buyer." },
  ORDER_NOT_CANCELLABLE: { status: 409, message: "This order is already closed (released, refunded or cancelled) and cannot be cancelled." },
  ORDER_NOT_PAYABLE: { status: 409, message: "This order cannot be paid: it is already paid or closed, or its pay_before has passed." },
  ORDER_NOT_DISPUTABLE: { status: 409, message: "A dispute can only be opened while the payment is held (status PAID_HELD)." },
  INVALID_DISPUTE_REASON: { status: 400, message: "Explain the problem in 3 to 500 characters." },
  DISPUTE_NOT_OPEN: { status: 409, message: "This order has no open dispute (status is not DISPUTED)." },
  INVALID_SIMULATION_OUTCOME: { status: 400, message: "outcome must be SUCCESS or FAILED." },
  REFUND_FAILED: { status: 502, message: "The operator refused the refund. Nothing changed: the funds stay held; retry later or contact support." },
});
