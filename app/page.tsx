import type { Metadata } from "next";
import { cookies, headers } from "next/headers";
import Link from "next/link";
import { Amount } from "@/components/ui/Amount";
import { buttonClasses } from "@/components/ui/Button";
import { PublicPageShell } from "@/components/ui/PublicPageShell";
import { defineCopy } from "@/lib/i18n/dictionary";
import { LANG_COOKIE, resolveLocale, type Locale } from "@/lib/i18n/locale";

export const metadata: Metadata = {
  title: { absolute: "Cauri · Paiements mobile money au Mali" },
};

const copy = defineCopy({
  fr: {
    eyebrow: "Paiements mobile money · Mali",
    title: "Encaissez vos clients par mobile money, en quelques minutes.",
    lead: "Cauri permet aux commerçants du Mali d'accepter les paiements mobile money : page de paiement hébergée, liens de paiement, commandes sécurisées et abonnements, avec une seule API.",
    dashboard: "Ouvrir le tableau de bord",
    docs: "Lire la documentation de l'API",
    sandboxNote: "Le mode test est gratuit : créez un compte et essayez avec vos clés sk_test_.",
    previewLabel: "Aperçu de la page de paiement Cauri",
    previewShop: "Boutique Awa",
    previewOrder: "Commande n° 1042",
    previewPhone: "Numéro mobile money",
    previewPay: "Payer",
    previewSecure: "Vous validez le paiement sur votre téléphone.",
    featuresTitle: "Tout ce qu'il faut pour être payé",
    features: [
      {
        title: "Page de paiement hébergée",
        body: "Créez un paiement par l'API et envoyez votre client sur notre page : il valide sur son téléphone puis revient sur votre site.",
      },
      {
        title: "Liens de paiement et QR code",
        body: "Un lien à partager sur WhatsApp ou un QR code à afficher en boutique, à montant fixe ou libre.",
      },
      {
        title: "Commandes sécurisées",
        body: "L'argent de l'acheteur reste bloqué jusqu'à la livraison : le livreur saisit le code à 6 chiffres et vous êtes payé.",
      },
      {
        title: "Abonnements",
        body: "Plans hebdomadaires ou mensuels prélevés automatiquement, avec un portail où vos clients gèrent leur abonnement.",
      },
    ],
    limitsBefore: "De",
    limitsBetween: "à",
    limitsAfter: "par paiement, sans frais d'installation.",
    devTitle: "Pensé pour les développeurs",
    devPoints: [
      "Clés de test et de production séparées : sk_test_ et sk_live_.",
      "Webhooks signés pour chaque événement, avec historique des envois.",
      "Clé d'idempotence : un double clic ne débite jamais deux fois.",
    ],
    codeLabel: "Exemple : créer un paiement avec curl",
    ctaTitle: "Prêt à encaisser ? Commencez gratuitement en mode test.",
    stepsTitle: "Comment démarrer",
    steps: [
      "Créez votre compte et récupérez vos clés de test.",
      "Intégrez l'API ou partagez un lien de paiement.",
      "Passez en production avec un abonnement payant.",
    ],
  },
  en: {
    eyebrow: "Mobile money payments · Mali",
    title: "Get paid by mobile money, in minutes.",
    lead: "Cauri lets merchants in Mali accept mobile money payments: a hosted payment page, payment links, secure orders and subscriptions, all through one API.",
    dashboard: "Open the dashboard",
    docs: "Read the API documentation",
    sandboxNote: "Test mode is free: create an account and try it with your sk_test_ keys.",
    previewLabel: "Preview of the Cauri payment page",
    previewShop: "Boutique Awa",
    previewOrder: "Order no. 1042",
    previewPhone: "Mobile money number",
    previewPay: "Pay",
    previewSecure: "You confirm the payment on your phone.",
    featuresTitle: "Everything you need to get paid",
    features: [
      {
        title: "Hosted payment page",
        body: "Create a payment through the API and send your customer to our page: they confirm on their phone, then return to your site.",
      },
      {
        title: "Payment links and QR codes",
        body: "A link to share on WhatsApp or a QR code to display in your shop, for a fixed or open amount.",
      },
      {
        title: "Secure orders",
        body: "The buyer's money is held until delivery: the courier enters the 6-digit code and you get paid.",
      },
      {
        title: "Subscriptions",
        body: "Weekly or monthly plans charged automatically, with a portal where your customers manage their subscription.",
      },
    ],
    limitsBefore: "From",
    limitsBetween: "to",
    limitsAfter: "per payment, with no setup fee.",
    devTitle: "Built for developers",
    devPoints: [
      "Separate test and live keys: sk_test_ and sk_live_.",
      "Signed webhooks for every event, with a delivery log.",
      "Idempotency keys: a double click never charges twice.",
    ],
    codeLabel: "Example: create a payment with curl",
    ctaTitle: "Ready to get paid? Start free in test mode.",
    stepsTitle: "How to start",
    steps: [
      "Create your account and get your test keys.",
      "Integrate the API or share a payment link.",
      "Go live with a paid subscription.",
    ],
  },
});

const CURL_EXAMPLE = `curl "$CAURI_URL/v1/payments" \\
  -H "Authorization: Bearer sk_test_..." \\
  -H "X-Idempotency-Key: commande-1042" \\
  -H "Content-Type: application/json" \\
  -d '{
    "amount": 12500,
    "payment_method": "OPERATOR_MONEY",
    "customer_phone": "+22370000000",
    "return_url": "https://boutique.example/merci"
  }'`;

