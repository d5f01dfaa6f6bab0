import { route } from "@/lib/http/route";
import { expirePaymentNow } from "@/lib/payments/expire";
import { loadPayment } from "@/lib/payments/get";
import { paymentSchema } from "@/lib/payments/schemas";
import { paymentResourceOf } from "@/lib/payments/resource";
import { notAllowed } from "@/lib/http/method-not-allowed";

export const POST = route(
  {
    auth: "key", resource: "payments",
    doc: {
      summary: "Expire a payment whose expires_at has passed",
      description:
        "No body. PENDING and past `expires_at` → EXPIRED, emits `payment.expired` once; answers the payment. Before `expires_at` → 409 PAYMENT_NOT_EXPIRED; an EXPIRED payment is answered unchanged (no second event); SUCCESS, FAILED or CANCELLED → 409 PAYMENT_FINALIZED.",
      tags: ["Payments"],
      response: paymentSchema,
      errors: ["PAYMENT_NOT_EXPIRED", "PAYMENT_FINALIZED"],
    },
  },
  async (ctx, { params }) => paymentResourceOf(ctx.db, await expirePaymentNow(ctx, await loadPayment(ctx, params.id))),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = notAllowed("POST");
