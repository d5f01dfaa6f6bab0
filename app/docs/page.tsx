import { defineCopy } from "@/lib/i18n/dictionary";
import { guidePage } from "./_components/guide";
import { DOCS_NAV } from "./_components/nav";
import { Code } from "./_components/Prose";

const BLURBS = defineCopy({
  fr: {
    "/docs/quick-start": "Votre premier paiement en cinq minutes, avec curl, Node.js, Python ou PHP.",
    "/docs/reference": "Chaque opération, ses paramètres, ses réponses et ses codes d'erreur.",
    "/docs/test-mode": "Clés de test, numéros magiques du simulateur et outils du mode test.",
    "/docs/test-clock": "Avancez l'horloge pour tester expirations et échéances sans attendre.",
    "/docs/idempotency": "Réessayez sans risque : une clé, un paiement.",
    "/docs/webhooks": "Recevez les événements et vérifiez leur signature en Node.js, PHP et Python.",
    "/docs/errors": "L'enveloppe, chaque code d'erreur, et les erreurs à réessayer.",
    "/docs/client": "@cauri/client : appels typés, clés d'idempotence et nouvelles tentatives automatiques.",
    "/docs/cli": "cauri listen, trigger, logs tail : vos webhooks de test en local et chaque événement à la demande.",
    "/docs/going-live": "Vérification de l'entreprise, abonnement, accès à la production, clés de production.",
    "/docs/migrating": "Passer d'une intégration existante à Cauri, signature par signature.",
    "/docs/secure-orders": "Séquestre pour la livraison, libéré par un code à 6 chiffres.",
    "/docs/invoices": "Factures numérotées, envoyées par SMS, e-mail ou WhatsApp, payées en un geste et relancées.",
  },
  en: {
    "/docs/quick-start": "Your first payment in five minutes, with curl, Node.js, Python or PHP.",
    "/docs/reference": "Every operation, its parameters, answers and error codes.",
    "/docs/test-mode": "Sandbox keys, the simulator's magic numbers and the sandbox tools.",
    "/docs/test-clock": "Move time forward to test expiry and deadlines without waiting.",
    "/docs/idempotency": "Retry safely: one key, one payment.",
    "/docs/webhooks": "Receive events and verify their signatures in Node.js, PHP and Python.",
    "/docs/errors": "The envelope, every error code, and which errors to retry.",
    "/docs/client": "@cauri/client: typed calls, automatic idempotency keys and retries.",
    "/docs/cli": "cauri listen, trigger, logs tail: your test webhooks on your machine and any event on demand.",
    "/docs/going-live": "Business verification, a platform plan, production access, live keys.",
    "/docs/migrating": "Move an existing integration to Cauri, signature by signature.",
    "/docs/secure-orders": "Escrow for delivery businesses, released by a 6-digit code.",
    "/docs/invoices": "Numbered invoices sent by text message, e-mail or WhatsApp, paid in one tap, with reminders.",
  },
});

function Guides({ locale }: { locale: "fr" | "en" }) {
  const blurbs: Record<string, string> = BLURBS[locale];
  return (
    <ul className="!list-none !pl-0 grid gap-3 sm:grid-cols-2">
      {DOCS_NAV.filter((item) => item.href !== "/docs").map((item) => (
        <li key={item.href} className="!mt-0">
          <a href={`${item.href}?lang=${locale}`} className="block h-full rounded-xl border border-line bg-surface p-4 !no-underline hover:border-brand">
            <span className="block font-semibold text-ink">{item[locale]}</span>
            <span className="mt-2 block text-sm font-normal text-ink">{blurbs[item.href]}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

const { generateMetadata, Page } = guidePage(
  "/docs",
  defineCopy({
    fr: {
      title: "Documentation de l'API",
      body: (origin: string) => (
        <>
          <h1>API Cauri</h1>
          <p className="text-lg text-muted">Encaissez vos clients par mobile money au Mali avec une seule API REST.</p>
          <p>
            URL de base : <code>{origin}</code>. La même adresse sert le mode test et la production : c&apos;est votre clé API qui décide. L&apos;API est décrite
            par un document OpenAPI 3.1, <a href="/v1/openapi.json">/v1/openapi.json</a>, généré à partir du code qui la sert.
          </p>
          <Code label="Vérifier votre clé">{`curl ${origin}/v1/payments -H "Authorization: Bearer sk_test_…"`}</Code>
          <h2>Guides</h2>
          <Guides locale="fr" />
        </>
      ),
    },
    en: {
      title: "API documentation",
      body: (origin: string) => (
        <>
          <h1>Cauri API</h1>
          <p className="text-lg text-muted">Collect mobile-money payments from your customers in Mali with one REST API.</p>
          <p>
            Base URL: <code>{origin}</code>. The same URL serves the sandbox and production: your key decides. The API is described by an OpenAPI 3.1 document,{" "}
            <a href="/v1/openapi.json">/v1/openapi.json</a>, generated from the code that serves it.
          </p>
          <Code label="Check your key">{`curl ${origin}/v1/payments -H "Authorization: Bearer sk_test_…"`}</Code>
          <h2>Guides</h2>
          <Guides locale="en" />
        </>
      ),
    },
  }),
);

export { generateMetadata };
export default Page;
