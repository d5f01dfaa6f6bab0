import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { dashboardContext } from "@/lib/auth/dashboard-context";
import { newId } from "@/lib/ids";
import { checkoutView } from "@/lib/payments/checkout";
import { insertPayment } from "@/lib/payments/create";
import { settlePayment } from "@/lib/payments/settle";
import { newMerchant } from "@/tests/support/merchant";
import { receiptToken } from "./token";
import { receiptByToken } from "./view";

async function payment(status: "PENDING" | "SUCCESS" | "FAILED" | "CANCELLED", extra: { clientReference?: string; providerRef?: string } = {}) {
  const m = await newMerchant({ name: "Boutique Awa" });
  const ctx = await dashboardContext(db(), m.merchant, "test");
  const p = await insertPayment(ctx, { amount: 12_500, customerPhone: "+22376554433", customerName: "Awa Traoré", customerEmail: "awa@example.com", description: "Commande n° 1042", clientReference: extra.clientReference, metadata: { internal: "secret-note" } });
  if (status !== "PENDING") await settlePayment(db(), p.id, { status, providerRef: extra.providerRef });
  return p;
}

describe("receiptByToken", () => {
  it("shows a SUCCESS payment's receipt: merchant, amount, when it succeeded, its references, the number masked, nothing else", async () => {
    const p = await payment("SUCCESS", { clientReference: "CMD-1042", providerRef: "OM-778899" });
    const view = await receiptByToken(db(), receiptToken(p.id));
    const [row] = await db().query.payments.findMany({ where: (t, { eq }) => eq(t.id, p.id) });
    expect(view).toEqual({
      merchantId: row.merchantId,
      merchantName: "Boutique Awa",
      amount: 12_500,
      paidAt: row.settledAt!.toISOString(),
      reference: p.id,
      merchantReference: "CMD-1042",
      operatorReference: "OM-778899",
      description: "Commande n° 1042",
      customerPhone: "+223 76 •• •• 33",
      livemode: false,
      path: `/r/${receiptToken(p.id)}`,
      url: expect.stringMatching(new RegExp(`^https?://[^/]+/r/${receiptToken(p.id)}$`)),
      pdfPath: `/r/${receiptToken(p.id)}/pdf`,
    });
    const shown = JSON.stringify(view);
    for (const hidden of ["76554433", "Awa Traoré", "awa@example.com", "secret-note"]) expect(shown).not.toContain(hidden);
  });

  it("leaves out the references a payment does not have", async () => {
    const p = await payment("SUCCESS");
    const view = await receiptByToken(db(), receiptToken(p.id));
    expect(view).toMatchObject({ reference: p.id, merchantReference: null, operatorReference: null });
  });

  it("has no receipt for a payment that did not succeed", async () => {
    for (const status of ["PENDING", "FAILED", "CANCELLED"] as const) {
      const p = await payment(status);
      expect(await receiptByToken(db(), receiptToken(p.id)), status).toBeNull();
    }
  });

  it("has no receipt for an unknown payment or a token the service did not make", async () => {
    const p = await payment("SUCCESS");
    expect(await receiptByToken(db(), receiptToken(newId("txn")))).toBeNull();
    expect(await receiptByToken(db(), p.id)).toBeNull();
    const token = receiptToken(p.id);
    expect(await receiptByToken(db(), `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`)).toBeNull();
  });

  it("is the receipt the checkout links to, before and after the payment succeeds", async () => {
    const p = await payment("PENDING");
    const before = (await checkoutView(db(), p.id)).receipt;
    expect(await receiptByToken(db(), before.path.slice(3))).toBeNull();
    await settlePayment(db(), p.id, { status: "SUCCESS" });
    const after = (await checkoutView(db(), p.id)).receipt;
    expect(after).toEqual(before);
    expect((await receiptByToken(db(), after.path.slice(3)))?.url).toBe(after.url);
  });
});
