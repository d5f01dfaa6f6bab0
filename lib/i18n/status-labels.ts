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
    AWAITING_APPROVAL: { fr: "En attente d'approbation", en: "Awaiting approval", tone: "warning" },
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
  invoice: {
    DRAFT: { fr: "Brouillon", en: "Draft", tone: "neutral" },
    OPEN: { fr: "À payer", en: "Awaiting payment", tone: "info" },
    OVERDUE: { fr: "En retard", en: "Overdue", tone: "warning" },
    PAID: { fr: "Payée", en: "Paid", tone: "success" },
    VOID: { fr: "Annulée", en: "Voided", tone: "neutral" },
  },
  link: {
    ACTIVE: { fr: "Actif", en: "Active", tone: "success" },
    INACTIVE: { fr: "Inactif", en: "Inactive", tone: "neutral" },
    ARCHIVED: { fr: "Supprimé", en: "Deleted", tone: "neutral" },
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
  // A merchant's KYC flag and a KYC submission's review (the ops console).
  kyc: {
    pending: { fr: "KYC en attente", en: "KYC pending", tone: "warning" },
    approved: { fr: "KYC approuvé", en: "KYC approved", tone: "success" },
    rejected: { fr: "KYC refusé", en: "KYC rejected", tone: "danger" },
  },
  attemptTrigger: {
    automatic: { fr: "Automatique", en: "Automatic", tone: "neutral" },
    manual: { fr: "Manuelle", en: "Manual", tone: "info" },
  },
  // HTTP statuses of the request log, as the API answers them (a code missing here shows as itself).
  http: {
    200: { fr: "Réussie", en: "OK", tone: "success" },
    201: { fr: "Créée", en: "Created", tone: "success" },
    202: { fr: "Acceptée", en: "Accepted", tone: "success" },
    204: { fr: "Sans contenu", en: "No content", tone: "success" },
    400: { fr: "Invalide", en: "Bad request", tone: "warning" },
    401: { fr: "Non authentifiée", en: "Unauthorized", tone: "warning" },
    403: { fr: "Interdite", en: "Forbidden", tone: "warning" },
    404: { fr: "Introuvable", en: "Not found", tone: "warning" },
    405: { fr: "Méthode refusée", en: "Method not allowed", tone: "warning" },
    409: { fr: "Conflit", en: "Conflict", tone: "warning" },
    411: { fr: "Longueur requise", en: "Length required", tone: "warning" },
    413: { fr: "Trop volumineuse", en: "Payload too large", tone: "warning" },
    415: { fr: "Format refusé", en: "Unsupported media type", tone: "warning" },
    422: { fr: "Non traitable", en: "Unprocessable", tone: "warning" },
    429: { fr: "Trop de requêtes", en: "Too many requests", tone: "warning" },
    431: { fr: "En-têtes trop longs", en: "Headers too large", tone: "warning" },
    500: { fr: "Erreur interne", en: "Internal error", tone: "danger" },
    502: { fr: "Opérateur en erreur", en: "Bad gateway", tone: "danger" },
    503: { fr: "Indisponible", en: "Unavailable", tone: "danger" },
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
