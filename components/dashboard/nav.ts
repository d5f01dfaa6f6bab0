import type { Permission } from "@/lib/auth/permissions";
import { defineCopy } from "@/lib/i18n/dictionary";

export type DashboardSection =
  | "home"
  | "payments"
  | "links"
  | "invoices"
  | "billing"
  | "secure-orders"
  | "withdrawals"
  | "figures"
  | "webhooks"
  | "developers"
  | "settings"
  | "branding"
  | "sms"
  | "team"
  | "security"
  | "notifications"
  | "audit";

/** The sections, each with the permission its page needs: the navigation shows a member only what their role opens. */
export const DASHBOARD_NAV: readonly { id: DashboardSection; href: string; permission: Permission }[] = [
  { id: "home", href: "/dashboard", permission: "dashboard.read" },
  { id: "payments", href: "/dashboard/payments", permission: "dashboard.read" },
  { id: "links", href: "/dashboard/links", permission: "dashboard.read" },
  { id: "invoices", href: "/dashboard/invoices", permission: "dashboard.read" },
  { id: "billing", href: "/dashboard/billing", permission: "dashboard.read" },
  { id: "secure-orders", href: "/dashboard/secure-orders", permission: "dashboard.read" },
  { id: "withdrawals", href: "/dashboard/withdrawals", permission: "withdrawals.read" },
  { id: "figures", href: "/dashboard/figures", permission: "withdrawals.read" },
  { id: "webhooks", href: "/dashboard/webhooks", permission: "developers.read" },
  { id: "developers", href: "/dashboard/developers", permission: "developers.read" },
  { id: "settings", href: "/dashboard/settings", permission: "dashboard.read" },
  { id: "branding", href: "/dashboard/settings/branding", permission: "dashboard.read" },
  { id: "sms", href: "/dashboard/settings/sms", permission: "dashboard.read" },
  { id: "team", href: "/dashboard/settings/team", permission: "team.read" },
  { id: "security", href: "/dashboard/settings/security", permission: "account" },
  { id: "notifications", href: "/dashboard/settings/notifications", permission: "account" },
  { id: "audit", href: "/dashboard/settings/audit", permission: "audit.read" },
];

export const navCopy = defineCopy({
  fr: {
    home: "Accueil",
    payments: "Paiements",
    links: "Liens de paiement",
    invoices: "Factures",
    billing: "Abonnements",
    "secure-orders": "Commandes sécurisées",
    withdrawals: "Retraits",
    figures: "Chiffres",
    webhooks: "Webhooks",
    developers: "Développeurs",
    settings: "Paramètres",
    branding: "Logo et couleur",
    sms: "SMS",
    team: "Équipe",
    security: "Sécurité",
    notifications: "Notifications",
    audit: "Journal d'audit",
  },
  en: {
    home: "Home",
    payments: "Payments",
    links: "Payment links",
    invoices: "Invoices",
    billing: "Billing",
    "secure-orders": "Secure orders",
    withdrawals: "Withdrawals",
    figures: "Figures",
    webhooks: "Webhooks",
    developers: "Developers",
    settings: "Settings",
    branding: "Logo and colour",
    sms: "Text messages",
    team: "Team",
    security: "Security",
    notifications: "Notifications",
    audit: "Audit log",
  },
});

/**
 * The section a dashboard path belongs to: the most specific entry whose href is the path or one
 * of its parents (/dashboard/settings/security is "security", not "settings"); null outside them.
 */
export function sectionOf(path: string): DashboardSection | null {
  const clean = path.split(/[?#]/)[0].replace(/\/+$/, "") || "/";
  let best: { id: DashboardSection; href: string } | null = null;
  for (const item of DASHBOARD_NAV) {
    const within = clean === item.href || clean.startsWith(`${item.href}/`);
    if (within && (!best || item.href.length > best.href.length)) best = item;
  }
  return best?.id ?? null;
}
