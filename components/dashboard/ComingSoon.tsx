import Link from "next/link";
import { buttonClasses } from "@/components/ui/Button";
import { defineCopy } from "@/lib/i18n/dictionary";
import type { Locale } from "@/lib/i18n/locale";
import { navCopy } from "./nav";

type Section = "payments" | "links" | "billing" | "secure-orders" | "withdrawals" | "webhooks";
type Endpoint = { method: "GET" | "POST" | "PATCH" | "DELETE"; path: string; fr: string; en: string };

/** What the API already offers for each area whose dashboard page is still being built. */
const ENDPOINTS: Record<Section, Endpoint[]> = {
  payments: [
    { method: "POST", path: "/v1/payments", fr: "Créer un paiement (page de paiement hébergée)", en: "Create a payment (hosted checkout page)" },
    { method: "GET", path: "/v1/payments", fr: "Lister vos paiements (filtre par statut, pagination)", en: "List your payments (status filter, pagination)" },
    { method: "GET", path: "/v1/payments/{id}/details", fr: "Détail d'un paiement : frais, écritures comptables", en: "A payment's details: fees, ledger entries" },
    { method: "POST", path: "/v1/payments/{id}/reconcile", fr: "Revérifier un paiement auprès de l'opérateur", en: "Re-check a payment with the operator" },
  ],
  links: [
    { method: "POST", path: "/v1/payment-links", fr: "Créer un lien de paiement (montant fixe ou libre)", en: "Create a payment link (fixed or open amount)" },
    { method: "GET", path: "/v1/payment-links", fr: "Lister vos liens", en: "List your links" },
    { method: "GET", path: "/v1/payment-links/{slug}/qr", fr: "Le QR code d'un lien", en: "A link's QR code" },
    { method: "PATCH", path: "/v1/payment-links/{id}/deactivate", fr: "Désactiver un lien", en: "Deactivate a link" },
  ],
  billing: [
    { method: "POST", path: "/v1/billing/plans", fr: "Créer une formule d'abonnement (hebdomadaire ou mensuelle)", en: "Create a subscription plan (weekly or monthly)" },
    { method: "POST", path: "/v1/billing/subscriptions/with-payment", fr: "Abonner un client avec un lien de paiement à lui envoyer", en: "Subscribe a customer with a payment link to send" },
    { method: "GET", path: "/v1/billing/subscriptions", fr: "Lister les abonnements", en: "List subscriptions" },
    { method: "GET", path: "/v1/billing/customers", fr: "Lister vos clients", en: "List your customers" },
  ],
  "secure-orders": [
    { method: "POST", path: "/v1/secure-orders", fr: "Créer une commande sécurisée (liens acheteur et livreur)", en: "Create a secure order (buyer and courier links)" },
    { method: "GET", path: "/v1/secure-orders", fr: "Lister vos commandes sécurisées", en: "List your secure orders" },
    { method: "POST", path: "/v1/secure-orders/{id}/cancel", fr: "Annuler une commande", en: "Cancel an order" },
  ],
  withdrawals: [
    { method: "GET", path: "/v1/withdrawals/balance", fr: "Votre solde disponible, réservé et bloqué", en: "Your available, reserved and held balance" },
    { method: "GET", path: "/v1/withdrawals/quote?amount=", fr: "Les frais d'un retrait avant de confirmer", en: "A withdrawal's fee before you confirm" },
    { method: "POST", path: "/v1/withdrawals", fr: "Demander un retrait (vérifié puis exécuté par notre équipe)", en: "Request a withdrawal (verified, then executed by our team)" },
    { method: "PATCH", path: "/v1/withdrawals/{id}/cancel", fr: "Annuler une demande en attente", en: "Cancel a pending request" },
  ],
  webhooks: [
    { method: "POST", path: "/v1/webhooks/test", fr: "Envoyer un événement de test à votre URL", en: "Send a test event to your URL" },
    { method: "GET", path: "/v1/webhooks/logs", fr: "Historique des envois (filtres par statut et type)", en: "Delivery log (status and type filters)" },
    { method: "POST", path: "/v1/webhooks/logs/{id}/retry", fr: "Renvoyer un envoi", en: "Retry a delivery" },
    { method: "GET", path: "/v1/webhooks/stats", fr: "Statistiques des envois", en: "Delivery statistics" },
  ],
};

const copy = defineCopy({
  fr: {
    soon: "Cette page arrive bientôt dans le tableau de bord.",
    meanwhile: "En attendant, l'API fait déjà tout cela avec vos clés (page Développeurs) :",
    docs: "Lire la documentation de l'API",
    keys: "Voir mes clés API",
    endpoints: "Routes de l'API disponibles",
  },
  en: {
    soon: "This page is coming to the dashboard soon.",
    meanwhile: "Meanwhile, the API already does all of this with your keys (Developers page):",
    docs: "Read the API documentation",
    keys: "See my API keys",
    endpoints: "Available API routes",
  },
});

/** A dashboard area whose page is not built yet: says so, and lists what the API offers meanwhile. No sample data. */
export function ComingSoon({ locale, section }: { locale: Locale; section: Section }) {
  const t = copy[locale];
  return (
    <div>
      <h1 className="text-2xl font-bold text-ink">{navCopy[locale][section]}</h1>
      <p className="mt-2 text-ink">{t.soon}</p>
      <p className="mt-1 text-muted">{t.meanwhile}</p>
      <ul aria-label={t.endpoints} className="mt-4 divide-y divide-line rounded-2xl border border-line bg-surface">
        {ENDPOINTS[section].map((e) => (
          <li key={`${e.method} ${e.path}`} className="flex flex-col gap-1 p-4 sm:flex-row sm:items-baseline sm:gap-4">
            <code className="font-mono text-sm break-all text-ink">
              <span className="mr-2 font-bold text-brand-strong">{e.method}</span>
              {e.path}
            </code>
            <span className="text-sm text-muted">{e[locale]}</span>
          </li>
        ))}
      </ul>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link href="/docs" className={buttonClasses()}>
          {t.docs}
        </Link>
        <Link href="/dashboard/developers" className={buttonClasses({ variant: "secondary" })}>
          {t.keys}
        </Link>
      </div>
    </div>
  );
}
