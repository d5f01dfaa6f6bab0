import { route } from "@/lib/http/route";
import { cancelPaymentByCustomer } from "@/lib/payments/checkout";
import { publicPaymentSchema } from "@/lib/payments/schemas";
import { notAllowed } from "@/lib/http/method-not-allowed";

export const POST = route(
  {
    auth: "none",
    limit: "public.pay",
    transaction: false,
    doc: {
      summary: "Cancel a payment as the customer (hosted checkout)",
      description:
        "Public; the hosted checkout's “Annuler le paiement”. PENDING → CANCELLED; no event is emitted (there is no payment.cancelled). Cancelling again answers the cancelled payment; another terminal state is 409 PAYMENT_FINALIZED. 20 per minute per IP.",
      tags: ["Checkout"],
      response: publicPaymentSchema,
      errors: ["PAYMENT_FINALIZED", "OPR_CHECKOUT_NOT_AVAILABLE"],
    },
  },
  (ctx, { params }) => cancelPaymentByCustomer(ctx.db, params.id),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = notAllowed("POST");
