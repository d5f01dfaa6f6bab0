import Link from "next/link";
import { Badge } from "@/components/dashboard/Badge";
import { DateTime } from "@/components/dashboard/DateTime";
import { Amount } from "@/components/ui/Amount";
import { DataTable, type DataColumn } from "@/components/ui/DataTable";
import { PageFrame } from "@/components/ui/PageFrame";
import type { StuckPayment } from "@/lib/payments/recheck-stuck";
import type { Locale } from "@/lib/i18n/locale";
import { opsCommonCopy } from "../queues/copy";
import { stuckPaymentsCopy } from "./copy";

function LastCheck({ row, locale }: { row: StuckPayment; locale: Locale }) {
  const t = stuckPaymentsCopy[locale];
  const c = row.last_check;
  if (!c) return <span className="text-muted">{t.never}</span>;
  return (
    <span className="block min-w-0">
      <span className="font-semibold text-ink">{t.kinds[c.kind]}</span> · <DateTime value={c.at} locale={locale} className="text-muted" />
      <span className={`block break-words ${c.error ? "text-danger-strong" : "text-ink"}`}>
        {c.error ? `${t.unreachable} ${c.error}` : c.operator_status ? `${t.answered} ${c.operator_status}` : t.unanswered}
      </span>
    </span>
  );
}

/** The ops console's stuck payments (lib/payments/recheck-stuck.ts): only renders. */
export function StuckPaymentsTable({ rows, locale }: { rows: StuckPayment[]; locale: Locale }) {
  const t = stuckPaymentsCopy[locale];
  const common = opsCommonCopy[locale];
  const columns: DataColumn<StuckPayment>[] = [
    {
      key: "merchant",
      header: t.merchant,
      className: "align-top",
      cell: (r) => (
        <Link href={`/ops/merchants/${encodeURIComponent(r.merchant_id)}?lang=${locale}`} className="inline-flex min-h-11 items-center font-semibold break-words text-brand underline">
          {r.merchant_name}
        </Link>
      ),
    },
    {
      key: "payment",
      header: t.payment,
      className: "align-top",
      cell: (r) => (
        <span className="block min-w-0">
          <code className="block font-mono text-xs break-all text-ink">{r.payment_id}</code>
          <span className="mt-1 flex flex-wrap gap-1">
            <Badge tone={r.mode === "test" ? "warning" : "success"}>{r.mode === "test" ? common.test : common.live}</Badge>
            {r.reasons.map((reason) => (
              <Badge key={reason} tone="danger">
                {t.reasons[reason]}
              </Badge>
            ))}
          </span>
        </span>
      ),
    },
    { key: "amount", header: t.amount, align: "right", className: "align-top", cell: (r) => <Amount value={r.amount} /> },
    { key: "since", header: t.since, from: "sm", className: "align-top", cell: (r) => <DateTime value={r.created_at} locale={locale} /> },
    { key: "last", header: t.lastCheck, className: "align-top", cell: (r) => <LastCheck row={r} locale={locale} /> },
  ];
  return (
    <PageFrame title={t.title} description={t.intro}>
      <div className="mt-4 rounded-2xl border border-line bg-surface p-4">
        <DataTable columns={columns} rows={rows} rowKey={(r) => r.payment_id} rowProps={(r) => ({ "data-testid": "stuck-payment", "data-payment-id": r.payment_id })} empty={t.empty} phone="cards" />
      </div>
    </PageFrame>
  );
}
