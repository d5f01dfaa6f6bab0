import { Select } from "@/components/dashboard/Select";
import { StatusBadge } from "@/components/dashboard/StatusBadge";
import { pastMonths } from "@/components/dashboard/books/months";
import { buttonClasses } from "@/components/ui/Button";
import { Amount } from "@/components/ui/Amount";
import { defineCopy } from "@/lib/i18n/dictionary";
import type { Locale } from "@/lib/i18n/locale";
import { OVERVIEW_MODES, type MerchantOverview } from "@/lib/ops/merchant-overview";
import { LatestTable } from "../LatestTable";

const copy = defineCopy({
  fr: {
    balances: "Soldes",
    mode: "Mode",
    modes: { live: "Production", test: "Test" },
    available: "Disponible",
    reserved: "Réservé (retraits et remboursements en cours)",
    escrow: "En séquestre",
    payments: "Derniers paiements",
    withdrawals: "Derniers retraits",
    secureOrders: "Dernières commandes sécurisées",
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
    reserved: "Reserved (withdrawals and refunds in progress)",
    escrow: "In escrow",
    payments: "Latest payments",
    withdrawals: "Latest withdrawals",
    secureOrders: "Latest secure orders",
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

/** The ops merchant page's books: balances per mode, the latest payments, withdrawals and secure orders, the statement download. */
export function MerchantBooks({ overview, merchantId, locale }: { overview: MerchantOverview; merchantId: string; locale: Locale }) {
  const t = copy[locale];
  const months = pastMonths(new Date(), locale);
  return (
    <section aria-labelledby="merchant-books" className="mt-6 rounded-2xl border border-line bg-surface p-4 sm:p-5" data-testid="ops-merchant-books">
      <h2 id="merchant-books" className="text-lg font-semibold text-ink">
        {t.balances}
      </h2>
      <div className="mt-2 grid gap-3 sm:grid-cols-2">
        {overview.balances.map(({ mode, balance }) => (
          <div key={mode} className="rounded-xl border border-line p-3 text-sm" data-testid={`balance-${mode}`}>
            <StatusBadge kind="mode" status={mode} locale={locale} />
            <dl className="mt-2 space-y-1">
              <div className="flex justify-between gap-2">
                <dt className="text-muted">{t.available}</dt>
                <dd className="font-semibold text-ink">
                  <Amount value={balance.available} />
                </dd>
              </div>
              <div className="flex justify-between gap-2">
                <dt className="text-muted">{t.reserved}</dt>
                <dd className="text-ink">
                  <Amount value={balance.reserved} />
                </dd>
              </div>
              <div className="flex justify-between gap-2">
                <dt className="text-muted">{t.escrow}</dt>
                <dd className="text-ink">
                  <Amount value={balance.held} />
                </dd>
              </div>
            </dl>
          </div>
        ))}
      </div>
      <LatestTable id="latest-payments" title={t.payments} rows={overview.payments} kind="payment" locale={locale} />
      <LatestTable id="latest-withdrawals" title={t.withdrawals} rows={overview.withdrawals} kind="withdrawal" locale={locale} />
      <LatestTable id="latest-secure-orders" title={t.secureOrders} rows={overview.secure_orders} kind="secureOrder" locale={locale} />
      <section aria-labelledby="ops-statement" className="mt-4">
        <h3 id="ops-statement" className="font-semibold text-ink">
          {t.statement}
        </h3>
        {/* A plain GET: the answer is an attachment, so the browser saves it and the page stays. */}
        <form method="get" action={`/ops-api/merchants/${encodeURIComponent(merchantId)}/statement`} className="mt-2 grid gap-3 sm:grid-cols-4 sm:items-end">
          <Select label={t.month} name="month" defaultValue={months[0].value} options={months} />
          <Select label={t.mode} name="mode" defaultValue="live" options={OVERVIEW_MODES.map((m) => ({ value: m, label: t.modes[m] }))} />
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
