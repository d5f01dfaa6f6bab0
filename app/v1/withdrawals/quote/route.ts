import { route } from "@/lib/http/route";
import { quoteWithdrawal } from "@/lib/withdrawals/fees";
import { QuoteQuery, quoteSchema } from "@/lib/withdrawals/schemas";
import { notAllowed } from "@/lib/http/method-not-allowed";

export const GET = route(
  {
    auth: "key", resource: "withdrawals",
    query: QuoteQuery,
    doc: {
      summary: "Quote a withdrawal fee",
      description: "`?amount=` (50,000 to 5,000,000). Send the returned fee as `quoted_fee` when creating the withdrawal; if the fee changed meanwhile, creation answers 409 FEE_CHANGED.",
      tags: ["Withdrawals"],
      response: quoteSchema,
      errors: ["INVALID_AMOUNT"],
    },
  },
  async (_ctx, { query }) => quoteWithdrawal(query.amount),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");
