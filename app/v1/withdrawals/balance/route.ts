import { route } from "@/lib/http/route";
import { merchantBalance } from "@/lib/withdrawals/balance";
import { balanceSchema } from "@/lib/withdrawals/schemas";
import { notAllowed } from "@/lib/http/method-not-allowed";

export const GET = route(
  {
    auth: "key", resource: "withdrawals",
    doc: {
      summary: "Balance",
      description: "The key's mode, from the ledger: available (withdrawable), reserved by withdrawals and refunds in progress (also given as `pending`), and secure-order escrow (`held`).",
      tags: ["Withdrawals"],
      response: balanceSchema,
    },
  },
  (ctx) => merchantBalance(ctx.db, ctx.merchant.id, ctx.mode),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = notAllowed("GET");
