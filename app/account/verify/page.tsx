import type { Metadata } from "next";
import Link from "next/link";
import { VerifyEmailButton } from "@/components/account/VerifyEmailButton";
import { PublicPageShell } from "@/components/ui/PublicPageShell";
import { pageLocale, publicPage, type SearchParams } from "@/lib/http/page";
import { peekUserToken } from "@/lib/auth/tokens";
import { defineCopy } from "@/lib/i18n/dictionary";

const copy = defineCopy({
  fr: {
    title: "Confirmer votre adresse e-mail",
    lead: "Un clic, et votre adresse est confirmée : elle est nécessaire pour passer en production.",
    expiredTitle: "Lien expiré ou déjà utilisé",
    expired: "Ce lien ne fonctionne plus : il a déjà servi, a expiré, ou un lien plus récent l'a remplacé. Depuis le tableau de bord, demandez un nouvel e-mail.",
    dashboard: "Ouvrir le tableau de bord",
  },
  en: {
    title: "Confirm your e-mail address",
    lead: "One click and your address is confirmed: going live needs it.",
    expiredTitle: "Link expired or already used",
    expired: "This link no longer works: it was already used, has expired, or a newer link replaced it. Ask for a new e-mail from the dashboard.",
    dashboard: "Open the dashboard",
  },
});

// The token is in the URL: no Referer may carry it to another site.
export async function generateMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  return { title: copy[await pageLocale(searchParams)].title, robots: { index: false }, referrer: "no-referrer" };
}

export default async function VerifyEmailPage({ searchParams }: { searchParams: SearchParams }) {
  const [params, { locale, db }] = await Promise.all([searchParams, publicPage(searchParams)]);
  const t = copy[locale];
  const token = typeof params.token === "string" ? params.token : "";
  const valid = token !== "" && (await peekUserToken(db, token, "email_verification")) !== null;
  return (
    <PublicPageShell locale={locale}>
      <h1 className="text-2xl font-bold text-ink">{valid ? t.title : t.expiredTitle}</h1>
      <p className="mt-1 mb-6 text-muted">{valid ? t.lead : t.expired}</p>
      {valid ? (
        <VerifyEmailButton locale={locale} token={token} />
      ) : (
        <Link href={`/dashboard?lang=${locale}`} className="font-semibold text-brand underline">
          {t.dashboard}
        </Link>
      )}
    </PublicPageShell>
  );
}
