import { answer } from "@/lib/http/envelope";
import { route } from "@/lib/http/route";
import { createWithdrawal } from "@/lib/withdrawals/create";
import { listWithdrawals } from "@/lib/withdrawals/queries";
import { CreateWithdrawalInput, ListWithdrawalsQuery, withdrawalListSchema, withdrawalSchema } from "@/lib/withdrawals/schemas";
import { withdrawalResource } from "@/lib/withdrawals/serialize";
import { z } from "zod";
import { notAllowed } from "@/lib/http/method-not-allowed";

export const GET = route(
  {
    auth: "key", resource: "withdrawals",
    query: ListWithdrawalsQuery,
    doc: {
      summary: "List withdrawals",
      description: "The key's mode only, newest first. Query: status, page (default 1), limit (default 20, max 100).",
      tags: ["Withdrawals"],
      response: withdrawalListSchema,
    },
  },
  (ctx, { query }) => listWithdrawals(ctx, query),
);

export const POST = route(
  {
    auth: "key", resource: "withdrawals",
    idempotency: "required",
    conflictCode: "IDEMPOTENCY_CONFLICT",
    body: CreateWithdrawalInput,
    status: 201,
    doc: {
      summary: "Request a balance withdrawal",
      description:
        "Reserves the amount on the available balance at once; the service's staff verify and execute the transfer manually (PENDING → APPROVED → COMPLETED, or REJECTED; the merchant may cancel while PENDING). Fee: max(100, ⌈1 % of amount⌉) FCFA, deducted from the amount.",
      tags: ["Withdrawals"],
      response: withdrawalSchema,
      responseExtra: { message: z.string() },
      errors: ["INVALID_AMOUNT", "INVALID_PROVIDER", "INVALID_PHONE", "INVALID_NOTES", "INVALID_QUOTED_FEE", "INVALID_CURRENCY", "RECIPIENT_PHONE_NOT_SUPPORTED", "ACCOUNT_INACTIVE", "PARTNER_WITHDRAWAL_CLOSED", "KYC_NOT_APPROVED", "FEE_CHANGED", "INSUFFICIENT_BALANCE"],
    },
  },
  async (ctx, { body }) => {
    const { withdrawal, message } = await createWithdrawal(ctx, body);
    return answer(withdrawalResource(withdrawal), { extra: { message } });
  },
);

export const { PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET", "POST");
