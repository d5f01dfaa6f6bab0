import { defineCopy } from "@/lib/i18n/dictionary";

export type OpsSection = "overview" | "merchants" | "withdrawals" | "late-collections" | "partner-products" | "disputes" | "audit";

export const OPS_NAV: readonly { id: OpsSection; href: string }[] = [
  { id: "overview", href: "/ops" },
  { id: "merchants", href: "/ops/merchants" },
  { id: "withdrawals", href: "/ops/withdrawals" },
  { id: "late-collections", href: "/ops/late-collections" },
  { id: "partner-products", href: "/ops/partner-products" },
  { id: "disputes", href: "/ops/disputes" },
  { id: "audit", href: "/ops/audit" },
];

export const opsNavCopy = defineCopy({
  fr: {
    overview: "Demandes à traiter",
    merchants: "Marchands",
    withdrawals: "Retraits",
    "late-collections": "Encaissements tardifs",
    "partner-products": "Produits partenaires",
    disputes: "Litiges",
    audit: "Journal d'audit",
  },
  en: {
    overview: "Requests to review",
    merchants: "Merchants",
    withdrawals: "Withdrawals",
    "late-collections": "Late collections",
    "partner-products": "Partner products",
    disputes: "Disputes",
    audit: "Audit log",
  },
});
