import { defineCopy } from "@/lib/i18n/dictionary";

export type OpsSection = "overview" | "merchants" | "withdrawals" | "refunds" | "late-collections" | "stuck-payments" | "reconciliation" | "partner-products" | "disputes" | "audit";

export const OPS_NAV: readonly { id: OpsSection; href: string }[] = [
  { id: "overview", href: "/ops" },
  { id: "merchants", href: "/ops/merchants" },
  { id: "withdrawals", href: "/ops/withdrawals" },
  { id: "refunds", href: "/ops/refunds" },
  { id: "late-collections", href: "/ops/late-collections" },
  { id: "stuck-payments", href: "/ops/stuck-payments" },
  { id: "reconciliation", href: "/ops/reconciliation" },
  { id: "partner-products", href: "/ops/partner-products" },
  { id: "disputes", href: "/ops/disputes" },
  { id: "audit", href: "/ops/audit" },
];

export const opsNavCopy = defineCopy({
  fr: {
    overview: "Demandes à traiter",
    merchants: "Marchands",
    withdrawals: "Retraits",
    refunds: "Remboursements",
    "late-collections": "Encaissements tardifs",
    "stuck-payments": "Paiements bloqués",
    reconciliation: "Rapprochement",
    "partner-products": "Produits partenaires",
    disputes: "Litiges",
    audit: "Journal d'audit",
  },
  en: {
    overview: "Requests to review",
    merchants: "Merchants",
    withdrawals: "Withdrawals",
    refunds: "Refunds",
    "late-collections": "Late collections",
    "stuck-payments": "Stuck payments",
    reconciliation: "Reconciliation",
    "partner-products": "Partner products",
    disputes: "Disputes",
    audit: "Audit log",
  },
});
