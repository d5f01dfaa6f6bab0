import type { LedgerAccount } from "@/db/schema";
import { BALANCE_TRANSACTION_RULES, MERCHANT_BALANCES, type BalanceTransactionType, type MerchantBalanceName } from "../balance-transaction-types";

/**
 * The statement's sections, in the order they are printed: each gathers balance transaction
 * types (lib/books/balance-transaction-types.ts), so a statement line is always the sum of the
 * lines `GET /v1/balance/transactions` lists for those types. Every type is in exactly one
 * section; `other` holds adjustments, which only appear when a journal no rule names moved a
 * merchant balance.
 */
export const STATEMENT_SECTIONS = [
  { id: "collections", types: ["payment"], label: { fr: "Paiements encaissés", en: "Payments collected" } },
  { id: "late_collections", types: ["late_collection"], label: { fr: "Encaissements tardifs crédités", en: "Late collections credited" } },
  { id: "royalties", types: ["royalty"], label: { fr: "Redevances partenaire", en: "Partner royalties" } },
  { id: "escrow_held", types: ["escrow_hold"], label: { fr: "Paiements sécurisés mis en séquestre", en: "Secure payments held in escrow" } },
  { id: "escrow_released", types: ["escrow_released", "secure_order_release"], label: { fr: "Commandes sécurisées libérées", en: "Secure orders released" } },
  { id: "escrow_refunded", types: ["escrow_refunded"], label: { fr: "Séquestre remboursé aux acheteurs", en: "Escrow refunded to buyers" } },
  { id: "fees", types: ["payment_fee", "secure_order_fee", "late_collection_fee"], label: { fr: "Frais Cauri", en: "Cauri fees" } },
  { id: "withdrawals_reserved", types: ["withdrawal_reserved"], label: { fr: "Retraits demandés (montants réservés)", en: "Withdrawals requested (amounts reserved)" } },
  { id: "withdrawals_paid", types: ["withdrawal_paid"], label: { fr: "Retraits versés (frais de retrait inclus)", en: "Withdrawals paid (withdrawal fees included)" } },
  { id: "withdrawals_returned", types: ["withdrawal_released"], label: { fr: "Retraits annulés ou refusés (montants rendus)", en: "Withdrawals cancelled or rejected (amounts returned)" } },
  { id: "refunds_reserved", types: ["refund_reserved"], label: { fr: "Remboursements demandés (montants réservés)", en: "Refunds requested (amounts reserved)" } },
  { id: "refunds_paid", types: ["refund_paid"], label: { fr: "Remboursements versés aux clients", en: "Refunds paid to customers" } },
  { id: "refunds_returned", types: ["refund_released"], label: { fr: "Remboursements annulés ou refusés (montants rendus)", en: "Refunds cancelled or refused (amounts returned)" } },
  { id: "other", types: ["adjustment"], label: { fr: "Autres mouvements", en: "Other movements" } },
] as const satisfies readonly { id: string; types: readonly BalanceTransactionType[]; label: { fr: string; en: string } }[];

export type StatementSectionId = (typeof STATEMENT_SECTIONS)[number]["id"];

export function sectionOf(type: BalanceTransactionType): StatementSectionId {
  return STATEMENT_SECTIONS.find((s) => (s.types as readonly BalanceTransactionType[]).includes(type))!.id;
}

/** The sections a balance can move in, by the ledger rules: those are always printed, even at zero. */
export function sectionsOfBalance(balance: MerchantBalanceName): StatementSectionId[] {
  const account: LedgerAccount = MERCHANT_BALANCES[balance];
  const types = new Set<BalanceTransactionType>(BALANCE_TRANSACTION_RULES.filter((r) => r.account === account).map((r) => r.type));
  return STATEMENT_SECTIONS.filter((s) => s.types.some((t) => types.has(t))).map((s) => s.id);
}
