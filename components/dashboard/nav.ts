import { defineCopy } from "@/lib/i18n/dictionary";

export type DashboardSection = "home" | "payments" | "links" | "billing" | "secure-orders" | "withdrawals" | "webhooks" | "developers" | "settings";

export const DASHBOARD_NAV: readonly { id: DashboardSection; href: string }[] = [
  { id: "home", href: "/dashboard" },
  { id: "payments", href: "/dashboard/payments" },
  { id: "links", href: "/dashboard/links" },
  { id: "billing", href: "/dashboard/billing" },
  { id: "secure-orders", href: "/dashboard/secure-orders" },
  { id: "withdrawals", href: "/dashboard/withdrawals" },
  { id: "webhooks", href: "/dashboard/webhooks" },
  { id: "developers", href: "/dashboard/developers" },
  { id: "settings", href: "/dashboard/settings" },
];

export const navCopy = defineCopy({
  fr: {
    home: "Accueil",
    payments: "Paiements",
    links: "Liens de paiement",
    billing: "Abonnements",
    "secure-orders": "Commandes sécurisées",
    withdrawals: "Retraits",
    webhooks: "Webhooks",
    developers: "Développeurs",
    settings: "Paramètres",
  },
  en: {
    home: "Home",
    payments: "Payments",
    links: "Payment links",
    billing: "Billing",
    "secure-orders": "Secure orders",
    withdrawals: "Withdrawals",
    webhooks: "Webhooks",
    developers: "Developers",
    settings: "Settings",
  },
});
