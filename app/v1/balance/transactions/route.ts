import { listBalanceTransactions } from "@/lib/books/balance-transactions";
import { balanceTransactionListExtra, balanceTransactionListSchema, ListBalanceTransactionsQuery } from "@/lib/books/schemas";
import { answer } from "@/lib/http/envelope";
import { notAllowed } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";

export const GET = route(
  {
    auth: "key", resource: "withdrawals",
    query: ListBalanceTransactionsQuery,
    doc: {
      summary: "Balance history",
      description:
        "Every movement of the merchant's money in the key's mode, newest first: payments collected and their fees, secure-order escrow held, released or refunded, withdrawals reserved, paid or returned, partner royalties and late collections credited. " +
        "Each line moves one balance (`available`, `reserved` or `escrow`) by `amount` and gives `balance_after`, that balance right after it. " +
        "`limit` 1..100 (default 20); `starting_after=<id>` for the next page (the last id of this one; `has_more` says whether there is one); `created_gte` / `created_lt` (ISO 8601) bound the dates; `type` (one or several, comma-separated) and `balance` filter.",
      tags: ["Balance"],
      response: balanceTransactionListSchema,
      responseExtra: balanceTransactionListExtra,
    },
  },
  async (ctx, { query }) => {
    const { data, hasMore } = await listBalanceTransactions({ db: ctx.db, merchantId: ctx.merchant.id, mode: ctx.mode }, query);
    return answer(data, { extra: { has_more: hasMore } });
  },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");
