import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { events, invoiceActivity, payments } from "@/db/schema";
import { eventTypesOf, INVOICE, invoiceApi, openInvoice } from "@/app/v1/invoices/test-support";
import { call } from "@/tests/support/http";
import { newLiveMerchant, newMerchant } from "@/tests/support/merchant";
import { expectMatchesOpenApi } from "@/tests/support/openapi";
import { POST as simulateRoute } from "./[id]/simulate-payment/route";

const simulate = (key: string, id: string, body: unknown = { outcome: "SUCCESS" }) =>
  call(simulateRoute, "POST", `/v1/sandbox/invoices/${id}/simulate-payment`, { key, params: { id }, body });

const paymentsOf = async (invoiceId: string) => db().select().from(payments).where(and(eq(payments.purpose, "invoice"), eq(payments.purposeRef, invoiceId)));
const activityOf = async (invoiceId: string) => (await db().select().from(invoiceActivity).where(eq(invoiceActivity.invoiceId, invoiceId))).map((a) => a.kind);

describe("POST /v1/sandbox/invoices/{id}/simulate-payment", () => {
  it("pays the invoice as its page would: one payment of its total to its number, PAID, invoice.paid and payment.success once", async () => {
    const m = await newMerchant();
    const invoice = await openInvoice(m.testKey);
    const res = await simulate(m.testKey, invoice.id);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: invoice.id, status: "PAID", amount_paid: 20_000, amount_due: 0 });
    expectMatchesOpenApi("POST", "/v1/sandbox/invoices/{id}/simulate-payment", 200, res.body);

    const [payment] = await paymentsOf(invoice.id);
    expect(payment).toMatchObject({ status: "SUCCESS", amount: 20_000, customerPhone: "+22376554433", clientReference: invoice.number });
    expect(payment.initiatedAt).not.toBeNull();
    expect(res.body.data.payment_id).toBe(payment.id);
    expect(await eventTypesOf(invoice.id, "invoice.paid")).toEqual(["invoice.paid"]);
    expect(await eventTypesOf(payment.id)).toEqual(["payment.success"]);
    expect(await activityOf(invoice.id)).toEqual(expect.arrayContaining(["payment_started", "paid"]));
  });

  it("FAILED leaves the invoice payable, with the failure on its timeline; a SUCCESS then pays it with a new attempt", async () => {
    const m = await newMerchant();
    const invoice = await openInvoice(m.testKey);
    const failed = await simulate(m.testKey, invoice.id, { outcome: "FAILED" });
    expect(failed.status).toBe(200);
    expect(failed.body.data).toMatchObject({ status: "OPEN", amount_paid: 0, amount_due: 20_000 });
    expect(await activityOf(invoice.id)).toContain("payment_failed");
    expect(await eventTypesOf(invoice.id, "invoice.paid")).toEqual([]);

    const paid = await simulate(m.testKey, invoice.id);
    expect(paid.body.data.status).toBe("PAID");
    expect((await paymentsOf(invoice.id)).map((p) => p.status).sort()).toEqual(["FAILED", "SUCCESS"]);
  });

  it("lets the number's scenario decide at the push, as the operator would: an invoice to the declining number is not paid by outcome SUCCESS", async () => {
    const m = await newMerchant();
    const invoice = await openInvoice(m.testKey, { ...INVOICE, customer_phone: "+22370000002" });
    const res = await simulate(m.testKey, invoice.id);
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe("OPEN");
    expect((await paymentsOf(invoice.id)).map((p) => p.status)).toEqual(["FAILED"]);
  });

  it("two simulations at once pay the invoice once: one payment, one invoice.paid", async () => {
    const m = await newMerchant();
    const invoice = await openInvoice(m.testKey);
    const answers = await Promise.all([simulate(m.testKey, invoice.id), simulate(m.testKey, invoice.id)]);
    for (const res of answers) {
      if (res.status === 200) expect(res.body.data.status).toBe("PAID");
      else expect([res.status, res.body.error.code]).toEqual([409, "INVOICE_ALREADY_PAID"]);
    }
    expect(answers.some((res) => res.status === 200)).toBe(true);
    const paid = await paymentsOf(invoice.id);
    expect(paid.map((p) => p.status)).toEqual(["SUCCESS"]);
    expect(await eventTypesOf(invoice.id, "invoice.paid")).toEqual(["invoice.paid"]);
    expect((await db().select().from(events).where(and(inArray(events.objectId, paid.map((p) => p.id)), eq(events.type, "payment.success")))).length).toBe(1);
  });

  it("refuses what cannot be paid, with the code that says why, and pushes nothing", async () => {
    const m = await newMerchant();
    const api = invoiceApi(m.testKey);
    const draft = (await api.create()).body.data;
    const refusedDraft = await simulate(m.testKey, draft.id);
    expect([refusedDraft.status, refusedDraft.body.error.code]).toEqual([409, "INVOICE_IS_DRAFT"]);

    const voided = await openInvoice(m.testKey);
    await api.void(voided.id);
    const refusedVoid = await simulate(m.testKey, voided.id);
    expect([refusedVoid.status, refusedVoid.body.error.code]).toEqual([409, "INVOICE_VOIDED"]);

    const paid = await openInvoice(m.testKey);
    await simulate(m.testKey, paid.id);
    const again = await simulate(m.testKey, paid.id);
    expect([again.status, again.body.error.code]).toEqual([409, "INVOICE_ALREADY_PAID"]);

    expect(await paymentsOf(draft.id)).toEqual([]);
    expect(await paymentsOf(voided.id)).toEqual([]);
    expect(await paymentsOf(paid.id)).toHaveLength(1);
  });

  it("answers 400 INVALID_OUTCOME for a missing or unknown outcome", async () => {
    const m = await newMerchant();
    const invoice = await openInvoice(m.testKey);
    for (const body of [{}, { outcome: "MAYBE" }, { outcome: "success" }]) {
      const res = await simulate(m.testKey, invoice.id, body);
      expect([res.status, res.body.error.code]).toEqual([400, "INVALID_OUTCOME"]);
    }
    expect(await paymentsOf(invoice.id)).toEqual([]);
  });

  it("is 404 INVOICE_NOT_FOUND for an unknown id or another merchant's invoice, and 403 TEST_MODE_ONLY with a live key", async () => {
    const owner = await newLiveMerchant();
    const outsider = await newMerchant();
    const invoice = await openInvoice(owner.testKey);
    for (const [key, id] of [[outsider.testKey, invoice.id], [owner.testKey, "inv_nope"]]) {
      const res = await simulate(key, id);
      expect([res.status, res.body.error.code]).toEqual([404, "INVOICE_NOT_FOUND"]);
    }
    const live = await simulate(owner.liveKey, invoice.id);
    expect(live.body.error.code).toBe("TEST_MODE_ONLY");
    expect(live.status).toBe(403);
    expect(await paymentsOf(invoice.id)).toEqual([]);
  });
});
