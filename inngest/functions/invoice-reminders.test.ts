import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { eventTypesOf, INVOICE, invoiceApi, openInvoice } from "@/app/v1/invoices/test-support";
import { db } from "@/db/client";
import { merchants } from "@/db/schema";
import { addDays, dayOf } from "@/lib/invoices/days";
import { newMerchant } from "@/tests/support/merchant";
import { scheduledFunction, servedFunctionIds, tick } from "./test-support";

describe("invoice-reminders Inngest function", () => {
  it("is served", () => {
    expect(servedFunctionIds()).toContain(scheduledFunction("invoice-reminders").id());
  });

  it("makes an invoice past its due date overdue once through lib/invoices, and a second run does nothing more", async () => {
    const m = await newMerchant();
    const { id } = await openInvoice(m.testKey, { ...INVOICE, due_date: addDays(dayOf(new Date()), 1) });
    await invoiceApi(m.testKey).send(id, { channels: ["whatsapp"] });
    // The test clock moved without running the due work, as the schedule would find it.
    await db().update(merchants).set({ testClockOffsetSeconds: 2 * 86_400 }).where(eq(merchants.id, m.merchant.id));
    const first = await tick("invoice-reminders");
    expect(first.error).toBeUndefined();
    expect(await eventTypesOf(id, "invoice.overdue")).toEqual(["invoice.overdue"]);
    expect((await tick("invoice-reminders")).error).toBeUndefined();
    expect(await eventTypesOf(id, "invoice.overdue")).toHaveLength(1);
  });
});
