import { and, eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { invoiceActivity, invoices, type Invoice, type InvoiceActivityKind, type InvoiceChannel } from "@/db/schema";
import type { DomainContext } from "@/lib/context";
import { ApiError } from "@/lib/core/errors";

const notFound = (id: string) => new ApiError("INVOICE_NOT_FOUND", `No invoice ${id} for this key's merchant and mode.`, { param: "id" });

const ofKey = (ctx: DomainContext, id: string) => and(eq(invoices.id, id), eq(invoices.merchantId, ctx.merchant.id), eq(invoices.mode, ctx.mode));

/** One of the key's invoices; another merchant's or mode's is INVOICE_NOT_FOUND. */
export async function findInvoice(ctx: DomainContext, id: string): Promise<Invoice> {
  const [row] = await ctx.db.select().from(invoices).where(ofKey(ctx, id));
  if (!row) throw notFound(id);
  return row;
}

/** The same, locked for the rest of the caller's transaction. */
export async function lockInvoice(ctx: DomainContext, id: string): Promise<Invoice> {
  const [row] = await ctx.db.select().from(invoices).where(ofKey(ctx, id)).for("update");
  if (!row) throw notFound(id);
  return row;
}

export async function saveInvoice(db: Database, id: string, changes: Partial<Invoice>): Promise<Invoice> {
  const [row] = await db.update(invoices).set(changes).where(eq(invoices.id, id)).returning();
  return row;
}

export async function recordActivity(
  db: Database,
  invoiceId: string,
  kind: InvoiceActivityKind,
  at: Date,
  extra: { channel?: InvoiceChannel; detail?: Record<string, unknown> } = {},
): Promise<void> {
  await db.insert(invoiceActivity).values({ invoiceId, kind, at, channel: extra.channel ?? null, detail: extra.detail ?? {} });
}

/** Refuses what a finalized, paid or voided invoice cannot do, with the code that says which. */
export function assertState(invoice: Invoice, wanted: "DRAFT" | "OPEN"): void {
  if (invoice.status === wanted) return;
  if (invoice.status === "PAID") throw new ApiError("INVOICE_ALREADY_PAID", `Invoice ${invoice.number} is already paid.`);
  if (invoice.status === "VOID") throw new ApiError("INVOICE_VOIDED", `Invoice ${invoice.number} was voided; create a new invoice.`);
  if (wanted === "DRAFT") throw new ApiError("INVOICE_NOT_DRAFT");
  throw new ApiError("INVOICE_IS_DRAFT");
}
