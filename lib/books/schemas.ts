import { z } from "zod";
import { input } from "@/lib/core/validation";
import { isoInstant } from "@/lib/payments/schemas";
import { BALANCE_TRANSACTION_TYPES, MERCHANT_BALANCES, type MerchantBalanceName } from "./balance-transaction-types";

const BALANCE_NAMES = Object.keys(MERCHANT_BALANCES) as [MerchantBalanceName, ...MerchantBalanceName[]];

/** `btxn_<ledger entry number>`: the id is the entry's place in the ledger, which is also the list's order. */
export const BALANCE_TRANSACTION_ID = /^btxn_([1-9][0-9]{0,17})$/;

export const listBalanceTransactionsSchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(100).default(20),
    starting_after: z.string().regex(BALANCE_TRANSACTION_ID, "must be a balance transaction id (btxn_…) from a previous page").optional(),
    created_gte: isoInstant.optional(),
    created_lt: isoInstant.optional(),
    type: z
      .string()
      .transform((s) => s.split(",").map((t) => t.trim()).filter(Boolean))
      .pipe(z.array(z.enum(BALANCE_TRANSACTION_TYPES)).min(1).max(BALANCE_TRANSACTION_TYPES.length))
      .optional()
      .describe(`One type or several separated by commas: ${BALANCE_TRANSACTION_TYPES.join(", ")}`),
    balance: z.enum(BALANCE_NAMES).optional(),
  })
  .refine((q) => !q.created_gte || !q.created_lt || q.created_gte < q.created_lt, { message: "created_gte must be before created_lt", path: ["created_gte"] });

export const ListBalanceTransactionsQuery = input(listBalanceTransactionsSchema, {
  limit: "INVALID_PAGINATION",
  starting_after: "INVALID_PAGINATION",
  created_gte: "INVALID_DATE_RANGE",
  created_lt: "INVALID_DATE_RANGE",
  type: "INVALID_FIELD",
  balance: "INVALID_FIELD",
});

export type ListBalanceTransactionsInput = z.output<typeof listBalanceTransactionsSchema>;

export const balanceTransactionSchema = z.object({
  id: z.string().describe("btxn_<n>: ids grow with the ledger"),
  object: z.literal("balance_transaction"),
  type: z.enum(BALANCE_TRANSACTION_TYPES),
  balance: z.enum(BALANCE_NAMES).describe("which of the merchant's balances moved: available (withdrawable), reserved (withdrawals and refunds in progress), escrow (secure orders held)"),
  amount: z.number().int().describe("signed change of that balance, in FCFA"),
  balance_after: z.number().int().describe("that balance right after this movement"),
  currency: z.literal("XOF"),
  description: z.string(),
  source: z.object({ object: z.string().describe("payment, secure_order, withdrawal or partner_royalty"), id: z.string() }),
  created_at: z.string().describe("ISO 8601 UTC"),
});
export type BalanceTransaction = z.infer<typeof balanceTransactionSchema>;

export const balanceTransactionListSchema = z.array(balanceTransactionSchema);
export const balanceTransactionListExtra = {
  has_more: z.boolean().describe("Older movements remain: pass the last id as `starting_after` for the next page."),
};
