import type { DomainContext } from "@/lib/context";
import { entriesForRef } from "@/lib/ledger/balance";
import { findPayment } from "./get";
import type { paymentDetailsSchema } from "./schemas";
import { paymentResourceOf } from "./resource";
import type { z } from "zod";

/**
 * GET /v1/payments/{id}/details: the payment object (with fee_total, items and late_collection)
 * and every ledger entry posted for it, a late collection's journals included
 * (payment.late_collected, then payment.late_credited or payment.late_refunded). Never the
 * internal split of the fee nor a merchant-net field: the entries show the gross credit and the
 * fee total taken to platform_fees, nothing finer.
 */
export async function paymentDetails(ctx: DomainContext, id: string): Promise<z.infer<typeof paymentDetailsSchema>> {
  const payment = await findPayment(ctx, id);
  const entries = await entriesForRef(ctx.db, payment.id);
  return {
    ...(await paymentResourceOf(ctx.db, payment)),
    ledger_entries: entries.map((e) => ({
      journal_id: e.journal_id,
      kind: e.kind,
      account: e.account,
      amount: Number(e.amount),
      created_at: new Date(e.created_at).toISOString(),
    })),
  };
}
