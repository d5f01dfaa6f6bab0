import { defineCodes } from "./define";

export const paymentCodes = defineCodes({
  INVALID_AMOUNT: { status: 400, message: "amount must be an integer number of XOF between 100 and 5,000,000." },
  MISSING_PHONE: { status: 400, message: "customer_phone is required (international format, e.g. +22370000001)." },
  INVALID_PHONE: { status: 400, message: "The phone number must be in international format: + followed by 8 to 15 digits." },
  MISSING_RETURN_URL: { status: 400, message: "return_url is required: the HTTPS page the customer returns to after paying." },
  INVALID_RETURN_URL: { status: 400, message: "return_url must be an HTTPS URL outside the service's own domains." },
  INVALID_PAYMENT_METHOD: { status: 400, message: "payment_method must be OPERATOR_MONEY, the only payment method." },
  INVALID_PROVIDER: { status: 400, message: "provider must be OPERATOR_MONEY, the only operator." },
  INVALID_CURRENCY: { status: 400, message: "currency must be XOF." },
  INVALID_COUNTRY: { status: 400, message: "country must be one of ML, SN, CI." },
  INVALID_EMAIL: { status: 400, message: "The e-mail address is not valid." },
  INVALID_METADATA: { status: 400, message: "metadata must be an object; service_mock and sandbox must be booleans." },
  DUPLICATE_PAYMENT: { status: 409, message: "A payment was already created with this X-Idempotency-Key for a different request. Use a new key." },
  PAYMENT_NOT_EXPIRED: { status: 409, message: "This payment's expires_at has not passed yet; it cannot be expired now." },
  PAYMENT_FINALIZED: { status: 409, message: "This payment is already in a terminal state and cannot change." },
  PAYMENT_ALREADY_INITIATED: {
    status: 409,
    message:
      "The payment request is already on the customer's phone; it can no longer be cancelled. The payment ends when the operator answers (the customer approves or declines it) or at expires_at.",
  },
  PAYMENT_NOT_SIMULATED: { status: 409, message: "Only payments handled by the simulator (test mode) can be settled with this route." },
  LATE_COLLECTION_RESOLVED: { status: 409, message: "This late collection was already credited to the merchant or refunded to the customer; only an OPEN one can be resolved." },
  // Shared with other lists (same wording everywhere, whichever area's row the catalogue keeps).
  INVALID_PAGINATION: { status: 400, message: "page must be an integer ≥ 1 and limit an integer between 1 and 100." },
  INVALID_OFFSET: { status: 400, message: "offset must be an integer from 0 to 1,000,000." },
  INVALID_PAYMENT_STATUS: { status: 400, message: "status must be one of PENDING, SUCCESS, FAILED, EXPIRED, CANCELLED." },
  INVALID_DATE_RANGE: { status: 400, message: "from and to must be ISO 8601 dates or date-times (e.g. 2026-10-01T00:00:00Z), with from before to." },
  PHONE_MISMATCH: { status: 400, message: "This number is not the one the payment was created for. Enter the mobile-money number the merchant has on file." },
  INVALID_OUTCOME: { status: 400, message: "outcome must be SUCCESS or FAILED." },
  INVALID_CLOCK_ADVANCE: { status: 400, message: "seconds must be an integer from 1 to 31,536,000 (365 days)." },
  OPERATOR_SIGNATURE_INVALID: { status: 401, message: "The X-Operator-Signature header is missing or does not match the body's HMAC-SHA256." },
  OPERATOR_SESSION_MISMATCH: { status: 409, message: "This callback names another operator session than the one recorded for the payment." },
  REFUNDS_UNAVAILABLE: { status: 503, message: "Online refunds are unavailable; refunds go through support." },
  PAYOUTS_UNAVAILABLE: { status: 403, message: "Automatic payouts are unavailable. Request a balance withdrawal with POST /v1/withdrawals." },
});
