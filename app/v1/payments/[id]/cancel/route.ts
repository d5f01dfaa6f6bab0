import { route } from "@/lib/http/route";
import { cancelPaymentByCustomer } from "@/lib/payments/checkout";
import { publicPaymentSchema } from "@/lib/payments/schemas";
import { notAllowed } from "@/lib/http/method-not-allowed";

export const POST = route(
  {
    auth: "none",
    limit: "public.pay",
    operation: cancelPaymentByCustomer,
    doc: {
      summary: "Cancel a payment as the customer (hosted checkout)",
      description:
        "Public; the hosted checkout's “Annuler le paiement”. PENDING → CANCELLED, only before the collection was pushed to the customer's phone; no event is emitted (there is no payment.cancelled). " +
        "Once it was pushed (`initiated_at` set, by POST …/confirm), the request is on the customer's phone and they could still approve it: 409 PAYMENT_ALREADY_INITIATED, nothing changes, and the payment ends when the operator answers or at `expires_at`. " +
        "Cancelling again answers the cancelled payment; another terminal state is 409 PAYMENT_FINALIZED. 20 per minute per IP.",
      tags: ["Checkout"],
      response: publicPaymentSchema,
      errors: ["PAYMENT_ALREADY_INITIATED", "PAYMENT_FINALIZED", "OPR_CHECKOUT_NOT_AVAILABLE"],
    },
  },
  (ctx, { params }) => cancelPaymentByCustomer(ctx.db, params.id),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = notAllowed("POST");
