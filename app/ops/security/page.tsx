import type { Metadata } from "next";
import Link from "next/link";
import { TwoFactorSettings } from "@/components/account/TwoFactorSettings";
import { PublicPageShell } from "@/components/ui/PublicPageShell";
import { opsPage, pageLocale, type SearchParams } from "@/lib/http/page";
import { twoFactorStatus } from "@/lib/auth/two-factor";
import { defineCopy } from "@/lib/i18n/dictionary";

const copy = defineCopy({
  fr: {
    title: "Sécurité du compte staff",
    lead: "La console d'exploitation déplace de l'argent : chaque compte staff doit activer la vérification en deux étapes avant d'y accéder.",
    open: "Ouvrir la console",
  },
  en: {
    title: "Staff account security",
    lead: "The ops console moves money: every staff account must turn on two-step verification before using it.",
    open: "Open the console",
  },
});

export async function generateMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  return { title: `${copy[await pageLocale(searchParams)].title} · Ops`, robots: { index: false } };
}

// The one console page staff without two-factor can open: its enrollment.
export default async function OpsSecurityPage({ searchParams }: { searchParams: SearchParams }) {
  const { staff: user, locale, db } = await opsPage("/ops/security", searchParams, { beforeTwoFactor: true });
  const t = copy[locale];
  const status = await twoFactorStatus(db, user);
  return (
    <PublicPageShell locale={locale}>
      <h1 className="text-2xl font-bold text-ink">{t.title}</h1>
      <p className="mt-1 mb-6 text-muted">{t.lead}</p>
      <TwoFactorSettings
        locale={locale}
        apiBase="/ops-api/account/two-factor"
        initial={status}
        after={
          <Link href="/ops" className="font-semibold text-brand underline">
            {t.open}
          </Link>
        }
      />
    </PublicPageShell>
  );
}
