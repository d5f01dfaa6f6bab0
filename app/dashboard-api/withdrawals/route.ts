import { accountRoute } from "@/lib/http/account-route";
import { merchantBalance } from "@/lib/withdrawals/balance";
import { createWithdrawal } from "@/lib/withdrawals/create";
import { listWithdrawals } from "@/lib/withdrawals/queries";
import { CreateWithdrawalInput, ListWithdrawalsQuery } from "@/lib/withdrawals/schemas";
import { withdrawalResource } from "@/lib/withdrawals/serialize";

// Balance + one page of history, the same functions as GET /v1/withdrawals/balance and GET /v1/withdrawals.
export const GET = accountRoute({ who: "merchant", permission: "withdrawals.read", query: ListWithdrawalsQuery }, async (ctx, { query }) => {
  const [balance, list] = await Promise.all([merchantBalance(ctx.db, ctx.merchant.id, ctx.mode), listWithdrawals(ctx, query)]);
  return { balance, ...list };
});

// POST /v1/withdrawals with the dashboard as source (ctx.source "dashboard" → _source "dashboard").
export const POST = accountRoute({ who: "merchant", permission: "withdrawals.manage", body: CreateWithdrawalInput, status: 201 }, async (ctx, { body }) => {
  const { withdrawal, message } = await createWithdrawal(ctx, body);
  return { withdrawal: withdrawalResource(withdrawal), message };
});
