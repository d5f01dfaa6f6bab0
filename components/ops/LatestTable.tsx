import { DateTime } from "@/components/dashboard/DateTime";
import { StatusBadge } from "@/components/dashboard/StatusBadge";
import { Amount } from "@/components/ui/Amount";
import { DataTable } from "@/components/ui/DataTable";
import type { Mode } from "@/db/schema";
import { defineCopy } from "@/lib/i18n/dictionary";
import type { Locale } from "@/lib/i18n/locale";
import type { StatusKind } from "@/lib/i18n/status-labels";

const copy = defineCopy({
  fr: { reference: "Référence", date: "Date", mode: "Mode", status: "Statut", amount: "Montant", amountStatus: "Montant et statut", none: "Aucun." },
  en: { reference: "Reference", date: "Date", mode: "Mode", status: "Status", amount: "Amount", amountStatus: "Amount and status", none: "None." },
});

export type LatestRow = { id: string; reference: string | null; mode: Mode; status: string; amount: number; created_at: string };

/**
 * A short list of a merchant's latest objects. At phone width the date and mode move under the
 * reference and the status under the amount, so status and amount stay on screen without a
 * sideways scroll; from `sm` each has its column.
 */
export function LatestTable({ id, title, rows, kind, locale, testId }: { id: string; title: string; rows: LatestRow[]; kind: StatusKind; locale: Locale; testId?: string }) {
  const t = copy[locale];
  return (
    <section aria-labelledby={id} className="mt-4" data-testid={testId}>
      <h3 id={id} className="font-semibold text-ink">
        {title}
      </h3>
      <DataTable
        className="mt-1"
        density="compact"
        rows={rows}
        rowKey={(r) => r.id}
        rowProps={() => ({ "data-testid": "latest-row" })}
        empty={t.none}
        columns={[
          {
            key: "reference",
            header: t.reference,
            cell: (r) => (
              <>
                <span className="font-mono text-xs break-all text-ink">{r.reference ?? r.id}</span>
                <span className="mt-0.5 block text-xs text-muted sm:hidden">
                  <DateTime value={r.created_at} locale={locale} /> · <StatusBadge kind="mode" status={r.mode} locale={locale} />
                </span>
              </>
            ),
          },
          { key: "date", header: t.date, from: "sm", cell: (r) => <DateTime value={r.created_at} locale={locale} /> },
          { key: "mode", header: t.mode, from: "sm", cell: (r) => <StatusBadge kind="mode" status={r.mode} locale={locale} /> },
          { key: "status", header: t.status, from: "sm", cell: (r) => <StatusBadge kind={kind} status={r.status} locale={locale} /> },
          {
            key: "amount",
            header: (
              <>
                <span className="sm:hidden">{t.amountStatus}</span>
                <span className="hidden sm:inline">{t.amount}</span>
              </>
            ),
            align: "right",
            cell: (r) => (
              <>
                <Amount value={r.amount} className="font-semibold text-ink" />
                <span className="mt-0.5 block sm:hidden" data-testid="latest-status-mobile">
                  <StatusBadge kind={kind} status={r.status} locale={locale} />
                </span>
              </>
            ),
          },
        ]}
      />
    </section>
  );
}
