import { accountRoute } from "@/lib/http/account-route";
import { listBalanceTransactions } from "@/lib/books/balance-transactions";
import { ListBalanceTransactionsQuery } from "@/lib/books/schemas";
import { answer } from "@/lib/http/envelope";

// The balance history of the withdrawals page: GET /v1/balance/transactions for the dashboard's mode, same envelope.
export const GET = accountRoute({ who: "merchant", permission: "withdrawals.read", query: ListBalanceTransactionsQuery }, async (ctx, { query }) => {
  const { data, hasMore } = await listBalanceTransactions({ db: ctx.db, merchantId: ctx.merchant.id, mode: ctx.mode }, query);
  return answer(data, { extra: { has_more: hasMore } });
});
