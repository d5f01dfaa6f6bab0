import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SignUpForm } from "@/components/dashboard/auth/SignUpForm";
import { PublicPageShell } from "@/components/ui/PublicPageShell";
import { pageLocale, type SearchParams } from "@/lib/http/page";
import { currentUser } from "@/lib/http/session";
import { defineCopy } from "@/lib/i18n/dictionary";
import { signUpFromForm } from "./actions";

const copy = defineCopy({
  fr: { title: "Créer un compte", lead: "Encaissez par mobile money au Mali. Commencez gratuitement en mode test." },
  en: { title: "Create an account", lead: "Get paid by mobile money in Mali. Start free in test mode." },
});

export async function generateMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  return { title: copy[await pageLocale(searchParams)].title, robots: { index: false } };
}

export default async function SignUpPage({ searchParams }: { searchParams: SearchParams }) {
  const [locale, user] = await Promise.all([pageLocale(searchParams), currentUser()]);
  if (user) redirect(user.role === "staff" ? "/ops" : "/dashboard");
  const t = copy[locale];
  return (
    <PublicPageShell locale={locale}>
      <h1 className="text-2xl font-bold text-ink">{t.title}</h1>
      <p className="mt-1 mb-6 text-muted">{t.lead}</p>
      <SignUpForm locale={locale} action={signUpFromForm.bind(null, locale)} />
    </PublicPageShell>
  );
}
