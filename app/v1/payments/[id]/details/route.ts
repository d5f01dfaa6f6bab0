import { route } from "@/lib/http/route";
import { paymentDetails } from "@/lib/payments/details";
import { paymentDetailsSchema } from "@/lib/payments/schemas";
import { notAllowed } from "@/lib/http/method-not-allowed";

export const GET = route(
  {
    auth: "key", resource: "payments",
    doc: {
      summary: "Payment details with fees and ledger entries",
      description:
        "The payment object (with `fee_total` and `items`) plus `ledger_entries`: every entry of the journals posted for it (a SUCCESS direct payment: operator_clearing −gross, merchant_available +gross, merchant_available −fee, platform_fees +fee). The internal split of the fee and a merchant-net field are never shown.",
      tags: ["Payments"],
      response: paymentDetailsSchema,
    },
  },
  (ctx, { params }) => paymentDetails(ctx, params.id),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");
