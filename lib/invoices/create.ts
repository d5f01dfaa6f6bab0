import { eq } from "drizzle-orm";
import { invoiceActivity, invoices, type Invoice } from "@/db/schema";
import { insertCustomerIfAbsent } from "@/lib/billing/customers";
import type { DomainContext } from "@/lib/context";
import { ApiError } from "@/lib/core/errors";
import { newId, randomString } from "@/lib/ids";
import { addDays, dayOf } from "./days";
import { assertTotal, priceLines } from "./lines";
import { DEFAULT_REMINDER_DAYS, INVOICE_LIMITS, type CreateInvoiceBody, type UpdateInvoiceBody } from "./schemas";
import { invoiceResource } from "./serialize";
import { assertState, lockInvoice, recordActivity, saveInvoice } from "./store";

/** The hosted page's token: 20 base62 characters (119 bits), short enough for a text message. */
export const INVOICE_TOKEN_LENGTH = 20;

/** A due date is a day from today to a year ahead, on the merchant's clock. */
export function assertDueDate(day: string, now: Date): void {
  const today = dayOf(now);
  const last = addDays(today, INVOICE_LIMITS.dueDaysMax);
  if (day < today) throw new ApiError("INVALID_DUE_DATE", `due_date ${day} has passed (today is ${today}, Mali time); choose today or a later day.`, { param: "due_date" });
  if (day > last) throw new ApiError("INVALID_DUE_DATE", `due_date ${day} is more than ${INVOICE_LIMITS.dueDaysMax} days ahead; choose a day until ${last}.`, { param: "due_date" });
}

/** POST /v1/invoices: a DRAFT, its lines priced by the service; the customer is known from then on. */
export async function createInvoice(ctx: DomainContext, body: CreateInvoiceBody) {
  const { lines, total } = priceLines(body.lines);
  assertTotal(total, { final: false });
  if (body.due_date) assertDueDate(body.due_date, ctx.now);
  await insertCustomerIfAbsent(ctx.db, { merchantId: ctx.merchant.id, mode: ctx.mode, phone: body.customer_phone, name: body.customer_name, email: body.customer_email, at: ctx.now });
  const [row] = await ctx.db
    .insert(invoices)
    .values({
      id: newId("inv"),
      merchantId: ctx.merchant.id,
      applicationId: ctx.application.id,
      mode: ctx.mode,
      status: "DRAFT",
      token: randomString(INVOICE_TOKEN_LENGTH),
      customerPhone: body.customer_phone,
      customerName: body.customer_name ?? null,
      customerEmail: body.customer_email ?? null,
      lines,
      total,
      dueDate: body.due_date ?? null,
      notes: body.notes || null,
      locale: body.locale,
      reminderDays: sortedDays(body.reminder_days ?? DEFAULT_REMINDER_DAYS),
      clientReference: body.client_reference ?? null,
      metadata: body.metadata ?? {},
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning();
  await recordActivity(ctx.db, row.id, "created", ctx.now);
  return invoiceResource(row, ctx.now);
}

const sortedDays = (days: number[]) => [...days].sort((a, b) => a - b);

/** PATCH /v1/invoices/{id}: a draft only; what is sent replaces what was there. */
export async function updateInvoice(ctx: DomainContext, id: string, body: UpdateInvoiceBody) {
  const invoice = await lockInvoice(ctx, id);
  assertState(invoice, "DRAFT");
  const changes: Partial<Invoice> = { updatedAt: ctx.now };
  if (body.lines) {
    const priced = priceLines(body.lines);
    assertTotal(priced.total, { final: false });
    Object.assign(changes, priced);
  }
  if (body.due_date) assertDueDate(body.due_date, ctx.now);
  if (body.customer_phone !== undefined) changes.customerPhone = body.customer_phone;
  if (body.customer_name !== undefined) changes.customerName = body.customer_name;
  if (body.customer_email !== undefined) changes.customerEmail = body.customer_email;
  if (body.due_date !== undefined) changes.dueDate = body.due_date;
  if (body.notes !== undefined) changes.notes = body.notes || null;
  if (body.locale !== undefined) changes.locale = body.locale;
  if (body.reminder_days !== undefined) changes.reminderDays = sortedDays(body.reminder_days);
  if (body.client_reference !== undefined) changes.clientReference = body.client_reference;
  if (body.metadata !== undefined) changes.metadata = body.metadata;
  const saved = await saveInvoice(ctx.db, id, changes);
  if (body.customer_phone) {
    await insertCustomerIfAbsent(ctx.db, { merchantId: ctx.merchant.id, mode: ctx.mode, phone: body.customer_phone, name: saved.customerName, email: saved.customerEmail, at: ctx.now });
  }
  return invoiceResource(saved, ctx.now);
}

/** DELETE /v1/invoices/{id}: a draft has no number yet, so it is deleted, not voided. */
export async function deleteDraft(ctx: DomainContext, id: string) {
  const invoice = await lockInvoice(ctx, id);
  assertState(invoice, "DRAFT");
  await ctx.db.delete(invoiceActivity).where(eq(invoiceActivity.invoiceId, id));
  await ctx.db.delete(invoices).where(eq(invoices.id, id));
  return { id, object: "invoice" as const, deleted: true as const };
}
