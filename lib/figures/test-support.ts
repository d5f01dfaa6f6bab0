import { db } from "@/db/client";
import { payments, type Mode, type PaymentPurpose, type PaymentStatus } from "@/db/schema";
import { newId } from "@/lib/ids";

/** A payments row as creation and settlement leave it, written directly: these tests are about sums. */
export async function paymentAt(
  merchant: { id: string; applicationId: string },
  p: { at: string; amount: number; status: PaymentStatus; mode?: Mode; purpose?: PaymentPurpose; reason?: string; confirmedAfterSeconds?: number },
) {
  const createdAt = new Date(p.at);
  const initiatedAt = p.confirmedAfterSeconds === undefined ? null : new Date(createdAt.getTime() + 1_000);
  await db()
    .insert(payments)
    .values({
      id: newId("txn"),
      merchantId: merchant.id,
      applicationId: merchant.applicationId,
      mode: p.mode ?? "live",
      status: p.status,
      amount: p.amount,
      customerPhone: "+22370000001",
      feeTotal: Math.ceil(p.amount * 0.02),
      adapter: "live",
      gatewayUsed: "operator_live",
      routingReason: "test",
      purpose: p.purpose ?? "direct",
      statusReason: p.reason ?? null,
      initiatedAt,
      expiresAt: new Date(createdAt.getTime() + 15 * 60_000),
      settledAt: p.status === "PENDING" ? null : initiatedAt ? new Date(initiatedAt.getTime() + p.confirmedAfterSeconds! * 1_000) : createdAt,
      createdAt,
      updatedAt: createdAt,
    });
}
