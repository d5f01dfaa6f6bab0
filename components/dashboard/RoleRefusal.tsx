import Link from "next/link";
import type { Merchant, Mode, User } from "@/db/schema";
import { rolesWith, type Permission } from "@/lib/auth/permissions";
import { defineCopy } from "@/lib/i18n/dictionary";
import type { Locale } from "@/lib/i18n/locale";
import { DashboardFrame } from "./DashboardFrame";
import type { DashboardSection } from "./nav";
import { roleLabels } from "@/lib/i18n/role-labels";

const copy = defineCopy({
  fr: {
    title: "Page réservée",
    body: (role: string) => `Votre rôle (${role}) ne permet pas d'ouvrir cette page.`,
    needs: (roles: string) => `Elle est réservée aux rôles : ${roles}.`,
    ask: "Si vous en avez besoin, demandez à un propriétaire du compte de changer votre rôle.",
    back: "Retour à l'accueil",
  },
  en: {
    title: "Restricted page",
    body: (role: string) => `Your role (${role}) cannot open this page.`,
    needs: (roles: string) => `It is reserved for: ${roles}.`,
    ask: "If you need it, ask an owner of the account to change your role.",
    back: "Back to home",
  },
});

/** What a dashboard page shows, instead of itself, to a member whose role lacks its permission (the server refused it too). */
export function RoleRefusal({ locale, ctx, permission, active }: { locale: Locale; ctx: { mode: Mode; merchant: Merchant; user: User }; permission: Permission; active: DashboardSection | null }) {
  const t = copy[locale];
  const roles = roleLabels[locale];
  const role = ctx.user.merchantRole;
  return (
    <DashboardFrame locale={locale} mode={ctx.mode} merchantName={ctx.merchant.name} productionEnabled={ctx.merchant.productionEnabled} active={active}>
      <section role="alert" aria-labelledby="role-refusal" className="max-w-2xl rounded-2xl border border-line bg-surface p-6">
        <h1 id="role-refusal" className="text-2xl font-bold text-ink">
          {t.title}
        </h1>
        <p className="mt-2 text-ink">{t.body(role ? roles[role] : "—")}</p>
        <p className="mt-1 text-muted">{t.needs(rolesWith(permission).map((r) => roles[r]).join(", "))}</p>
        <p className="mt-1 text-muted">{t.ask}</p>
        <Link href="/dashboard" className="mt-4 inline-flex min-h-11 items-center font-semibold text-brand underline">
          {t.back}
        </Link>
      </section>
    </DashboardFrame>
  );
}
