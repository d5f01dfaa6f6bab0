import { defineCodes } from "./define";

/** Balance withdrawals and the staff back office that processes them. */
export const withdrawalCodes = defineCodes({
  KYC_NOT_APPROVED: { status: 400, message: "Withdrawals need an approved KYC. Complete your identity verification, then try again." },
  INSUFFICIENT_BALANCE: { status: 400, message: "The available balance does not cover this withdrawal. Check GET /v1/withdrawals/balance and request a smaller amount." },
  FEE_CHANGED: { status: 409, message: "The withdrawal fee has changed since your quote. Get a new quote (GET /v1/withdrawals/quote) and confirm again." },
  RECIPIENT_PHONE_NOT_SUPPORTED: {
    status: 400,
    message: "Withdrawals take `provider` (\"OPERATOR_MONEY\") and `phone_number`, not `recipient_phone` (sent by older SDK helpers). Send provider and phone_number instead.",
  },
  INVALID_NOTES: { status: 400, message: "notes must be a string of at most 500 characters." },
  INVALID_QUOTED_FEE: { status: 400, message: "quoted_fee must be the integer fee returned by GET /v1/withdrawals/quote." },
  WITHDRAWAL_NOT_PENDING: { status: 409, message: "Only a PENDING withdrawal (or, for a cancel, one AWAITING_APPROVAL) can be cancelled, approved or rejected; this one has already moved on." },
  WITHDRAWAL_NOT_AWAITING_APPROVAL: { status: 409, message: "Only a withdrawal AWAITING_APPROVAL can be approved or refused by the team; this one has already been decided, cancelled or never needed approval." },
  WITHDRAWAL_SELF_APPROVAL: { status: 403, message: "You requested this withdrawal: another owner or admin of the account must approve or refuse it." },
  INVALID_APPROVAL_THRESHOLD: { status: 400, message: "threshold must be null (no second approval) or an integer number of FCFA from 0 to 4,999,999." },
  INVALID_REFUSAL_REASON: { status: 400, message: "reason must be a string of at most 500 characters." },
  WITHDRAWAL_NOT_APPROVED: { status: 409, message: "Only an APPROVED withdrawal can be completed. Approve it first." },
  INVALID_STATUS_FILTER: { status: 400, message: "status is not one of the statuses this list can be filtered by." },
  INVALID_PAGINATION: { status: 400, message: "page must be an integer ≥ 1 and limit an integer between 1 and 100." },
});
