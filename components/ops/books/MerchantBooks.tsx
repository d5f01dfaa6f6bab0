import { desc, eq } from "drizzle-orm";
import { DateTime } from "@/components/dashboard/DateTime";
import { Select } from "@/components/dashboard/Select";
import { pastMonths } from "@/components/dashboard/books/months";
import { buttonClasses } from "@/components/ui/Button";
import type { Database } from "@/db/client";
import { payments, withdrawals, type Mode } from "@/db/schema";
import { formatXof } from "@/lib/format/money";
import { defineCopy } from "@/lib/i18n/dictionary";
import type { Locale } from "@/lib/i18n/locale";
import { merchantBalance } from "@/lib/withdrawals/balance";

const LATEST = 10;
const MODES: readonly Mode[] = ["live", "test"];

const copy = defineCopy({
  fr: {
    balances: "Soldes",
    mode: "Mode",
    modes: { live: "Production", test: "Test" } as Record<Mode, string>,
    available: "Disponible",
    reserved: "Réservé (retraits en cours)",
    escrow: "En séquestre",
    payments: "Derniers paiements",
    withdrawals: "Derniers retraits",
    id: "Id",
    date: "Date",
    status: "Statut",
    amount: "Montant",
    none: "Aucun.",
    statement: "Relevé mensuel (PDF)",
    month: "Mois",
    language: "Langue",
    languages: [
      { value: "fr", label: "Français" },
      { value: "en", label: "Anglais" },
    ],
    download: "Télécharger le relevé",
    audited: "Le téléchargement est inscrit au journal d'audit du marchand.",
  },
  en: {
    balances: "Balances",
    mode: "Mode",
    modes: { live: "Live", test: "Test" },
    available: "Available",
    reserved: "Reserved (withdrawals in progress)",
    escrow: "In escrow",
    payments: "Latest payments",
    withdrawals: "Latest withdrawals",
    id: "Id",
    date: "Date",
    status: "Status",
    amount: "Amount",
    none: "None.",
    statement: "Monthly statement (PDF)",
    month: "Month",
    language: "Language",
    languages: [
      { value: "fr", label: "French" },
      { value: "en", label: "English" },
    ],
    download: "Download the statement",
    audited: "The download is written to the merchant's audit log.",
  },
});

type Row = { id: string; mode: Mode; status: string; amount: number; createdAt: Date };

function LatestTable({ title, rows, locale, id }: { title: string; rows: Row[]; locale: Locale; id: string }) {
  const t = copy[locale];
  return (
    <div className="mt-4">
      <h3 id={id} className="font-semibold text-ink">
        {title}
      </h3>
      {rows.length === 0 ? (
        <p className="mt-1 text-sm text-muted">{t.none}</p>
      ) : (
        <div className="mt-1 overflow-x-auto" tabIndex={0} role="region" aria-labelledby={id}>
          <table className="w-full min-w-[520px] text-left text-sm">
            <thead className="text-muted">
              <tr>
                <th scope="col" className="py-1 pr-3">{t.id}</th>
                <th scope="col" className="py-1 pr-3">{t.date}</th>
                <th scope="col" className="py-1 pr-3">{t.mode}</th>
                <th scope="col" className="py-1 pr-3">{t.status}</th>
                <th scope="col" className="py-1 text-right">{t.amount}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} className="border-t border-line">
                  <td className="py-1 pr-3 font-mono text-xs break-all">{r.id}</td>
                  <td className="py-1 pr-3">
                    <DateTime value={r.createdAt} locale={locale} />
                  </td>
                  <td className="py-1 pr-3">{t.modes[r.mode]}</td>
                  <td className="py-1 pr-3 font-mono text-xs">{r.status}</td>
                  <td className="py-1 text-right whitespace-nowrap">{formatXof(r.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/** The ops merchant page's books: balances per mode, latest payments and withdrawals, the statement download. */
export async function MerchantBooks({ db, merchantId, locale }: { db: Database; merchantId: string; locale: Locale }) {
  const t = copy[locale];
  const balances = [];
  for (const mode of MODES) balances.push({ mode, balance: await merchantBalance(db, merchantId, mode) });
  const columns = { id: true, mode: true, status: true, amount: true, createdAt: true } as const;
  const latestPayments = await db.query.payments.findMany({ where: eq(payments.merchantId, merchantId), columns, orderBy: [desc(payments.createdAt), desc(payments.id)], limit: LATEST });
  const latestWithdrawals = await db.query.withdrawals.findMany({ where: eq(withdrawals.merchantId, merchantId), columns, orderBy: [desc(withdrawals.createdAt), desc(withdrawals.id)], limit: LATEST });
  const months = pastMonths(new Date(), locale);

  return (
    <section aria-labelledby="merchant-books" className="mt-6 rounded-2xl border border-line bg-surface p-5" data-testid="ops-merchant-books">
      <h2 id="merchant-books" className="text-lg font-semibold text-ink">
        {t.balances}
      </h2>
      <div className="mt-2 grid gap-3 sm:grid-cols-2">
        {balances.map(({ mode, balance }) => (
          <dl key={mode} className="rounded-xl border border-line p-3 text-sm">
            <dt className="sr-only">{t.mode}</dt>
            <dd className="font-semibold text-ink">{t.modes[mode]}</dd>
            <div className="mt-1 flex justify-between gap-2">
              <dt className="text-muted">{t.available}</dt>
              <dd className="whitespace-nowrap text-ink">{formatXof(balance.available)}</dd>
            </div>
            <div className="flex justify-between gap-2">
              <dt className="text-muted">{t.reserved}</dt>
              <dd className="whitespace-nowrap text-ink">{formatXof(balance.reserved)}</dd>
            </div>
            <div className="flex justify-between gap-2">
              <dt className="text-muted">{t.escrow}</dt>
              <dd className="whitespace-nowrap text-ink">{formatXof(balance.held)}</dd>
            </div>
          </dl>
        ))}
      </div>
      <LatestTable id="latest-payments" title={t.payments} rows={latestPayments} locale={locale} />
      <LatestTable id="latest-withdrawals" title={t.withdrawals} rows={latestWithdrawals} locale={locale} />
      <section aria-labelledby="ops-statement" className="mt-4">
        <h3 id="ops-statement" className="font-semibold text-ink">
          {t.statement}
        </h3>
        {/* A plain GET: the answer is an attachment, so the browser saves it and the page stays. */}
        <form method="get" action={`/ops-api/merchants/${encodeURIComponent(merchantId)}/statement`} className="mt-2 grid gap-3 sm:grid-cols-4 sm:items-end">
          <Select label={t.month} name="month" defaultValue={months[0].value} options={months} />
          <Select label={t.mode} name="mode" defaultValue="live" options={MODES.map((m) => ({ value: m, label: t.modes[m] }))} />
          <Select label={t.language} name="locale" defaultValue={locale} options={t.languages} />
          <button type="submit" className={buttonClasses({ variant: "secondary" })}>
            {t.download}
          </button>
        </form>
        <p className="mt-1 text-xs text-muted">{t.audited}</p>
      </section>
    </section>
  );
}
