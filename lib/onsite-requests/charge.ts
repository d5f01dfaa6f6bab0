import { defineOperation } from "@/lib/core/operation";
import { and, eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { oprRequests, oprSandboxMessages, payments, type OprRequest, type OprStatus } from "@/db/schema";
import type { DomainContext } from "@/lib/context";
import { ApiError } from "@/lib/core/errors";
import { log } from "@/lib/log";
import { simulatedOutcome } from "@/lib/operator/simulator";
import { expireIfDue } from "@/lib/payments/expire";
import { paymentResource } from "@/lib/payments/serialize";
import { settlePayment } from "@/lib/payments/settle";
import { otpMatches } from "./otp";
import { OPR_MAX_ATTEMPTS } from "./schemas";
import { oprResource } from "./serialize";

const CANCELLED_REASON = `Onsite payment request cancelled after ${OPR_MAX_ATTEMPTS} wrong codes.`;

const closedError = (status: OprStatus) =>
  status === "COMPLETED" ? new ApiError("OPR_COMPLETED") : status === "CANCELLED" ? new ApiError("OPR_CANCELLED") : new ApiError("OPR_EXPIRED");

/** The request of the context's merchant and mode, locked for the rest of the transaction. */
export async function lockOpr(tx: Database, ctx: DomainContext, token: string): Promise<OprRequest> {
  const [row] = await tx
    .select()
    .from(oprRequests)
    .where(and(eq(oprRequests.token, token), eq(oprRequests.merchantId, ctx.merchant.id), eq(oprRequests.mode, ctx.mode)))
    .for("update");
  if (!row) throw new ApiError("NOT_FOUND", "No payment request with this token for this key's merchant and mode.", { param: "token" });
  return row;
}

async function close(tx: Database, row: OprRequest, status: OprStatus, at: Date, attemptsRemaining = row.attemptsRemaining) {
  const [updated] = await tx
    .update(oprRequests)
    .set({ status, attemptsRemaining, updatedAt: at, completedAt: status === "COMPLETED" ? at : null })
    .where(eq(oprRequests.token, row.token))
    .returning();
  // The code has done its job (or can no longer): the simulated inbox forgets it.
  await tx.delete(oprSandboxMessages).where(eq(oprSandboxMessages.token, row.token));
  return updated;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: ApiError };

/**
 * POST /v1/opr/charge: the right code completes the request and settles its payment through the
 * payments' settle function (SUCCESS; the simulator's declining numbers +22370000002 and
 * +22370000004 still fail). Each wrong code is counted under the request's row lock, so
 * concurrent tries cannot exceed the limit; the third cancels the request and its payment.
 * Counting and cancelling commit even though the answer is an error.
 *
 * Own transactions: a wrong one-time code is counted even though the answer is an error.
 */
export const chargeOpr = defineOperation({ transaction: "own" }, async function chargeOpr(ctx: DomainContext, body: { token: string; otp: string }) {
  const outcome = await ctx.db.transaction(async (txRaw): Promise<Outcome> => {
    const tx = txRaw as unknown as Database;
    const row = await lockOpr(tx, ctx, body.token);
    if (row.status !== "PENDING") return { ok: false, error: closedError(row.status) };
    const [payment] = await tx.select().from(payments).where(eq(payments.id, row.paymentId)).limit(1);

    const current = await expireIfDue(tx, payment, ctx.now);
    if (current.status !== "PENDING" || row.expiresAt <= ctx.now) {
      await close(tx, row, "EXPIRED", ctx.now);
      return { ok: false, error: new ApiError("OPR_EXPIRED") };
    }

    if (!otpMatches(body.otp, row.otpSalt, row.otpHash)) {
      const remaining = row.attemptsRemaining - 1;
      if (remaining > 0) {
        await tx.update(oprRequests).set({ attemptsRemaining: remaining, updatedAt: ctx.now }).where(eq(oprRequests.token, row.token));
        return { ok: false, error: new ApiError("OTP_INCORRECT", `This code is not the one sent to the customer: ${remaining} attempt${remaining === 1 ? "" : "s"} left before the request is cancelled.`, { param: "otp" }) };
      }
      await close(tx, row, "CANCELLED", ctx.now, 0);
      await settlePayment(tx, current.id, { status: "CANCELLED", reason: CANCELLED_REASON });
      log("info", "opr cancelled after wrong codes", { merchant_id: ctx.merchant.id, payment_id: current.id });
      return { ok: false, error: new ApiError("OPR_CANCELLED", `That was the ${OPR_MAX_ATTEMPTS}rd wrong code: the request and its payment are cancelled. Create a new request with POST /v1/opr/create.`, { param: "otp" }) };
    }

    // The customer typed the code: their approval. The simulator's declining numbers still decline.
    const simulated = simulatedOutcome(current.customerPhone);
    const settled = await settlePayment(tx, current.id, {
      status: simulated.status === "FAILED" ? "FAILED" : "SUCCESS",
      providerRef: `SIM-OPR-${current.id}`,
      reason: simulated.status === "FAILED" ? (simulated.reason ?? null) : null,
    });
    const completed = await close(tx, row, "COMPLETED", ctx.now);
    return { ok: true, value: { ...oprResource(completed, current), payment: paymentResource(settled.payment) } };
  });
  if (!outcome.ok) throw outcome.error;
  return outcome.value;
});
