import { defineCodes } from "./define";

export const oprCodes = defineCodes({
  INVALID_OTP: { status: 400, message: "otp must be the 6-digit code the customer received (digits only)." },
  OTP_INCORRECT: { status: 400, message: "This code is not the one sent to the customer. After 3 wrong codes the request is cancelled." },
  OPR_CANCELLED: { status: 409, message: "This payment request was cancelled after 3 wrong codes. Create a new request with POST /v1/opr/create." },
  OPR_COMPLETED: { status: 409, message: "This payment request was already charged. Read its payment with GET /v1/payments/{id}." },
  OPR_EXPIRED: { status: 410, message: "This payment request expired with its payment. Create a new request with POST /v1/opr/create." },
  OPR_CHECKOUT_NOT_AVAILABLE: { status: 409, message: "This payment is an onsite payment request: it is completed with its one-time code through POST /v1/opr/charge, not on the hosted checkout." },
  OPR_SANDBOX_ONLY_FLAG: { status: 400, message: "OPR runs on the simulator: metadata.sandbox (the operator's test environment) is not available for it." },
});
