import { cookies, headers } from "next/headers";
import Link from "next/link";
import { buttonClasses } from "@/components/ui/Button";
import { PublicPageShell } from "@/components/ui/PublicPageShell";
import { defineCopy } from "@/lib/i18n/dictionary";
import { LANG_COOKIE, resolveLocale, type Locale } from "@/lib/i18n/locale";

const copy = defineCopy({
  fr: {
    title: "Page introuvable",
    body: "Cette adresse ne correspond à aucune page. Le lien est peut-être incomplet ou a expiré.",
    home: "Retour à l'accueil",
  },
  en: {
    title: "Page not found",
    body: "This address does not match any page. The link may be incomplete or may have expired.",
    home: "Back to the home page",
  },
});

// A missing-page link is often shared across languages (a payment link sent on WhatsApp), so the
// page states the problem in both languages, the visitor's first.
export default async function NotFound() {
  const [cookieStore, headerList] = await Promise.all([cookies(), headers()]);
  const locale = resolveLocale({
    cookieLang: cookieStore.get(LANG_COOKIE)?.value,
    acceptLanguage: headerList.get("accept-language") ?? undefined,
  });
  const other: Locale = locale === "fr" ? "en" : "fr";
  const t = copy[locale];

  return (
    <PublicPageShell locale={locale}>
      <div className="py-8 text-center">
        <p className="text-5xl font-bold text-brand" aria-hidden="true">
          404
        </p>
        <h1 className="mt-4 text-2xl font-bold text-ink">{t.title}</h1>
        <p className="mt-3 text-muted">{t.body}</p>
        <p lang={other} className="mt-6 border-t border-line pt-6 text-sm text-muted">
          <span className="font-semibold text-ink">{copy[other].title}.</span> {copy[other].body}
        </p>
        <Link href={`/?lang=${locale}`} prefetch={false} className={`mt-8 ${buttonClasses()}`}>
          {t.home}
        </Link>
      </div>
    </PublicPageShell>
  );
}
