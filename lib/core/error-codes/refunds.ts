import { defineCodes } from "./define";

/** Refund requests: a merchant asks, the service's staff execute the refund at the operator by hand. */
export const refundCodes = defineCodes({
  INVALID_REFUND_AMOUNT: { status: 400, message: "amount must be a positive integer number of FCFA, at most the payment's refundable remainder." },
  INVALID_REFUND_REASON: { status: 400, message: "reason must be one of requested_by_customer, duplicate, fraudulent, other." },
  INVALID_REFUND_NOTE: { status: 400, message: "note must be a string of at most 500 characters." },
  INVALID_PAYMENT_ID: { status: 400, message: "payment_id is required: the id (txn_…) of the successful payment to refund." },
  PAYMENT_NOT_REFUNDABLE: { status: 409, message: "Only a SUCCESS payment can be refunded." },
  REFUND_EXCEEDS_PAYMENT: {
    status: 409,
    message: "The amount is more than what remains refundable on this payment (its amount less the refunds already requested, approved or executed).",
  },
  REFUND_REQUEST_NOT_REQUESTED: { status: 409, message: "Only a REQUESTED refund request can be cancelled or approved; this one has already moved on." },
  REFUND_REQUEST_NOT_APPROVED: { status: 409, message: "Only an APPROVED refund request can be executed. Approve it first." },
  REFUND_REQUEST_CLOSED: { status: 409, message: "This refund request is already executed, refused or cancelled." },
  INVALID_STAFF_NOTE: { status: 400, message: "note is required (at least 3 characters, at most 500): the merchant reads it." },
  INVALID_OPERATOR_REFERENCE: { status: 400, message: "operator_reference is required: the operator's reference of the refund transfer, at most 40 characters." },
});
