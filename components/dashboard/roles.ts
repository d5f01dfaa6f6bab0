import type { MerchantRole } from "@/db/schema";
import { defineCopy } from "@/lib/i18n/dictionary";

/** The team roles as members read them. */
export const roleCopy = defineCopy<Record<MerchantRole, string>>({
  fr: { owner: "propriétaire", admin: "administrateur", developer: "développeur", finance: "finance", viewer: "lecture seule" },
  en: { owner: "owner", admin: "admin", developer: "developer", finance: "finance", viewer: "viewer" },
});

/** The roles, most powerful first (client components read them here, not from the database schema). */
export const ROLES = Object.keys(roleCopy.fr) as MerchantRole[];
