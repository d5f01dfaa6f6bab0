import { oprRequests, oprSandboxMessages } from "@/db/schema";
import type { DomainContext } from "@/lib/context";
import { ApiError } from "@/lib/core/errors";
import { randomString } from "@/lib/ids";
import { log, maskPhone } from "@/lib/log";
import { validatePartnerItems } from "@/lib/partner/items";
import { insertPayment } from "@/lib/payments/create";
import { hashOtp, newOtp, newSalt } from "./otp";
import { OPR_MAX_ATTEMPTS, type CreateOprBody } from "./schemas";
import { oprResource } from "./serialize";

/**
 * POST /v1/opr/create (test keys only): a PENDING payment, and a one-time code "sent" to the
 * customer — in the sandbox, into the simulated inbox that GET /v1/sandbox/opr/{token}/otp reads.
 * The request itself keeps only a salted HMAC of the code. The code is never logged.
 */
export async function createOpr(ctx: DomainContext, body: CreateOprBody) {
  if (ctx.mode !== "test") throw new ApiError("TEST_MODE_ONLY");
  if (body.metadata?.sandbox === true) throw new ApiError("OPR_SANDBOX_ONLY_FLAG", undefined, { param: "metadata" });
  const items = await validatePartnerItems(ctx, body.items, body.amount);
  const payment = await insertPayment(ctx, {
    amount: body.amount,
    customerPhone: body.customer_phone,
    customerName: body.customer_name,
    customerEmail: body.customer_email,
    country: body.country,
    description: body.description,
    returnUrl: null,
    clientReference: body.client_reference,
    metadata: body.metadata,
    items,
    purpose: "opr",
  });

  const token = `opr_${randomString(32)}`;
  const otp = newOtp();
  const salt = newSalt();
  const [request] = await ctx.db
    .insert(oprRequests)
    .values({
      token,
      merchantId: ctx.merchant.id,
      applicationId: ctx.application.id,
      mode: ctx.mode,
      paymentId: payment.id,
      status: "PENDING",
      otpSalt: salt,
      otpHash: hashOtp(otp, salt),
      attemptsRemaining: OPR_MAX_ATTEMPTS,
      expiresAt: payment.expiresAt,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning();
  // "Sending" the code: the sandbox's inbox stands in for the customer's SMS.
  await ctx.db.insert(oprSandboxMessages).values({ token, merchantId: ctx.merchant.id, toPhone: payment.customerPhone, otp, sentAt: ctx.now });
  log("info", "opr created", { merchant_id: ctx.merchant.id, payment_id: payment.id, to: maskPhone(payment.customerPhone) });
  return oprResource(request, payment);
}
