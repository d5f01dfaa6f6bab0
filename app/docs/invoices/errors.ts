import type { ErrorCode } from "@/lib/core/errors";
import type { invoiceCodes } from "@/lib/core/error-codes/invoices";
import { defineCopy } from "@/lib/i18n/dictionary";

/** Codes of other areas that the invoice routes answer too (guide.test.ts holds the table to the routes' own codes). */
type SharedCode = Extract<
  ErrorCode,
  "MISSING_PHONE" | "INVALID_PHONE" | "INVALID_CUSTOMER_NAME" | "INVALID_EMAIL" | "INVALID_CLIENT_REFERENCE" | "INVALID_METADATA" | "INVALID_SEARCH" | "INVALID_PAGINATION" | "IDEMPOTENCY_CONFLICT"
>;

/** Every invoice code and every shared one: a code added to the catalogue's invoice rows without its meaning here fails to compile. */
type GuideCode = keyof typeof invoiceCodes | SharedCode;

/** What each code means for an invoice; the status comes from the catalogue. */
export const INVOICE_ERRORS = defineCopy<Record<GuideCode, string>>({
  fr: {
    INVOICE_NOT_FOUND: "Aucune facture de cet id pour le commerçant et le mode de la clé.",
    INVALID_INVOICE_LINES: "lines : de 1 à 50 lignes, description de 1 à 200 caractères, quantity de 1 à 10 000, unit_amount de 1 à 5 000 000 ; ou un brouillon sans ligne à finaliser.",
    INVOICE_TOTAL_OUT_OF_RANGE: "Le total dépasse 5 000 000 FCFA, ou, à la finalisation, n'atteint pas 100 FCFA : les limites d'un paiement.",
    INVALID_DUE_DATE: "due_date n'est pas un jour AAAA-MM-JJ, est passée (heure du Mali) ou est à plus de 365 jours. Aussi à la finalisation d'un brouillon dont la date est passée depuis.",
    INVALID_REMINDER_DAYS: "reminder_days : au plus 6 nombres de jours différents, de −30 à 60 ; [] pour aucun rappel.",
    INVALID_INVOICE_LOCALE: "locale : fr ou en.",
    INVALID_INVOICE_NOTES: "notes : au plus 1 000 caractères.",
    INVALID_INVOICE_STATUS: "Le filtre status de la liste : DRAFT, OPEN, OVERDUE, PAID ou VOID.",
    INVALID_INVOICE_CHANNELS: "channels : une liste non vide de sms, email et whatsapp, chacun une fois au plus.",
    INVALID_VOID_REASON: "reason : au plus 300 caractères.",
    INVOICE_NOT_DRAFT: "La facture est finalisée : elle ne se modifie, ne se supprime ni ne se finalise plus. Annulez-la et créez-en une autre.",
    INVOICE_IS_DRAFT: "La facture est un brouillon : finalisez-la avant de l'envoyer ; un brouillon se supprime au lieu d'être annulé.",
    INVOICE_ALREADY_PAID: "La facture est payée : plus rien à envoyer, payer, modifier ni annuler.",
    INVOICE_VOIDED: "La facture est annulée : elle ne s'envoie, ne se paie ni ne se modifie plus.",
    INVOICE_PAYMENT_IN_PROGRESS: "Un paiement de la facture attend sur le téléphone du client : annulez-la quand il se termine (au plus tard à son expiration).",
    INVOICE_EMAIL_MISSING: "Envoi par email d'une facture sans customer_email.",
    SMS_USE_DISABLED: "Les demandes de paiement par SMS sont désactivées pour votre compte (Paramètres → SMS).",
    MISSING_PHONE: "customer_phone manque.",
    INVALID_PHONE: "customer_phone n'est pas un numéro valide (format international, par exemple +22376543210).",
    INVALID_CUSTOMER_NAME: "customer_name : de 1 à 100 caractères.",
    INVALID_EMAIL: "customer_email n'est pas une adresse e-mail valide.",
    INVALID_CLIENT_REFERENCE: "client_reference : de 1 à 128 caractères.",
    INVALID_METADATA: "metadata : un objet, au plus 4 Ko de JSON, des clés de 40 caractères au plus.",
    INVALID_SEARCH: "Le filtre search de la liste : de 1 à 100 caractères.",
    INVALID_PAGINATION: "page ≥ 1 et limit de 1 à 100.",
    IDEMPOTENCY_CONFLICT: "Cette X-Idempotency-Key a déjà servi pour une autre requête : une nouvelle facture prend une nouvelle clé.",
  },
  en: {
    INVOICE_NOT_FOUND: "No invoice with this id for the key's merchant and mode.",
    INVALID_INVOICE_LINES: "lines: 1 to 50 lines, description 1 to 200 characters, quantity 1 to 10,000, unit_amount 1 to 5,000,000; or finalizing a draft with no line.",
    INVOICE_TOTAL_OUT_OF_RANGE: "The total is above 5,000,000 FCFA or, at finalization, below 100 FCFA: the limits of one payment.",
    INVALID_DUE_DATE: "due_date is not a YYYY-MM-DD day, has passed (Mali time) or is more than 365 days ahead. Also at finalization of a draft whose date has since passed.",
    INVALID_REMINDER_DAYS: "reminder_days: at most 6 different numbers of days, from −30 to 60; [] for no reminder.",
    INVALID_INVOICE_LOCALE: "locale: fr or en.",
    INVALID_INVOICE_NOTES: "notes: at most 1,000 characters.",
    INVALID_INVOICE_STATUS: "The list's status filter: DRAFT, OPEN, OVERDUE, PAID or VOID.",
    INVALID_INVOICE_CHANNELS: "channels: a non-empty list of sms, email and whatsapp, each at most once.",
    INVALID_VOID_REASON: "reason: at most 300 characters.",
    INVOICE_NOT_DRAFT: "The invoice is finalized: it can no longer be changed, deleted or finalized again. Void it and create another.",
    INVOICE_IS_DRAFT: "The invoice is a draft: finalize it before sending it; a draft is deleted rather than voided.",
    INVOICE_ALREADY_PAID: "The invoice is paid: nothing more to send, pay, change or void.",
    INVOICE_VOIDED: "The invoice is void: it can no longer be sent, paid or changed.",
    INVOICE_PAYMENT_IN_PROGRESS: "A payment of the invoice is waiting on the customer's phone: void it once that payment ends (at the latest when it expires).",
    INVOICE_EMAIL_MISSING: "Sending by email an invoice without customer_email.",
    SMS_USE_DISABLED: "Payment requests by text message are switched off for your account (Settings → SMS).",
    MISSING_PHONE: "customer_phone is missing.",
    INVALID_PHONE: "customer_phone is not a valid number (international format, e.g. +22376543210).",
    INVALID_CUSTOMER_NAME: "customer_name: 1 to 100 characters.",
    INVALID_EMAIL: "customer_email is not a valid e-mail address.",
    INVALID_CLIENT_REFERENCE: "client_reference: 1 to 128 characters.",
    INVALID_METADATA: "metadata: an object, at most 4 KB of JSON, keys of at most 40 characters.",
    INVALID_SEARCH: "The list's search filter: 1 to 100 characters.",
    INVALID_PAGINATION: "page ≥ 1 and limit 1 to 100.",
    IDEMPOTENCY_CONFLICT: "This X-Idempotency-Key was used for another request: a new invoice takes a new key.",
  },
});
