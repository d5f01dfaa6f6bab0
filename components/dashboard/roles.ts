import type { MerchantRole } from "@/db/schema";
import { roleLabels } from "@/lib/i18n/role-labels";

/** The roles, most powerful first (client components read them here, not from the database schema). */
export const ROLES = Object.keys(roleLabels.fr) as MerchantRole[];
