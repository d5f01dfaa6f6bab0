import { sql } from "drizzle-orm";
import { invoiceSequences } from "@/db/schema";
import type { DomainContext } from "@/lib/context";
import { emitEvent } from "@/lib/events/emit";
import { addDays, dayOf } from "./days";
import { assertDueDate } from "./create";
import { assertTotal } from "./lines";
import { DEFAULT_DUE_DAYS } from "./schemas";
import { invoiceResource } from "./serialize";
import { assertState, lockInvoice, recordActivity, saveInvoice } from "./store";

/** FAC-2026-0001: the year on the merchant's clock, then the year's count, four digits at least. */
export const invoiceNumber = (year: number, n: number) => `FAC-${year}-${String(n).padStart(4, "0")}`;

/**
 * POST /v1/invoices/{id}/finalize: DRAFT → OPEN. The number is the next of the merchant's
 * sequence for the mode and year, taken in this transaction (a rollback gives it back, so no
 * number is skipped or used twice); the due date defaults to 7 days ahead. Event invoice.finalized.
 */
export async function finalizeInvoice(ctx: DomainContext, id: string) {
  const invoice = await lockInvoice(ctx, id);
  assertState(invoice, "DRAFT");
  assertTotal(invoice.total, { final: true });
  const dueDate = invoice.dueDate ?? addDays(dayOf(ctx.now), DEFAULT_DUE_DAYS);
  assertDueDate(dueDate, ctx.now);
  const year = ctx.now.getUTCFullYear();
  const [{ last }] = await ctx.db
    .insert(invoiceSequences)
    .values({ merchantId: ctx.merchant.id, mode: ctx.mode, year, last: 1 })
    .onConflictDoUpdate({ target: [invoiceSequences.merchantId, invoiceSequences.mode, invoiceSequences.year], set: { last: sql`${invoiceSequences.last} + 1` } })
    .returning({ last: invoiceSequences.last });
  const saved = await saveInvoice(ctx.db, id, { status: "OPEN", number: invoiceNumber(year, last), dueDate, finalizedAt: ctx.now, updatedAt: ctx.now });
  await recordActivity(ctx.db, id, "finalized", ctx.now, { detail: { number: saved.number } });
  const resource = invoiceResource(saved, ctx.now);
  await emitEvent(ctx.db, { merchantId: ctx.merchant.id, applicationId: saved.applicationId, mode: ctx.mode, type: "invoice.finalized", object: resource, at: ctx.now });
  return resource;
}
