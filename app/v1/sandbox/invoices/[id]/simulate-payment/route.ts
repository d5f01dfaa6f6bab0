import { route } from "@/lib/http/route";
import { notAllowed } from "@/lib/http/method-not-allowed";
import { simulateInvoicePayment } from "@/lib/invoices/sandbox";
import { invoiceSchema } from "@/lib/invoices/schemas";
import { SimulateInput } from "@/lib/payments/schemas";

export const POST = route(
  {
    auth: "key", resource: "sandbox",
    testOnly: true,
    body: SimulateInput,
    operation: simulateInvoicePayment,
    doc: {
      summary: "Simulate the customer's payment of an invoice",
      description:
        "Test keys only. `{outcome: \"SUCCESS\" | \"FAILED\"}`. Pays the invoice as its hosted page would (the invoice's one payment attempt is created or resumed and pushed to the invoice's number), then the simulator answers with `outcome`: SUCCESS makes the invoice PAID (`invoice.paid`, and the payment's `payment.success`); FAILED leaves it payable, with a `payment_failed` entry on its timeline. The simulator's test numbers decide at the push, as the operator would (an invoice to +22370000002 always fails). A draft is 409 `INVOICE_IS_DRAFT`, a paid one `INVOICE_ALREADY_PAID`, a voided one `INVOICE_VOIDED`. Answers the invoice.",
      tags: ["Sandbox", "Invoices"],
      response: invoiceSchema,
      errors: ["INVOICE_NOT_FOUND", "INVALID_OUTCOME", "INVOICE_IS_DRAFT", "INVOICE_ALREADY_PAID", "INVOICE_VOIDED", "INVOICE_PAYMENT_IN_PROGRESS", "PAYMENT_NOT_SIMULATED"],
    },
  },
  (ctx, { params, body }) => simulateInvoicePayment(ctx, params.id, body.outcome),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = notAllowed("POST");
