import type { Metadata } from "next";
import { TwoFactorSettings } from "@/components/account/TwoFactorSettings";
import { DashboardFrame } from "@/components/dashboard/DashboardFrame";
import { RoleRefusal } from "@/components/dashboard/RoleRefusal";
import { sectionOf } from "@/components/dashboard/nav";
import { dashboardPage, pageLocale, type SearchParams } from "@/lib/http/page";
import { twoFactorStatus } from "@/lib/auth/two-factor";
import { defineCopy } from "@/lib/i18n/dictionary";

const copy = defineCopy({
  fr: {
    title: "Sécurité du compte",
    lead: "La vérification en deux étapes protège votre compte même si votre mot de passe est dérobé. Elle est exigée des propriétaires du compte avant l'ouverture de la production.",
  },
  en: {
    title: "Account security",
    lead: "Two-step verification protects your account even if your password is stolen. Owners of the account need it before production access is opened.",
  },
});

export async function generateMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  return { title: copy[await pageLocale(searchParams)].title, robots: { index: false } };
}

const PATH = "/dashboard/settings/security";

export default async function SecuritySettingsPage({ searchParams }: { searchParams: SearchParams }) {
  const { ctx, locale, refused } = await dashboardPage(PATH, "account", searchParams);
  if (refused) return <RoleRefusal locale={locale} ctx={ctx} permission={refused} active={sectionOf(PATH)} />;
  const t = copy[locale];
  const status = await twoFactorStatus(ctx.db, ctx.user);
  return (
    <DashboardFrame locale={locale} mode={ctx.mode} merchantName={ctx.merchant.name} productionEnabled={ctx.merchant.productionEnabled} active={sectionOf(PATH)}>
      <div className="flex max-w-2xl flex-col gap-6">
        <div>
          <h1 className="text-2xl font-bold text-ink">{t.title}</h1>
          <p className="mt-1 text-muted">{t.lead}</p>
        </div>
        <TwoFactorSettings locale={locale} apiBase="/dashboard-api/account/two-factor" initial={status} />
      </div>
    </DashboardFrame>
  );
}
