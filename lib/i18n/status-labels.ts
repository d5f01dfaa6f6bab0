import type { Locale } from "./locale";

/**
 * Every status the dashboard and the console show, translated once. Pages print the label; where a
 * developer needs to match it against the API (payments, webhook deliveries, request log) they print
 * the API value beside it (StatusBadge's `code`), so "Réussi" and `SUCCESS` are never two guesses.
 */
type Tone = "success" | "warning" | "danger" | "neutral" | "info";
type Entry = { fr: string; en: string; tone: Tone };

const STATUS = {
  payment: {
    PENDING: { fr: "En attente", en: "Pending", tone: "warning" },
    SUCCESS: { fr: "Réussi", en: "Succeeded", tone: "success" },
    FAILED: { fr: "Échoué", en: "Failed", tone: "danger" },
    EXPIRED: { fr: "Expiré", en: "Expired", tone: "neutral" },
    CANCELLED: { fr: "Annulé", en: "Cancelled", tone: "neutral" },
    REFUNDED: { fr: "Remboursé", en: "Refunded", tone: "neutral" },
  },
  withdrawal: {
    PENDING: { fr: "En attente", en: "Pending", tone: "warning" },
    APPROVED: { fr: "Approuvé", en: "Approved", tone: "info" },
    COMPLETED: { fr: "Versé", en: "Paid out", tone: "success" },
    REJECTED: { fr: "Refusé", en: "Rejected", tone: "danger" },
    CANCELLED: { fr: "Annulé", en: "Cancelled", tone: "neutral" },
  },
  secureOrder: {
    CREATED: { fr: "En attente de paiement", en: "Awaiting payment", tone: "warning" },
    PAID_HELD: { fr: "Payée, fonds bloqués", en: "Paid, funds held", tone: "info" },
    RELEASED: { fr: "Livrée, fonds versés", en: "Delivered, funds released", tone: "success" },
    DISPUTED: { fr: "Litige", en: "Disputed", tone: "danger" },
    REFUNDED: { fr: "Remboursée", en: "Refunded", tone: "neutral" },
    CANCELLED: { fr: "Annulée", en: "Cancelled", tone: "neutral" },
  },
  subscription: {
    ACTIVE: { fr: "Actif", en: "Active", tone: "success" },
    PAST_DUE: { fr: "Impayé", en: "Past due", tone: "warning" },
    CANCELLED: { fr: "Résilié", en: "Cancelled", tone: "neutral" },
  },
  delivery: {
    PENDING: { fr: "En cours", en: "Pending", tone: "warning" },
    SUCCESS: { fr: "Livré", en: "Delivered", tone: "success" },
    FAILED: { fr: "Échoué", en: "Failed", tone: "danger" },
  },
  link: {
    ACTIVE: { fr: "Actif", en: "Active", tone: "success" },
    INACTIVE: { fr: "Désactivé", en: "Inactive", tone: "neutral" },
  },
  lateCollection: {
    OPEN: { fr: "À traiter", en: "Open", tone: "warning" },
    CREDITED: { fr: "Crédité", en: "Credited", tone: "success" },
    REFUNDED: { fr: "Remboursé", en: "Refunded", tone: "neutral" },
  },
  partnerProduct: {
    PENDING_REVIEW: { fr: "À examiner", en: "Pending review", tone: "warning" },
    APPROVED: { fr: "Approuvé", en: "Approved", tone: "success" },
    REJECTED: { fr: "Refusé", en: "Rejected", tone: "danger" },
    ARCHIVED: { fr: "Archivé", en: "Archived", tone: "neutral" },
  },
  report: {
    PENDING: { fr: "En préparation", en: "Preparing", tone: "warning" },
    READY: { fr: "Prêt", en: "Ready", tone: "success" },
    FAILED: { fr: "Échoué", en: "Failed", tone: "danger" },
  },
  mode: {
    live: { fr: "Production", en: "Live", tone: "success" },
    test: { fr: "Test", en: "Test", tone: "info" },
  },
  withdrawalApproval: {
    automatic: { fr: "Automatique", en: "Automatic", tone: "neutral" },
    manual: { fr: "Manuelle", en: "Manual", tone: "neutral" },
  },
} as const satisfies Record<string, Record<string, Entry>>;

export type StatusKind = keyof typeof STATUS;
export type StatusOf<K extends StatusKind> = keyof (typeof STATUS)[K] & string;

const entryOf = (kind: StatusKind, status: string): Entry | undefined => (STATUS[kind] as Record<string, Entry>)[status];

/** The label for a status; an unknown value (a newer API than this page) shows as itself. */
export function statusLabel(kind: StatusKind, status: string, locale: Locale): string {
  return entryOf(kind, status)?.[locale] ?? status;
}

export function statusTone(kind: StatusKind, status: string): Tone {
  return entryOf(kind, status)?.tone ?? "neutral";
}

/** The statuses of a kind in display order, for filters. */
export function statusesOf<K extends StatusKind>(kind: K): StatusOf<K>[] {
  return Object.keys(STATUS[kind]) as StatusOf<K>[];
}
