import { route } from "@/lib/http/route";
import { reconcilePayment } from "@/lib/payments/reconcile";
import { reconcileResultSchema } from "@/lib/payments/schemas";
import { notAllowed } from "@/lib/http/method-not-allowed";

export const POST = route(
  {
    auth: "key", resource: "payments",
    limit: "payments.reconcile",
    operation: reconcilePayment,
    doc: {
      summary: "Reconcile a payment with the operator",
      description:
        "No body. Asks the operator for the collection's state and applies it: SUCCESS or FAILED settle the payment (even after `expires_at`: money the customer paid is not lost); still pending at the operator after `expires_at` → EXPIRED with `payment.expired`. A terminal payment is answered unchanged without asking the operator. If the operator cannot be reached (timeout, 5xx, unreadable answer) the payment stays PENDING and the answer is 502 PROVIDER_ERROR. `updated` (boolean) says whether this call changed the payment's status, `new_status` is the status after it (the same as `payment.status`). 10 per minute per key.",
      tags: ["Payments"],
      response: reconcileResultSchema,
      errors: ["PROVIDER_ERROR"],
    },
  },
  (ctx, { params }) => reconcilePayment(ctx, params.id),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = notAllowed("POST");
