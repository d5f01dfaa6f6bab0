import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { merchants, withdrawals, type Withdrawal } from "@/db/schema";
import { contextActor, recordAudit } from "@/lib/audit/record";
import type { DomainContext } from "@/lib/context";
import { emitEvent } from "@/lib/events/emit";
import { ApiError } from "@/lib/core/errors";
import { randomString } from "@/lib/ids";
import { postJournal } from "@/lib/ledger/post";
import { notifyWithdrawalAwaitingApproval } from "@/lib/notifications/withdrawal-approval";
import { needsTeamApproval } from "./approval-threshold";
import { lockMerchantBalance, merchantBalance } from "./balance";
import { withdrawalFee } from "./fees";
import type { CreateWithdrawalBody } from "./schemas";
import { withdrawalResource } from "./serialize";

const ALNUM = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const fcfa = (n: number) => `${n.toLocaleString("en").replace(/,/g, " ")} FCFA`;

/** `WD_<digits>_<alnum>`: the request time in milliseconds, then 8 random characters. */
export const withdrawalReference = (at: Date) => `WD_${at.getTime()}_${randomString(8, ALNUM)}`;

export const WITHDRAWAL_REQUESTED_MESSAGE =
  "Withdrawal request received. Our team verifies and executes withdrawals manually; the amount stays reserved on your balance until the transfer is completed or the request is rejected or cancelled.";
export const WITHDRAWAL_AWAITING_APPROVAL_MESSAGE =
  "Withdrawal request received. Its amount is above your account's approval threshold: another owner or admin must approve it in the dashboard before our team processes it. The amount stays reserved on your balance meanwhile.";

/**
 * POST /v1/withdrawals. Preconditions in order: active account, not a partner-program merchant,
 * approved KYC, the quoted fee still current, then the available balance — checked and debited
 * under a per-merchant-and-mode lock so concurrent requests can never overdraw. The amount moves
 * from merchant_available to merchant_reserved in the same transaction as the row and its event.
 * Above the merchant's approval threshold the request starts AWAITING_APPROVAL (reserved all the
 * same): no event until a second owner or admin makes it PENDING (./approval.ts), and the other
 * owners and admins are mailed.
 */
export async function createWithdrawal(ctx: DomainContext, body: CreateWithdrawalBody): Promise<{ withdrawal: Withdrawal; message: string }> {
  return ctx.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    // Fresh flags: a suspension or KYC decision made a moment ago applies now.
    const [merchant] = await tx.select().from(merchants).where(eq(merchants.id, ctx.merchant.id));
    if (!merchant || merchant.status !== "active") throw new ApiError("ACCOUNT_INACTIVE");
    if (merchant.partner) throw new ApiError("PARTNER_WITHDRAWAL_CLOSED");
    if (merchant.kycStatus !== "approved") {
      throw new ApiError("KYC_NOT_APPROVED", merchant.kycStatus === "rejected" ? "Your KYC was rejected; withdrawals need an approved KYC. Contact support." : undefined);
    }

    const fee = withdrawalFee(body.amount);
    if (body.quoted_fee !== undefined && body.quoted_fee !== fee) {
      throw new ApiError("FEE_CHANGED", `The fee for ${fcfa(body.amount)} is now ${fcfa(fee)} (you confirmed ${fcfa(body.quoted_fee)}). Confirm the new fee and send quoted_fee: ${fee}.`, { param: "quoted_fee" });
    }

    await lockMerchantBalance(tx, ctx.merchant.id, ctx.mode);
    const balance = await merchantBalance(tx, ctx.merchant.id, ctx.mode);
    if (balance.available < body.amount) {
      throw new ApiError("INSUFFICIENT_BALANCE", `The available balance is ${fcfa(balance.available)}; it does not cover a withdrawal of ${fcfa(body.amount)}.`);
    }

    const awaiting = needsTeamApproval(merchant.withdrawalApprovalThreshold, body.amount);
    const requestedBy = contextActor(ctx).staffId;
    const [row] = await tx
      .insert(withdrawals)
      .values({
        id: randomUUID(),
        merchantId: ctx.merchant.id,
        applicationId: ctx.application.id,
        mode: ctx.mode,
        reference: withdrawalReference(ctx.now),
        amount: body.amount,
        fee,
        netAmount: body.amount - fee,
        status: awaiting ? "AWAITING_APPROVAL" : "PENDING",
        approvalRequired: awaiting,
        requestedBy,
        phoneNumber: body.phone_number,
        notes: body.notes ?? null,
        source: ctx.source === "dashboard" ? "dashboard" : "api",
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning();
    await postJournal(tx, {
      merchantId: row.merchantId,
      mode: row.mode,
      kind: "withdrawal.reserved",
      refType: "withdrawal",
      refId: row.id,
      entries: [
        { account: "merchant_available", amount: -row.amount },
        { account: "merchant_reserved", amount: row.amount },
      ],
      at: ctx.now,
    });
    // withdrawal.requested announces a request the service's staff will process: an awaiting one
    // fires it when the team approves it, so integrators see PENDING in it as they always did.
    if (!awaiting) await emitEvent(tx, { merchantId: row.merchantId, applicationId: row.applicationId, mode: row.mode, type: "withdrawal.requested", object: withdrawalResource(row), at: ctx.now });
    // The destination number stays out of the audit log (never a full phone number in logs).
    await recordAudit(tx, {
      actor: contextActor(ctx),
      action: "withdrawal.request",
      targetType: "withdrawal",
      targetId: row.id,
      before: null,
      after: { reference: row.reference, amount: row.amount, fee: row.fee, mode: row.mode, status: row.status },
      merchantId: row.merchantId,
    });
    if (!awaiting) return { withdrawal: row, message: WITHDRAWAL_REQUESTED_MESSAGE };
    await notifyWithdrawalAwaitingApproval(tx, row, merchant.name);
    return { withdrawal: row, message: WITHDRAWAL_AWAITING_APPROVAL_MESSAGE };
  });
}
