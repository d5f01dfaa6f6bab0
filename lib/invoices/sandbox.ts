import type { DomainContext } from "@/lib/context";
import { ApiError } from "@/lib/core/errors";
import { defineOperation } from "@/lib/core/operation";
import { confirmPayment } from "@/lib/payments/checkout";
import { simulatePayment, type SimulatedOutcome } from "@/lib/payments/sandbox";
import { startInvoicePayment } from "./public";
import { getInvoice } from "./queries";
import { assertState, findInvoice } from "./store";

/**
 * POST /v1/sandbox/invoices/{id}/simulate-payment (test keys only): the customer pays the
 * invoice as from its hosted page (its one attempt, pushed to the invoice's number), then the
 * simulator answers with `outcome` unless the number's scenario already decided at the push, as
 * the operator would. Answers the invoice: PAID after a SUCCESS (invoice.paid), still payable
 * after a FAILED.
 *
 * Own transactions: the attempt, the push and the settlement each commit, as on the hosted page.
 */
export const simulateInvoicePayment = defineOperation({ transaction: "own" }, async function simulateInvoicePayment(ctx: DomainContext, id: string, outcome: SimulatedOutcome) {
  const invoice = await findInvoice(ctx, id);
  assertState(invoice, "OPEN");
  const attempt = await startInvoicePayment(ctx.db, invoice.token!);
  const pushed = await confirmPayment(ctx.db, attempt.id, null);
  if (pushed.status === "PENDING") {
    try {
      await simulatePayment(ctx, attempt.id, outcome);
    } catch (error) {
      // The scenario's own answer got there first: the invoice is as it left it.
      if (!(error instanceof ApiError && error.code === "PAYMENT_FINALIZED")) throw error;
    }
  }
  return getInvoice(ctx, id);
});
