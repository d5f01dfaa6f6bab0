import { route } from "@/lib/http/route";
import { simulatePayment } from "@/lib/payments/sandbox";
import { paymentSchema, SimulateInput } from "@/lib/payments/schemas";
import { notAllowed } from "@/lib/http/method-not-allowed";

export const POST = route(
  {
    auth: "key", resource: "sandbox",
    testOnly: true,
    body: SimulateInput,
    operation: simulatePayment,
    doc: {
      summary: "Settle a simulated payment (sandbox)",
      description:
        "Test keys only. `{outcome: \"SUCCESS\" | \"FAILED\"}` settles any PENDING payment handled by the simulator, as the operator would (ledger, event). A terminal payment → 409 PAYMENT_FINALIZED; a payment going through the operator's test environment (`metadata.sandbox`) → 409 PAYMENT_NOT_SIMULATED.",
      tags: ["Sandbox"],
      response: paymentSchema,
      errors: ["PAYMENT_FINALIZED", "PAYMENT_NOT_SIMULATED", "INVALID_OUTCOME"],
    },
  },
  (ctx, { params, body }) => simulatePayment(ctx, params.id, body.outcome),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = notAllowed("POST");
