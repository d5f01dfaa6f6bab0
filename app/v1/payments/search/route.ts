import { route } from "@/lib/http/route";
import { findPaymentByReference } from "@/lib/payments/list";
import { PaymentByReferenceInput, paymentSchema } from "@/lib/payments/schemas";
import { notAllowed } from "@/lib/http/method-not-allowed";

export const GET = route(
  {
    auth: "key", resource: "payments",
    query: PaymentByReferenceInput,
    doc: {
      summary: "Find a payment by client_reference",
      description:
        "`client_reference` (required, exact match, 1–128 characters; missing or empty: 400 MISSING_FIELD). `data` is the most recent payment of the key's merchant and mode with that reference, the full payment object as `GET /v1/payments/{id}` shows it; none: 404 NOT_FOUND. A merchant may reuse a reference: `GET /v1/payments?client_reference=` lists every payment with it.",
      tags: ["Payments"],
      response: paymentSchema,
      errors: ["NOT_FOUND"],
    },
  },
  (ctx, { query }) => findPaymentByReference(ctx, query.client_reference),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");
