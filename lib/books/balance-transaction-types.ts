import type { LedgerAccount } from "@/db/schema";

/** The merchant's three balances, as the ledger accounts that hold them. */
export const MERCHANT_BALANCES = {
  available: "merchant_available",
  reserved: "merchant_reserved",
  escrow: "escrow_held",
} as const satisfies Record<string, LedgerAccount>;
export type MerchantBalanceName = keyof typeof MERCHANT_BALANCES;
export const MERCHANT_ACCOUNTS = Object.values(MERCHANT_BALANCES);

export const balanceNameOf = (account: LedgerAccount): MerchantBalanceName =>
  (Object.keys(MERCHANT_BALANCES) as MerchantBalanceName[]).find((name) => MERCHANT_BALANCES[name] === account) ?? "available";

/**
 * What a movement of a merchant balance is, named for the merchant, from the journal that posted
 * it (lib/ledger/post.ts kinds), the balance it moved and its direction. Every journal kind that
 * touches a merchant account has its rows here; `adjustment` names anything else.
 */
export const BALANCE_TRANSACTION_RULES = [
  { type: "payment", kind: "payment.collected", account: "merchant_available", sign: 1 },
  { type: "payment_fee", kind: "payment.collected", account: "merchant_available", sign: -1 },
  { type: "escrow_hold", kind: "payment.collected", account: "escrow_held", sign: 1 },
  { type: "escrow_released", kind: "secure_order.released", account: "escrow_held", sign: -1 },
  { type: "secure_order_release", kind: "secure_order.released", account: "merchant_available", sign: 1 },
  { type: "secure_order_fee", kind: "secure_order.released", account: "merchant_available", sign: -1 },
  { type: "escrow_refunded", kind: "secure_order.refunded", account: "escrow_held", sign: -1 },
  { type: "withdrawal_reserved", kind: "withdrawal.reserved", account: "merchant_available", sign: -1 },
  { type: "withdrawal_reserved", kind: "withdrawal.reserved", account: "merchant_reserved", sign: 1 },
  { type: "withdrawal_paid", kind: "withdrawal.completed", account: "merchant_reserved", sign: -1 },
  { type: "withdrawal_released", kind: "withdrawal.released", account: "merchant_reserved", sign: -1 },
  { type: "withdrawal_released", kind: "withdrawal.released", account: "merchant_available", sign: 1 },
  { type: "refund_reserved", kind: "refund.reserved", account: "merchant_available", sign: -1 },
  { type: "refund_reserved", kind: "refund.reserved", account: "merchant_reserved", sign: 1 },
  { type: "refund_paid", kind: "refund.executed", account: "merchant_reserved", sign: -1 },
  { type: "refund_released", kind: "refund.released", account: "merchant_reserved", sign: -1 },
  { type: "refund_released", kind: "refund.released", account: "merchant_available", sign: 1 },
  { type: "royalty", kind: "partner.royalty", account: "merchant_available", sign: 1 },
  { type: "late_collection", kind: "payment.late_credited", account: "merchant_available", sign: 1 },
  { type: "late_collection_fee", kind: "payment.late_credited", account: "merchant_available", sign: -1 },
] as const satisfies readonly { type: string; kind: string; account: LedgerAccount; sign: 1 | -1 }[];

export const BALANCE_TRANSACTION_TYPES = [...new Set([...BALANCE_TRANSACTION_RULES.map((r) => r.type), "adjustment" as const])];
export type BalanceTransactionType = (typeof BALANCE_TRANSACTION_TYPES)[number];

export function balanceTransactionType(kind: string, account: LedgerAccount, amount: number): BalanceTransactionType {
  const sign = amount < 0 ? -1 : 1;
  return BALANCE_TRANSACTION_RULES.find((r) => r.kind === kind && r.account === account && r.sign === sign)?.type ?? "adjustment";
}

/** Plain words for each type, French first: the dashboard and the exports never show ledger account names. */
export const BALANCE_TRANSACTION_LABELS: Record<BalanceTransactionType, { fr: string; en: string }> = {
  payment: { fr: "Paiement encaissé", en: "Payment collected" },
  payment_fee: { fr: "Frais sur paiement", en: "Payment fee" },
  escrow_hold: { fr: "Paiement sécurisé mis en séquestre", en: "Secure payment held in escrow" },
  escrow_released: { fr: "Séquestre libéré", en: "Escrow released" },
  secure_order_release: { fr: "Commande sécurisée versée", en: "Secure order paid out to you" },
  secure_order_fee: { fr: "Frais sur commande sécurisée", en: "Secure order fee" },
  escrow_refunded: { fr: "Séquestre remboursé à l'acheteur", en: "Escrow refunded to the buyer" },
  withdrawal_reserved: { fr: "Retrait demandé (montant réservé)", en: "Withdrawal requested (amount reserved)" },
  withdrawal_paid: { fr: "Retrait versé", en: "Withdrawal paid" },
  withdrawal_released: { fr: "Retrait annulé (montant rendu)", en: "Withdrawal cancelled (amount returned)" },
  refund_reserved: { fr: "Remboursement demandé (montant réservé)", en: "Refund requested (amount reserved)" },
  refund_paid: { fr: "Remboursement versé au client", en: "Refund paid to the customer" },
  refund_released: { fr: "Remboursement annulé ou refusé (montant rendu)", en: "Refund cancelled or refused (amount returned)" },
  royalty: { fr: "Redevance partenaire", en: "Partner royalty" },
  late_collection: { fr: "Encaissement tardif crédité", en: "Late collection credited" },
  late_collection_fee: { fr: "Frais sur encaissement tardif", en: "Late collection fee" },
  adjustment: { fr: "Ajustement", en: "Adjustment" },
};

export const BALANCE_LABELS: Record<MerchantBalanceName, { fr: string; en: string }> = {
  available: { fr: "Disponible", en: "Available" },
  reserved: { fr: "Réservé (retraits et remboursements en cours)", en: "Reserved (withdrawals and refunds in progress)" },
  escrow: { fr: "En séquestre", en: "In escrow" },
};