function CheckoutPreview({ locale }: { locale: Locale }) {
  const t = copy[locale];
  return (
    <div role="img" aria-label={t.previewLabel} className="mx-auto w-full max-w-xs rounded-[2rem] border-8 border-ink bg-surface p-5 shadow-xl">
      <p className="text-sm text-muted">{t.previewShop}</p>
      <p className="text-sm text-muted">{t.previewOrder}</p>
      <Amount value={12500} className="mt-2 block text-3xl font-bold text-ink" />
      <div className="mt-5 text-sm font-semibold text-ink">{t.previewPhone}</div>
      <div className="mt-1.5 rounded-lg border border-line-strong px-3 py-2.5 text-ink">+223 70 00 00 00</div>
      <div className={`mt-4 ${buttonClasses({ fullWidth: true, size: "lg" })}`}>
        {t.previewPay} <Amount value={12500} />
      </div>
      <p className="mt-3 text-center text-xs text-muted">{t.previewSecure}</p>
    </div>
  );
}

export default async function HomePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const [{ lang }, cookieStore, headerList] = await Promise.all([searchParams, cookies(), headers()]);
  const locale = resolveLocale({
    searchParamLang: typeof lang === "string" ? lang : undefined,
    cookieLang: cookieStore.get(LANG_COOKIE)?.value,
    acceptLanguage: headerList.get("accept-language") ?? undefined,
  });
  const t = copy[locale];

  return (
    <PublicPageShell locale={locale} width="wide">
      <section className="grid items-center gap-10 py-4 md:grid-cols-[1.5fr_1fr] md:py-10">
        <div>
          <p className="text-sm font-semibold tracking-wide text-brand uppercase">{t.eyebrow}</p>
          <h1 className="mt-3 text-3xl leading-tight font-bold text-balance text-ink sm:text-5xl">{t.title}</h1>
          <p className="mt-4 max-w-prose text-lg text-muted">{t.lead}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <Link href="/dashboard" className={buttonClasses({ size: "lg" })}>
              {t.dashboard}
            </Link>
            <Link href="/docs" className={buttonClasses({ size: "lg", variant: "secondary" })}>
              {t.docs}
            </Link>
          </div>
          <p className="mt-4 text-sm text-muted">{t.sandboxNote}</p>
        </div>
        <CheckoutPreview locale={locale} />
      </section>

      <section aria-labelledby="features" className="mt-12">
        <h2 id="features" className="text-2xl font-bold text-ink">
          {t.featuresTitle}
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2">
          {t.features.map((feature) => (
            <li key={feature.title} className="rounded-2xl border border-line bg-surface p-5">
              <h3 className="font-semibold text-ink">{feature.title}</h3>
              <p className="mt-2 text-muted">{feature.body}</p>
            </li>
          ))}
        </ul>
        <p className="mt-6 rounded-2xl bg-brand-soft p-5 text-ink">
          {t.limitsBefore} <Amount value={100} className="font-semibold" /> {t.limitsBetween}{" "}
          <Amount value={5_000_000} className="font-semibold" /> {t.limitsAfter}
        </p>
      </section>

      <section aria-labelledby="developers" className="mt-14 grid gap-8 md:grid-cols-2">
        <div>
          <h2 id="developers" className="text-2xl font-bold text-ink">
            {t.devTitle}
          </h2>
          <ul className="mt-4 space-y-3">
            {t.devPoints.map((point) => (
              <li key={point} className="flex gap-3 text-muted">
                <svg className="mt-1 size-4 shrink-0 text-brand" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
                  <path
                    fillRule="evenodd"
                    d="M16.704 4.153a.75.75 0 0 1 .143 1.052l-8 10.5a.75.75 0 0 1-1.127.075l-4.5-4.5a.75.75 0 0 1 1.06-1.06l3.894 3.893 7.48-9.817a.75.75 0 0 1 1.05-.143Z"
                    clipRule="evenodd"
                  />
                </svg>
                <span>{point}</span>
              </li>
            ))}
          </ul>
          <h2 className="mt-10 text-2xl font-bold text-ink">{t.stepsTitle}</h2>
          <ol className="mt-4 space-y-3">
            {t.steps.map((step, index) => (
              <li key={step} className="flex items-start gap-3 text-muted">
                <span className="inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-brand text-sm font-bold text-white" aria-hidden="true">
                  {index + 1}
                </span>
                <span className="pt-0.5">{step}</span>
              </li>
            ))}
          </ol>
        </div>
        <figure className="min-w-0">
          <figcaption className="text-sm font-semibold text-muted">{t.codeLabel}</figcaption>
          {/* Focusable so keyboard users can scroll the snippet sideways on a narrow phone. */}
          <pre tabIndex={0} className="mt-2 overflow-x-auto rounded-2xl bg-ink p-5 font-mono text-sm leading-relaxed text-white">
            <code>{CURL_EXAMPLE}</code>
          </pre>
        </figure>
      </section>

      <section className="mt-14 flex flex-col items-start gap-4 rounded-2xl bg-brand p-6 text-white sm:flex-row sm:items-center sm:justify-between sm:p-8">
        <p className="text-lg font-semibold">{t.ctaTitle}</p>
        <Link href="/dashboard" className={`${buttonClasses({ variant: "secondary", size: "lg" })} shrink-0`}>
          {t.dashboard}
        </Link>
      </section>
    </PublicPageShell>
  );
}
