import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { apiRequestLog } from "@/db/schema";
import { listAudit } from "@/lib/audit/record";
import { dashboardContext } from "@/lib/auth/dashboard-context";
import { parseInput } from "@/lib/core/validation";
import { confirmDelivery } from "@/lib/secure-orders/confirm";
import { createSecureOrder } from "@/lib/secure-orders/create";
import { openDispute, resolveDispute } from "@/lib/secure-orders/dispute";
import { sandboxDeliveryCode, simulateSecureOrderPayment } from "@/lib/secure-orders/sandbox";
import { CreateSecureOrderInput } from "@/lib/secure-orders/schemas";
import { newMerchant } from "@/tests/support/merchant";
import { disputeDetail } from "./dispute-detail";

const PHONE = "+22376543210";

async function disputedOrder() {
  const m = await newMerchant({ name: "Boutique Litige", secureOrdersEnabled: true });
  const ctx = await dashboardContext(db(), m.merchant, "test");
  const body = parseInput(CreateSecureOrderInput, { amount: 42_000, description: "Pagne bazin brodé, 3 mètres", customer_phone: PHONE, customer_name: "Fanta", client_reference: "CMD-778" });
  const order = await createSecureOrder(ctx, body);
  await simulateSecureOrderPayment(ctx, order.id, "SUCCESS");
  const { code } = await sandboxDeliveryCode(ctx, order.id);
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
  await expect(confirmDelivery(db(), { by: "any", id: order.id }, wrong)).rejects.toMatchObject({ code: "INVALID_CODE" });
  await expect(confirmDelivery(db(), { by: "any", id: order.id }, wrong)).rejects.toMatchObject({ code: "INVALID_CODE" });
  await openDispute(db(), { by: "any", id: order.id }, "Le colis est arrivé ouvert.");
  return { m, order, code };
}

const logRow = (m: Awaited<ReturnType<typeof newMerchant>>, path: string, status: number, at: Date, mode: "test" | "live" = "test") => ({
  merchantId: m.merchant.id,
  applicationId: m.applicationId,
  mode,
  method: path.endsWith("/confirm-delivery") || path.endsWith("/simulate-payment") ? "POST" : "GET",
  path,
  status,
  durationMs: 12,
  requestId: "req_test",
  createdAt: at,
});

describe("disputeDetail", () => {
  it("shows the buyer (phone masked), the order, the courier's attempts without the code, and what the merchant did", async () => {
    const { m, order, code } = await disputedOrder();
    const now = Date.now();
    await db()
      .insert(apiRequestLog)
      .values([
        logRow(m, `/v1/secure-orders/${order.id}/confirm-delivery`, 400, new Date(now - 60_000)),
        logRow(m, `/v1/secure-orders/${order.id}`, 200, new Date(now - 30_000)),
        logRow(m, `/v1/sandbox/secure-orders/${order.id}/simulate-payment`, 200, new Date(now - 90_000)),
        // Outside the 24-hour log, another order, the other mode: not this order's history.
        logRow(m, `/v1/secure-orders/${order.id}/confirm-delivery`, 400, new Date(now - 25 * 3600_000)),
        logRow(m, `/v1/secure-orders/00000000-0000-4000-8000-000000000000/confirm-delivery`, 400, new Date(now - 10_000)),
        logRow(m, `/v1/secure-orders/${order.id}/confirm-delivery`, 400, new Date(now - 10_000), "live"),
      ]);

    const detail = await disputeDetail(db(), order.id);
    expect(detail.order).toMatchObject({
      id: order.id,
      reference: order.reference,
      status: "DISPUTED",
      amount: 42_000,
      description: "Pagne bazin brodé, 3 mètres",
      customer_name: "Fanta",
      client_reference: "CMD-778",
      dispute_reason: "Le colis est arrivé ouvert.",
      merchant_name: "Boutique Litige",
    });
    expect(detail.order.customer_phone).toBe("+223••••••10");
    expect(detail.order.timeline.map((s) => s.step)).toEqual(["created", "paid", "disputed"]);
    expect(detail.courier).toMatchObject({ max_attempts: 5, wrong_attempts: 2, attempts_remaining: 3, locked: false, confirmed_at: null });
    expect(detail.courier.api_confirmations).toEqual([{ at: new Date(now - 60_000).toISOString(), method: "POST", path: `/v1/secure-orders/${order.id}/confirm-delivery`, status: 400 }]);
    expect(detail.merchant.can_answer).toBe(false);
    expect(detail.merchant.api_requests.map((r) => r.path)).toEqual([
      `/v1/sandbox/secure-orders/${order.id}/simulate-payment`,
      `/v1/secure-orders/${order.id}/confirm-delivery`,
      `/v1/secure-orders/${order.id}`,
    ]);
    const text = JSON.stringify(detail);
    expect(text).not.toContain(PHONE);
    expect(text).not.toContain(code);
  });

  it("tells a staff release from a delivery confirmation, and lists the staff decision", async () => {
    const { m, order } = await disputedOrder();
    await resolveDispute(db(), order.id, "release", { staffId: "staff:awa@cauri.ml" });
    const detail = await disputeDetail(db(), order.id);
    expect(detail.order).toMatchObject({ status: "RELEASED", resolution: "release", resolved_by: "staff:awa@cauri.ml" });
    expect(detail.courier.confirmed_at).toBeNull();
    expect(detail.audit.map((a) => a.action)).toEqual(["secure_order.dispute_release"]);
    // The decision is in the merchant's own trail too (console merchant page, dashboard audit log).
    expect((await listAudit(db(), { merchantId: m.merchant.id })).map((a) => a.action)).toContain("secure_order.dispute_release");
  });

  it("is NOT_FOUND for an unknown order", async () => {
    await expect(disputeDetail(db(), "00000000-0000-4000-8000-000000000000")).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
