import { randomUUID } from "node:crypto";
import { secureOrders, type SecureOrder } from "@/db/schema";
import type { DomainContext } from "@/lib/context";
import { log } from "@/lib/log";
import { paymentFee } from "@/lib/payments/fees";
import { assertLiveVolumeAvailable } from "@/lib/platform/volume-cap";
import { newOrderReference, newPageToken } from "./code";
import { MAX_CODE_ATTEMPTS, payWindowHours, SECURE_ORDER_LIMITS } from "./config";
import type { CreateSecureOrderBody } from "./schemas";
import { secureOrderResource } from "./serialize";

/**
 * POST /v1/secure-orders: a CREATED order with its buyer and courier pages. The fee is the
 * payment fee schedule applied to the amount (lib/payments/fees.ts), taken from the escrow at
 * release; the buyer pays the amount (amount_charged = amount). pay_before = now + the pay
 * window (24 h by default). References are retried on the rare collision. With a live key the
 * plan's monthly live volume cap applies (403 PLAN_MONTHLY_VOLUME_EXCEEDED).
 */
export async function createSecureOrder(ctx: DomainContext, body: CreateSecureOrderBody) {
  // A live order is a live collection: the plan's monthly cap applies (again when the buyer pays).
  await assertLiveVolumeAvailable(ctx, body.amount);
  const id = randomUUID();
  const buyerToken = newPageToken();
  let courierToken = newPageToken();
  while (courierToken === buyerToken) courierToken = newPageToken();
  for (let attempt = 0; attempt < 8; attempt++) {
    const [row] = await ctx.db
      .insert(secureOrders)
      .values({
        id,
        merchantId: ctx.merchant.id,
        applicationId: ctx.application.id,
        mode: ctx.mode,
        reference: newOrderReference(),
        status: "CREATED",
        amount: body.amount,
        currency: "XOF",
        feeTotal: paymentFee(body.amount),
        amountMerchantNet: null,
        description: body.description,
        // E.164 already (lib/phone, in the schema).
        customerPhone: body.customer_phone,
        customerName: body.customer_name ?? null,
        clientReference: body.client_reference ?? null,
        deliveryWindowHours: body.delivery_deadline_hours ?? SECURE_ORDER_LIMITS.deliveryHoursDefault,
        buyerToken,
        courierToken,
        codeAttemptsRemaining: MAX_CODE_ATTEMPTS,
        codeLocked: false,
        payBefore: new Date(ctx.now.getTime() + payWindowHours() * 3_600_000),
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .onConflictDoNothing({ target: secureOrders.reference })
      .returning();
    if (row) {
      log("info", "secure order created", { secure_order_id: row.id, reference: row.reference, mode: row.mode });
      return secureOrderResource(row as SecureOrder);
    }
  }
  throw new Error("could not draw a unique secure-order reference");
}
