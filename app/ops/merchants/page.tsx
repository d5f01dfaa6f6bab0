import Link from "next/link";
import { Badge } from "@/components/dashboard/Badge";
import { opsMetadata } from "@/components/ops/metadata";
import { OpsFrame } from "@/components/ops/OpsFrame";
import { Button } from "@/components/ui/Button";
import { Field } from "@/components/ui/Field";
import { searchMerchants } from "@/lib/ops/merchants";
import { opsPage, type SearchParams } from "@/lib/http/page";
import { defineCopy } from "@/lib/i18n/dictionary";

export const generateMetadata = opsMetadata("merchants");

const copy = defineCopy({
  fr: {
    title: "Marchands",
    search: "Rechercher un marchand",
    searchHint: "Nom, adresse e-mail ou identifiant (mer_…).",
    submit: "Rechercher",
    results: (n: number, q: string) => (q ? `${n} résultat${n > 1 ? "s" : ""} pour « ${q} »` : `Les ${n} marchands les plus récents`),
    none: "Aucun marchand ne correspond.",
    kyc: { pending: "KYC en attente", approved: "KYC approuvé", rejected: "KYC refusé" },
    production: "Production ouverte",
    partner: "Partenaire",
    secureOrders: "Commandes sécurisées",
    suspended: "Suspendu",
  },
  en: {
    title: "Merchants",
    search: "Search merchants",
    searchHint: "Name, e-mail address or id (mer_…).",
    submit: "Search",
    results: (n: number, q: string) => (q ? `${n} result${n > 1 ? "s" : ""} for “${q}”` : `The ${n} most recent merchants`),
    none: "No merchant matches.",
    kyc: { pending: "KYC pending", approved: "KYC approved", rejected: "KYC rejected" },
    production: "Production open",
    partner: "Partner",
    secureOrders: "Secure orders",
    suspended: "Suspended",
  },
});

export default async function OpsMerchantsPage({ searchParams }: { searchParams: SearchParams }) {
  const { staff, locale, db } = await opsPage("/ops/merchants", searchParams);
  const params = await searchParams;
  const q = typeof params.q === "string" ? params.q.slice(0, 120) : "";
  const merchants = await searchMerchants(db, q);
  const t = copy[locale];
  return (
    <OpsFrame locale={locale} staffEmail={staff.email} active="merchants">
      <h1 className="text-2xl font-bold text-ink">{t.title}</h1>
      <form method="get" role="search" className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-start">
        <input type="hidden" name="lang" value={locale} />
        <Field label={t.search} hint={t.searchHint} name="q" type="search" defaultValue={q} className="flex-1" />
        <Button type="submit" className="sm:mt-7">
          {t.submit}
        </Button>
      </form>
      <p role="status" className="mt-4 text-sm text-muted">
        {merchants.length === 0 ? t.none : t.results(merchants.length, q)}
      </p>
      <ul className="mt-2 divide-y divide-line rounded-2xl border border-line bg-surface">
        {merchants.map((m) => (
          <li key={m.id} className="p-4" data-testid="ops-merchant">
            <Link href={`/ops/merchants/${encodeURIComponent(m.id)}?lang=${locale}`} className="font-semibold text-brand underline">
              {m.name}
            </Link>
            <p className="mt-0.5 text-xs break-all text-muted">
              <code className="font-mono">{m.id}</code> · {[m.email, ...m.users.filter((u) => u !== m.email)].filter(Boolean).join(", ")}
            </p>
            <p className="mt-2 flex flex-wrap gap-1.5">
              <Badge tone={m.kyc_status === "approved" ? "success" : m.kyc_status === "rejected" ? "danger" : "warning"}>{t.kyc[m.kyc_status]}</Badge>
              {m.production_enabled ? <Badge tone="success">{t.production}</Badge> : null}
              {m.platform_plan !== "none" ? <Badge tone={m.platform_plan_current ? "info" : "neutral"}>{m.platform_plan}</Badge> : null}
              {m.secure_orders_enabled ? <Badge tone="neutral">{t.secureOrders}</Badge> : null}
              {m.partner ? <Badge tone="neutral">{t.partner}</Badge> : null}
              {m.status === "suspended" ? <Badge tone="danger">{t.suspended}</Badge> : null}
            </p>
          </li>
        ))}
      </ul>
    </OpsFrame>
  );
}
