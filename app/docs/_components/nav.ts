/** The documentation's pages, in both languages (French first, as everywhere in the product). */
export const DOCS_NAV: readonly { href: string; fr: string; en: string }[] = [
  { href: "/docs", fr: "Accueil", en: "Overview" },
  { href: "/docs/quick-start", fr: "Démarrage rapide", en: "Quick start" },
  { href: "/docs/reference", fr: "Référence de l'API", en: "API reference" },
  { href: "/docs/test-mode", fr: "Mode test et simulateur", en: "Test mode & simulator" },
  { href: "/docs/test-clock", fr: "Horloge de test", en: "Test clock" },
  { href: "/docs/idempotency", fr: "Idempotence", en: "Idempotency" },
  { href: "/docs/webhooks", fr: "Webhooks et signatures", en: "Webhooks & signatures" },
  { href: "/docs/errors", fr: "Gestion des erreurs", en: "Error handling" },
  { href: "/docs/client", fr: "Client TypeScript", en: "TypeScript client" },
  { href: "/docs/cli", fr: "Ligne de commande cauri", en: "The cauri command line" },
  { href: "/docs/going-live", fr: "Passer en production", en: "Going live" },
  { href: "/docs/migrating", fr: "Migrer une intégration existante", en: "Migrating an existing integration" },
  { href: "/docs/secure-orders", fr: "Commandes sécurisées", en: "Secure orders" },
  { href: "/docs/invoices", fr: "Factures", en: "Invoices" },
];
