import { route } from "@/lib/http/route";
import { chargeOpr } from "@/lib/onsite-requests/charge";
import { ChargeOprInput, chargedOprSchema } from "@/lib/onsite-requests/schemas";
import { notAllowed } from "@/lib/http/method-not-allowed";

export const POST = route(
  {
    auth: "key", resource: "payments",
    testOnly: true,
    body: ChargeOprInput,
    operation: chargeOpr,
    doc: {
      summary: "Charge an onsite payment request with its code (sandbox)",
      description:
        "Test keys only. `{token, otp}`: the right code completes the request and settles its payment — SUCCESS, except the simulator's declining numbers (+22370000002, +22370000004), which end FAILED as on the checkout. A wrong code is 400 `OTP_INCORRECT` with the attempts left; the 3rd wrong code cancels the request and its payment (409 `OPR_CANCELLED`). Charging again a completed request is 409 `OPR_COMPLETED`; after the payment's expiry, 410 `OPR_EXPIRED`.",
      tags: ["OPR"],
      response: chargedOprSchema,
      errors: ["NOT_FOUND", "OTP_INCORRECT", "OPR_CANCELLED", "OPR_COMPLETED", "OPR_EXPIRED"],
    },
  },
  (ctx, { body }) => chargeOpr(ctx, body),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = notAllowed("POST");
