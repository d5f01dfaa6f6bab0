import type { Metadata } from "next";
import Link from "next/link";
import { AcceptInvitationForm } from "@/components/dashboard/auth/AcceptInvitationForm";
import { roleLabels } from "@/lib/i18n/role-labels";
import { PublicPageShell } from "@/components/ui/PublicPageShell";
import { pageLocale, publicPage, type SearchParams } from "@/lib/http/page";
import { PASSWORD_MIN_LENGTH } from "@/lib/auth/passwords";
import { defineCopy } from "@/lib/i18n/dictionary";
import { openInvitation } from "@/lib/team/invitations";
import { acceptInvitationFromForm } from "./actions";

const copy = defineCopy({
  fr: {
    title: "Rejoindre une équipe",
    lead: (merchant: string, role: string) => `Vous êtes invité à rejoindre ${merchant} sur Cauri, avec le rôle ${role}.`,
    account: (email: string) => `Votre compte : ${email}. Choisissez votre mot de passe pour l'activer.`,
    invalidTitle: "Lien expiré ou déjà utilisé",
    invalid: "Cette invitation n'est plus valable. Demandez à un propriétaire du compte de vous en envoyer une nouvelle.",
    signIn: "Se connecter",
  },
  en: {
    title: "Join a team",
    lead: (merchant: string, role: string) => `You are invited to join ${merchant} on Cauri, with the ${role} role.`,
    account: (email: string) => `Your account: ${email}. Choose your password to activate it.`,
    invalidTitle: "Link expired or already used",
    invalid: "This invitation is no longer valid. Ask an owner of the account to send you a new one.",
    signIn: "Sign in",
  },
});

// The token is in the URL: "same-origin" keeps it from other sites' Referer and leaves the form posted without script its Origin.
export async function generateMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  return { title: copy[await pageLocale(searchParams)].title, robots: { index: false }, referrer: "same-origin" };
}

// The token is only peeked here (a mail client's link preview must not use it up); the form consumes it.
export default async function InvitationPage({ searchParams }: { searchParams: SearchParams }) {
  const [params, { locale, db }] = await Promise.all([searchParams, publicPage(searchParams)]);
  const token = typeof params.token === "string" ? params.token : "";
  const invitation = token ? await openInvitation(db, token) : null;
  const t = copy[locale];
  return (
    <PublicPageShell locale={locale}>
      {invitation ? (
        <>
          <h1 className="text-2xl font-bold text-ink">{t.title}</h1>
          <p className="mt-1 text-ink">{t.lead(invitation.merchant.name, roleLabels[locale][invitation.role])}</p>
          <p className="mt-1 mb-6 text-muted break-all">{t.account(invitation.email)}</p>
          <AcceptInvitationForm locale={locale} token={token} email={invitation.email} minLength={PASSWORD_MIN_LENGTH} action={acceptInvitationFromForm.bind(null, token, locale)} />
        </>
      ) : (
        <>
          <h1 className="text-2xl font-bold text-ink">{t.invalidTitle}</h1>
          <p role="alert" className="mt-2 mb-6 text-ink">
            {t.invalid}
          </p>
          <Link href="/signin" className="inline-flex min-h-11 items-center font-semibold text-brand underline">
            {t.signIn}
          </Link>
        </>
      )}
    </PublicPageShell>
  );
}
