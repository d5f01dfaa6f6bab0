import type { KycSubmission } from "@/lib/account/requests";
import type { Locale } from "@/lib/i18n/locale";

/**
 * The one place a KYC field's name becomes words for staff. The keys are the KYC submission
 * schema's (lib/account/requests.ts), in the order the merchant fills them in; `satisfies` makes a
 * field added to the schema a type error here until it has its labels.
 */
const KYC_LABELS = {
  legal_name: { fr: "Raison sociale", en: "Legal name" },
  registration_number: { fr: "Numéro RCCM (registre du commerce)", en: "Trade register number (RCCM)" },
  tax_id: { fr: "Numéro d'identification fiscale (NIF)", en: "Tax identification number (NIF)" },
  address: { fr: "Adresse", en: "Address" },
  contact_name: { fr: "Nom du responsable", en: "Contact person" },
  contact_phone: { fr: "Téléphone du responsable", en: "Contact person's phone" },
  activity: { fr: "Activité", en: "Business activity" },
} as const satisfies Record<keyof KycSubmission, Record<Locale, string>>;

export type KycField = keyof typeof KYC_LABELS;

export const KYC_FIELDS = Object.keys(KYC_LABELS) as KycField[];

const isKycField = (key: string): key is KycField => Object.hasOwn(KYC_LABELS, key);

/** The label of a KYC key; a key this version does not know (an older or newer submission) shows as itself. */
export function kycFieldLabel(key: string, locale: Locale): string {
  return isKycField(key) ? KYC_LABELS[key][locale] : key;
}

export type KycEntry = { key: string; value: string };

/**
 * A submission's fields in the schema's order, then any key the schema does not know (so
 * nothing the merchant sent is hidden). Values print as text; an empty optional field is "".
 */
export function kycEntries(payload: Record<string, unknown>): KycEntry[] {
  const known = KYC_FIELDS.filter((k) => k in payload);
  const unknown = Object.keys(payload)
    .filter((k) => !isKycField(k))
    .sort();
  return [...known, ...unknown].map((key) => ({ key, value: payload[key] === null || payload[key] === undefined ? "" : String(payload[key]) }));
}
