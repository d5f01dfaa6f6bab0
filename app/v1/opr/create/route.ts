import { route } from "@/lib/http/route";
import { createOpr } from "@/lib/onsite-requests/create";
import { CreateOprInput, oprSchema } from "@/lib/onsite-requests/schemas";
import { notAllowed } from "@/lib/http/method-not-allowed";

export const POST = route(
  {
    auth: "key", resource: "payments",
    testOnly: true,
    // It creates a payment: the same 10/min as POST /v1/payments, counted together.
    limit: "payments.create",
    idempotency: "required",
    body: CreateOprInput,
    status: 201,
    doc: {
      summary: "Create an onsite payment request (sandbox)",
      description:
        "Test keys only. The body of `POST /v1/payments` without `return_url`: no redirect, the customer pays on your site with a one-time code. Creates a PENDING payment (`payment_id`) and sends a 6-digit code to `customer_phone` — in the sandbox, read it with `GET /v1/sandbox/opr/{token}/otp`. Charge with `POST /v1/opr/charge`. The request expires with its payment. `metadata.sandbox` is refused (OPR runs on the simulator).",
      tags: ["OPR"],
      response: oprSchema,
      errors: ["OPR_SANDBOX_ONLY_FLAG", "PARTNER_ITEMS_INVALID", "PARTNER_PRODUCT_REQUIRED", "PARTNER_PRODUCT_NOT_FOUND", "PARTNER_PRODUCT_NOT_APPROVED", "PARTNER_AMOUNT_MISMATCH"],
    },
  },
  (ctx, { body }) => createOpr(ctx, body),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = notAllowed("POST");
