import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SignInForm } from "@/components/dashboard/auth/SignInForm";
import { PublicPageShell } from "@/components/ui/PublicPageShell";
import { pageLocale, safeNextPath, type SearchParams } from "@/lib/http/page";
import { currentUser } from "@/lib/http/session";
import { LOCK_MINUTES, MAX_FAILED_LOGINS } from "@/lib/auth/users";
import { defineCopy } from "@/lib/i18n/dictionary";
import { signInFromFormAction } from "./actions";

const copy = defineCopy({
  fr: { title: "Connexion", lead: "Accédez à votre tableau de bord Cauri." },
  en: { title: "Sign in", lead: "Open your Cauri dashboard." },
});

export async function generateMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  return { title: copy[await pageLocale(searchParams)].title, robots: { index: false } };
}

const KNOWN_ERRORS = new Set(["CredentialsSignin", "AccountLocked", "RateLimited", "TwoFactorInvalid", "TwoFactorExpired"]);

export default async function SignInPage({ searchParams }: { searchParams: SearchParams }) {
  const [params, locale, user] = await Promise.all([searchParams, pageLocale(searchParams), currentUser()]);
  const next = typeof params.next === "string" ? safeNextPath(params.next, "") || null : null;
  if (user) redirect(user.role === "staff" ? "/ops" : "/dashboard");
  const t = copy[locale];
  // next-auth's own redirect (without JavaScript) carries ?error=; our form maps the known codes.
  const error = typeof params.error === "string" ? (KNOWN_ERRORS.has(params.error) ? params.error : "other") : null;
  return (
    <PublicPageShell locale={locale}>
      <h1 className="text-2xl font-bold text-ink">{t.title}</h1>
      <p className="mt-1 mb-6 text-muted">{t.lead}</p>
      <SignInForm locale={locale} action={signInFromFormAction.bind(null, next)} next={next} initialErrorCode={error} maxFailures={MAX_FAILED_LOGINS} lockMinutes={LOCK_MINUTES} />
    </PublicPageShell>
  );
}
