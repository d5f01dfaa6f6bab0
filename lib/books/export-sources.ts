import { and, desc, eq, gte, lt, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { billingPlans, invoices, journals, ledgerEntries, merchants, payments, refundRequests, secureOrders, subscriptions, withdrawals, type ReportType } from "@/db/schema";
import { merchantNow } from "@/lib/clock";
import { invoiceStatus } from "@/lib/invoices/serialize";
import { BALANCE_LABELS, BALANCE_TRANSACTION_LABELS, balanceNameOf, balanceTransactionType, type BalanceTransactionType } from "./balance-transaction-types";
import { balanceEntryWhere, type BalanceEntry, type BooksScope } from "./balance-transactions";

export type ExportLocale = "fr" | "en";
export type Cell = string | number | null;

/** A column of an export: its header in both languages and how a row gives its value. */
export type ExportColumn<R> = { key: string; header: { fr: string; en: string }; value: (row: R, locale: ExportLocale) => Cell };

/** What an export covers: created_at in [from, to), and the list's own filter. */
export type ExportRange = { from: Date; to: Date; status?: string; types?: string[] };

export type ExportSource<R> = {
  columns: ExportColumn<R>[];
  /** The rows, newest first, in batches read by keyset (constant memory whatever the size). */
  batches: (scope: BooksScope, range: ExportRange) => AsyncGenerator<R[]>;
  count: (scope: BooksScope, range: ExportRange) => Promise<number>;
};

const BATCH = 2_000;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

type Listed = { createdAt: Date; id: string };

/**
 * Keyset batches over a merchant's table whose list index is (merchant_id, mode, created_at desc,
 * id desc): each batch starts strictly after the previous one's last (created_at, id).
 */
async function* keysetBatches<R extends Listed>(
  read: (where: SQL | undefined, limit: number) => Promise<R[]>,
  table: { createdAt: AnyColumn; id: AnyColumn },
  where: SQL | undefined,
): AsyncGenerator<R[]> {
  let last: Listed | null = null;
  for (;;) {
    // A row comparison, which the list index (created_at desc, id desc) serves as one range.
    const after: SQL | undefined = last ? sql`(${table.createdAt}, ${table.id}) < (${last.createdAt.toISOString()}::timestamptz, ${last.id})` : undefined;
    const rows = await read(and(where, after), BATCH);
    if (rows.length) yield rows;
    if (rows.length < BATCH) return;
    last = rows[rows.length - 1];
  }
}

type ScopedTable = PgTable & { merchantId: AnyColumn; mode: AnyColumn; createdAt: AnyColumn; id: AnyColumn; status: AnyColumn };

function scopedWhere(t: ScopedTable, scope: BooksScope, range: ExportRange): SQL | undefined {
  return and(
    eq(t.merchantId, scope.merchantId),
    eq(t.mode, scope.mode),
    gte(t.createdAt, range.from),
    lt(t.createdAt, range.to),
    range.status ? eq(t.status, range.status) : undefined,
  );
}

function tableSource<R extends Listed>(
  t: ScopedTable,
  read: (scope: BooksScope, where: SQL | undefined, limit: number) => Promise<R[]>,
  columns: ExportColumn<R>[],
): ExportSource<R> {
  return {
    columns,
    batches: (scope, range) => keysetBatches((where, limit) => read(scope, where, limit), t, scopedWhere(t, scope, range)),
    count: async (scope, range) => {
      const [row] = await scope.db.select({ n: sql<number>`count(*)::int` }).from(t).where(scopedWhere(t, scope, range));
      return Number(row?.n ?? 0);
    },
  };
}

const col = <R>(key: string, fr: string, en: string, value: (row: R, locale: ExportLocale) => Cell): ExportColumn<R> => ({ key, header: { fr, en }, value });

type PaymentRow = typeof payments.$inferSelect;
const paymentSource = tableSource<PaymentRow>(
  payments,
  (scope, where, limit) => scope.db.select().from(payments).where(where).orderBy(desc(payments.createdAt), desc(payments.id)).limit(limit),
  [
    col("id", "Identifiant", "ID", (r) => r.id),
    col("created_at", "Date de création (UTC)", "Created (UTC)", (r) => iso(r.createdAt)),
    col("status", "Statut", "Status", (r) => r.status),
    col("amount", "Montant (FCFA)", "Amount (FCFA)", (r) => r.amount),
    col("fee", "Frais (FCFA)", "Fee (FCFA)", (r) => r.feeTotal),
    col("net", "Net (FCFA)", "Net (FCFA)", (r) => r.amount - r.feeTotal),
    col("customer_phone", "Téléphone du client", "Customer phone", (r) => r.customerPhone),
    col("customer_name", "Nom du client", "Customer name", (r) => r.customerName),
    col("customer_email", "E-mail du client", "Customer e-mail", (r) => r.customerEmail),
    col("client_reference", "Votre référence", "Your reference", (r) => r.clientReference),
    col("description", "Description", "Description", (r) => r.description),
    col("purpose", "Origine", "Origin", (r) => r.purpose),
    col("provider_ref", "Référence opérateur", "Operator reference", (r) => r.providerRef),
    col("settled_at", "Date de règlement (UTC)", "Settled (UTC)", (r) => iso(r.settledAt)),
  ],
);

type WithdrawalRow = typeof withdrawals.$inferSelect;
const withdrawalSource = tableSource<WithdrawalRow>(
  withdrawals,
  (scope, where, limit) => scope.db.select().from(withdrawals).where(where).orderBy(desc(withdrawals.createdAt), desc(withdrawals.id)).limit(limit),
  [
    col("id", "Identifiant", "ID", (r) => r.id),
    col("reference", "Référence", "Reference", (r) => r.reference),
    col("created_at", "Date de demande (UTC)", "Requested (UTC)", (r) => iso(r.createdAt)),
    col("status", "Statut", "Status", (r) => r.status),
    col("amount", "Montant (FCFA)", "Amount (FCFA)", (r) => r.amount),
    col("fee", "Frais (FCFA)", "Fee (FCFA)", (r) => r.fee),
    col("net_amount", "Montant versé (FCFA)", "Paid out (FCFA)", (r) => r.netAmount),
    col("phone_number", "Numéro de réception", "Destination number", (r) => r.phoneNumber),
    col("operator_reference", "Référence opérateur", "Operator reference", (r) => r.operatorReference),
    col("completed_at", "Date de versement (UTC)", "Paid (UTC)", (r) => iso(r.completedAt)),
    col("rejection_reason", "Motif du refus", "Rejection reason", (r) => r.rejectionReason),
  ],
);

type SecureOrderRow = typeof secureOrders.$inferSelect;
const secureOrderSource = tableSource<SecureOrderRow>(
  secureOrders,
  (scope, where, limit) => scope.db.select().from(secureOrders).where(where).orderBy(desc(secureOrders.createdAt), desc(secureOrders.id)).limit(limit),
  [
    col("id", "Identifiant", "ID", (r) => r.id),
    col("reference", "Référence", "Reference", (r) => r.reference),
    col("created_at", "Date de création (UTC)", "Created (UTC)", (r) => iso(r.createdAt)),
    col("status", "Statut", "Status", (r) => r.status),
    col("amount", "Montant (FCFA)", "Amount (FCFA)", (r) => r.amount),
    col("fee", "Frais (FCFA)", "Fee (FCFA)", (r) => r.feeTotal),
    col("net", "Net versé (FCFA)", "Net paid out (FCFA)", (r) => r.amountMerchantNet),
    col("description", "Description", "Description", (r) => r.description),
    col("customer_phone", "Téléphone de l'acheteur", "Buyer phone", (r) => r.customerPhone),
    col("client_reference", "Votre référence", "Your reference", (r) => r.clientReference),
    col("paid_at", "Payée le (UTC)", "Paid (UTC)", (r) => iso(r.paidAt)),
    col("released_at", "Versée le (UTC)", "Released (UTC)", (r) => iso(r.releasedAt)),
    col("refunded_at", "Remboursée le (UTC)", "Refunded (UTC)", (r) => iso(r.refundedAt)),
  ],
);

type SubscriptionRow = typeof subscriptions.$inferSelect & { planName: string | null; planAmount: number | null; planInterval: string | null };
const subscriptionSource = tableSource<SubscriptionRow>(
  subscriptions,
  async (scope, where, limit) =>
    (
      await scope.db
        .select({ s: subscriptions, planName: billingPlans.name, planAmount: billingPlans.amount, planInterval: billingPlans.interval })
        .from(subscriptions)
        .leftJoin(billingPlans, eq(billingPlans.id, subscriptions.planId))
        .where(where)
        .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
        .limit(limit)
    ).map((r) => ({ ...r.s, planName: r.planName, planAmount: r.planAmount, planInterval: r.planInterval })),
  [
    col("id", "Identifiant", "ID", (r) => r.id),
    col("created_at", "Date de création (UTC)", "Created (UTC)", (r) => iso(r.createdAt)),
    col("status", "Statut", "Status", (r) => r.status),
    col("plan", "Formule", "Plan", (r) => r.planName),
    col("amount", "Montant par période (FCFA)", "Amount per period (FCFA)", (r) => r.planAmount),
    col("interval", "Période", "Interval", (r) => r.planInterval),
    col("customer_id", "Client", "Customer", (r) => r.customerId),
    col("customer_phone", "Téléphone du client", "Customer phone", (r) => r.customerPhone),
    col("next_billing_date", "Prochaine échéance (UTC)", "Next billing (UTC)", (r) => iso(r.nextBillingDate)),
    col("cancelled_at", "Résiliée le (UTC)", "Cancelled (UTC)", (r) => iso(r.cancelledAt)),
  ],
);

type InvoiceRow = typeof invoices.$inferSelect & { shownStatus: string };
const invoiceSource = tableSource<InvoiceRow>(
  invoices,
  async (scope, where, limit) => {
    // The status as the dashboard and the API show it: OPEN past its due date on the merchant's clock reads OVERDUE.
    const [merchant] = await scope.db.select({ testClockOffsetSeconds: merchants.testClockOffsetSeconds }).from(merchants).where(eq(merchants.id, scope.merchantId));
    const now = merchantNow(merchant, scope.mode);
    const rows = await scope.db.select().from(invoices).where(where).orderBy(desc(invoices.createdAt), desc(invoices.id)).limit(limit);
    return rows.map((r) => ({ ...r, shownStatus: invoiceStatus(r, now) }));
  },
  [
    col("number", "Numéro", "Number", (r) => r.number),
    col("id", "Identifiant", "ID", (r) => r.id),
    col("created_at", "Date de création (UTC)", "Created (UTC)", (r) => iso(r.createdAt)),
    col("status", "Statut", "Status", (r) => r.shownStatus),
    col("customer_name", "Client", "Customer", (r) => r.customerName),
    col("customer_phone", "Téléphone du client", "Customer phone", (r) => r.customerPhone),
    col("total", "Total (FCFA)", "Total (FCFA)", (r) => r.total),
    col("due_date", "Échéance", "Due date", (r) => r.dueDate),
    col("finalized_at", "Finalisée le (UTC)", "Finalized (UTC)", (r) => iso(r.finalizedAt)),
    col("paid_at", "Payée le (UTC)", "Paid (UTC)", (r) => iso(r.paidAt)),
    col("voided_at", "Annulée le (UTC)", "Voided (UTC)", (r) => iso(r.voidedAt)),
    col("payment_id", "Paiement", "Payment", (r) => r.paymentId),
    col("client_reference", "Votre référence", "Your reference", (r) => r.clientReference),
  ],
);

type RefundRow = typeof refundRequests.$inferSelect;
const refundSource = tableSource<RefundRow>(
  refundRequests,
  (scope, where, limit) => scope.db.select().from(refundRequests).where(where).orderBy(desc(refundRequests.createdAt), desc(refundRequests.id)).limit(limit),
  [
    col("id", "Identifiant", "ID", (r) => r.id),
    col("payment_id", "Paiement", "Payment", (r) => r.paymentId),
    col("amount", "Montant (FCFA)", "Amount (FCFA)", (r) => r.amount),
    col("status", "Statut", "Status", (r) => r.status),
    col("reason", "Motif", "Reason", (r) => r.reason),
    // The number may be one the merchant typed for this refund, not the payer's: masked, as on the receipts.
    col("customer_phone", "Numéro remboursé", "Number refunded", (r) => r.customerPhone),
    col("operator_reference", "Référence opérateur", "Operator reference", (r) => r.operatorReference),
    col("requested_at", "Demandé le (UTC)", "Requested (UTC)", (r) => iso(r.createdAt)),
    col("approved_at", "Approuvé le (UTC)", "Approved (UTC)", (r) => iso(r.approvedAt)),
    col("executed_at", "Versé le (UTC)", "Executed (UTC)", (r) => iso(r.executedAt)),
    col("refused_at", "Refusé le (UTC)", "Refused (UTC)", (r) => iso(r.refusedAt)),
    col("cancelled_at", "Annulé le (UTC)", "Cancelled (UTC)", (r) => iso(r.cancelledAt)),
  ],
);

type BalanceRow = BalanceEntry & { type: BalanceTransactionType };
const balanceSource: ExportSource<BalanceRow> = {
  columns: [
    col("id", "Identifiant", "ID", (r) => `btxn_${r.id}`),
    col("created_at", "Date (UTC)", "Date (UTC)", (r) => iso(r.createdAt)),
    col("type", "Mouvement", "Movement", (r, locale) => BALANCE_TRANSACTION_LABELS[r.type][locale]),
    col("type_code", "Code du mouvement", "Movement code", (r) => r.type),
    col("balance", "Solde concerné", "Balance", (r, locale) => BALANCE_LABELS[balanceNameOf(r.account)][locale]),
    col("amount", "Montant (FCFA)", "Amount (FCFA)", (r) => r.amount),
    col("source", "Objet", "Object", (r) => r.refType),
    col("source_id", "Identifiant de l'objet", "Object ID", (r) => r.refId),
  ],
  async *batches(scope, range) {
    let before: number | undefined;
    for (;;) {
      const rows = await scope.db
        .select({ id: ledgerEntries.id, account: ledgerEntries.account, amount: ledgerEntries.amount, createdAt: ledgerEntries.createdAt, kind: journals.kind, refType: journals.refType, refId: journals.refId })
        .from(ledgerEntries)
        .innerJoin(journals, eq(journals.id, ledgerEntries.journalId))
        .where(balanceEntryWhere(scope, { from: range.from, to: range.to, types: range.types as BalanceTransactionType[] | undefined, before }))
        .orderBy(desc(ledgerEntries.id))
        .limit(BATCH);
      if (rows.length) yield rows.map((r) => ({ ...r, amount: Number(r.amount), type: balanceTransactionType(r.kind, r.account, Number(r.amount)) }));
      if (rows.length < BATCH) return;
      before = rows[rows.length - 1].id;
    }
  },
  count: async (scope, range) => {
    const [row] = await scope.db
      .select({ n: sql<number>`count(*)::int` })
      .from(ledgerEntries)
      .innerJoin(journals, eq(journals.id, ledgerEntries.journalId))
      .where(balanceEntryWhere(scope, { from: range.from, to: range.to, types: range.types as BalanceTransactionType[] | undefined }));
    return Number(row?.n ?? 0);
  },
};

/** An export as the writers see it: headers, and batches of rows already turned into cells. */
export type TabularExport = {
  headers: (locale: ExportLocale) => string[];
  rows: (scope: BooksScope, range: ExportRange, locale: ExportLocale) => AsyncGenerator<Cell[][]>;
  count: ExportSource<unknown>["count"];
};

function tabular<R>(source: ExportSource<R>): TabularExport {
  return {
    headers: (locale) => source.columns.map((c) => c.header[locale]),
    async *rows(scope, range, locale) {
      for await (const batch of source.batches(scope, range)) yield batch.map((row) => source.columns.map((c) => c.value(row, locale)));
    },
    count: source.count,
  };
}

export type ExportType = Exclude<ReportType, "statement">;

/** Every tabular export, by report type (the statement is a document, lib/books/statement). */
export const EXPORT_SOURCES: Record<ExportType, TabularExport> = {
  payments: tabular(paymentSource),
  withdrawals: tabular(withdrawalSource),
  secure_orders: tabular(secureOrderSource),
  subscriptions: tabular(subscriptionSource),
  invoices: tabular(invoiceSource),
  balance_transactions: tabular(balanceSource),
  refunds: tabular(refundSource),
};
