import { accountRoute } from "@/lib/http/account-route";
import { quoteWithdrawal } from "@/lib/withdrawals/fees";
import { QuoteQuery } from "@/lib/withdrawals/schemas";

// The one fee rule of GET /v1/withdrawals/quote, as the amount is typed.
export const GET = accountRoute({ who: "merchant", permission: "withdrawals.read", query: QuoteQuery }, async (_ctx, { query }) => quoteWithdrawal(query.amount));
