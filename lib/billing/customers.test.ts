import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { dashboardContext } from "@/lib/auth/dashboard-context";
import { insertPayment } from "@/lib/payments/create";
import { settlePayment } from "@/lib/payments/settle";
import { newMerchant } from "@/tests/support/merchant";
import { getCustomer, listCustomers, upsertCustomer } from "./customers";

describe("getCustomer", () => {
  it("answers one customer as the list shows it, and null for another merchant's or the other mode's", async () => {
    const m = await newMerchant();
    const ctx = await dashboardContext(db(), m.merchant, "test");
    const customer = await upsertCustomer(db(), { merchantId: m.merchant.id, mode: "test", phone: "+22370000031", name: "Awa Traoré", at: ctx.now });
    const paid = await insertPayment(ctx, { amount: 7_500, customerPhone: "+22370000031" });
    await settlePayment(db(), paid.id, { status: "SUCCESS" });
    await insertPayment(ctx, { amount: 2_000, customerPhone: "+22370000031" });

    const listed = (await listCustomers(ctx, { page: 1, limit: 10 })).items.find((c) => c.id === customer.id);
    expect(await getCustomer(ctx, customer.id)).toEqual(listed);
    expect(listed).toMatchObject({ phone: "+22370000031", name: "Awa Traoré", total_paid: 7_500, subscription_count: 0 });

    expect(await getCustomer(await dashboardContext(db(), m.merchant, "live"), customer.id)).toBeNull();
    const other = await newMerchant();
    expect(await getCustomer(await dashboardContext(db(), other.merchant, "test"), customer.id)).toBeNull();
    expect(await getCustomer(ctx, "cus_absent")).toBeNull();
  });
});
