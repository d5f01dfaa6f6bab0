import type { MerchantRole } from "@/db/schema";
import { defineCopy } from "./dictionary";

/** The team roles as members read them: on the dashboard, in the console, and in the invitation mail. */
export const roleLabels = defineCopy<Record<MerchantRole, string>>({
  fr: { owner: "propriétaire", admin: "administrateur", developer: "développeur", finance: "finance", viewer: "lecture seule" },
  en: { owner: "owner", admin: "admin", developer: "developer", finance: "finance", viewer: "viewer" },
});
