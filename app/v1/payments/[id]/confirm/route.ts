import { route } from "@/lib/http/route";
import { confirmPayment } from "@/lib/payments/checkout";
import { ConfirmPaymentInput, publicPaymentSchema } from "@/lib/payments/schemas";
import { notAllowed } from "@/lib/http/method-not-allowed";

export const POST = route(
  {
    auth: "none",
    limit: "public.pay",
    body: ConfirmPaymentInput,
    operation: confirmPayment,
    doc: {
      summary: "Confirm the customer's number and push the collection (hosted checkout)",
      description:
        "Public; used by the hosted checkout (and by any custom checkout). The customer types the number the payment was created for (`70 00 00 01`, `0022370000001` and `+22370000001` all work; 8 digits alone mean +223); a different number is 400 PHONE_MISMATCH. The collection is then pushed to that phone once per payment: a second click, a reload or a concurrent request resumes the same operator session. Answers the public status; a payment that is no longer PENDING is answered as it is. 20 per minute per IP.",
      tags: ["Checkout"],
      response: publicPaymentSchema,
      errors: ["PHONE_MISMATCH", "INVALID_PHONE", "MISSING_PHONE", "OPR_CHECKOUT_NOT_AVAILABLE"],
    },
  },
  (ctx, { params, body }) => confirmPayment(ctx.db, params.id, body.customer_phone),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = notAllowed("POST");
