import type { Metadata } from "next";
import Link from "next/link";
import { ResetDone, ResetPasswordForm } from "@/components/account/ResetPasswordForm";
import { PublicPageShell } from "@/components/ui/PublicPageShell";
import { pageLocale, publicPage, type SearchParams } from "@/lib/http/page";
import { peekUserToken } from "@/lib/auth/tokens";
import { defineCopy } from "@/lib/i18n/dictionary";
import { resetPasswordFromForm } from "./actions";

const copy = defineCopy({
  fr: {
    title: "Choisir un nouveau mot de passe",
    lead: "Choisissez le mot de passe de votre compte Cauri.",
    expiredTitle: "Lien expiré ou déjà utilisé",
    expired: "Ce lien ne fonctionne plus : il a déjà servi, ou ses 30 minutes sont passées, ou un lien plus récent l'a remplacé.",
    again: "Demander un nouveau lien",
  },
  en: {
    title: "Choose a new password",
    lead: "Choose the password of your Cauri account.",
    expiredTitle: "Link expired or already used",
    expired: "This link no longer works: it was already used, its 30 minutes have passed, or a newer link replaced it.",
    again: "Ask for a new link",
  },
});

// The token is in the URL: no Referer may carry it to another site. "same-origin", not "no-referrer": the form posted
// without script needs its Origin, which "no-referrer" turns into "null" and the server action refuses.
export async function generateMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  return { title: copy[await pageLocale(searchParams)].title, robots: { index: false }, referrer: "same-origin" };
}

export default async function ResetPasswordPage({ searchParams }: { searchParams: SearchParams }) {
  const [params, { locale, db }] = await Promise.all([searchParams, publicPage(searchParams)]);
  const t = copy[locale];
  const token = typeof params.token === "string" ? params.token : "";
  const valid = token !== "" && (await peekUserToken(db, token, "password_reset")) !== null;
  return (
    <PublicPageShell locale={locale}>
      {params.done === "1" ? (
        <>
          <h1 className="text-2xl font-bold text-ink">{t.title}</h1>
          <div className="mt-6">
            <ResetDone locale={locale} />
          </div>
        </>
      ) : valid ? (
        <>
          <h1 className="text-2xl font-bold text-ink">{t.title}</h1>
          <p className="mt-1 mb-6 text-muted">{t.lead}</p>
          <ResetPasswordForm locale={locale} token={token} action={resetPasswordFromForm.bind(null, token, locale)} />
        </>
      ) : (
        <>
          <h1 className="text-2xl font-bold text-ink">{t.expiredTitle}</h1>
          <p className="mt-1 mb-6 text-muted">{t.expired}</p>
          <Link href={`/forgot-password?lang=${locale}`} className="font-semibold text-brand underline">
            {t.again}
          </Link>
        </>
      )}
    </PublicPageShell>
  );
}
