import type { Metadata } from "next";
import { ForgotPasswordForm } from "@/components/account/ForgotPasswordForm";
import { PublicPageShell } from "@/components/ui/PublicPageShell";
import { pageLocale, type SearchParams } from "@/lib/http/page";
import { TOKEN_LIFETIME_MINUTES } from "@/lib/auth/tokens";
import { defineCopy } from "@/lib/i18n/dictionary";
import { requestResetFromForm } from "./actions";

const copy = defineCopy({
  fr: { title: "Mot de passe oublié", lead: "Indiquez l'adresse e-mail de votre compte : nous vous envoyons un lien pour choisir un nouveau mot de passe." },
  en: { title: "Forgot password", lead: "Enter your account's e-mail address: we send you a link to choose a new password." },
});

export async function generateMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  return { title: copy[await pageLocale(searchParams)].title, robots: { index: false } };
}

export default async function ForgotPasswordPage({ searchParams }: { searchParams: SearchParams }) {
  const locale = await pageLocale(searchParams);
  const t = copy[locale];
  return (
    <PublicPageShell locale={locale}>
      <h1 className="text-2xl font-bold text-ink">{t.title}</h1>
      <p className="mt-1 mb-6 text-muted">{t.lead}</p>
      <ForgotPasswordForm locale={locale} minutes={TOKEN_LIFETIME_MINUTES.password_reset} action={requestResetFromForm.bind(null, locale)} />
    </PublicPageShell>
  );
}
