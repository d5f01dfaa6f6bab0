import { getServerSession } from "next-auth";
import { cookies } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { cache } from "react";
import { db } from "@/db/client";
import type { Merchant, Mode, User } from "@/db/schema";
import type { DomainContext } from "@/lib/context";
import { getMerchant } from "@/lib/platform/merchants";
import { APPLICATION_COOKIE } from "@/lib/http/application-choice";
import { dashboardContext } from "@/lib/auth/dashboard-context";
import { MODE_COOKIE, parseMode } from "@/lib/auth/mode";
import { authOptions, type SessionClaims } from "@/lib/auth/options";
import { can, type Permission } from "@/lib/auth/permissions";
import { userOfSession } from "@/lib/auth/users";

/**
 * The signed-in user, reloaded from the database (the JWT only names them), or null. Cached for
 * the duration of one server render so a layout and its page share one lookup.
 */
export const currentUser = cache(async (): Promise<User | null> => {
  const session = (await getServerSession(authOptions)) as Partial<SessionClaims> | null;
  if (!session?.uid) return null;
  return userOfSession(db(), { uid: session.uid, sv: session.sv });
});

// Cached per render like currentUser, so every caller of one render gets the same object.
const merchantOf = cache((merchantId: string) => getMerchant(db(), merchantId));

/** Where staff without two-factor are sent: the only console page they can use. */
export const STAFF_ENROLLMENT_PATH = "/ops/security";

const signInPath = (next: string) => `/signin?next=${encodeURIComponent(next)}`;

/**
 * Server components of /dashboard: a merchant user, or a redirect to /signin; staff get 404.
 * `refused` is the permission when the member's role lacks it: the page then renders the role
 * refusal (components/dashboard/RoleRefusal.tsx) instead of its content.
 */
export async function requireMerchantSession(next: string, permission: Permission): Promise<{ user: User; merchant: Merchant; refused: Permission | null }> {
  const user = await currentUser();
  if (!user) redirect(signInPath(next));
  if (user.role !== "merchant" || !user.merchantId) notFound();
  const merchant = await merchantOf(user.merchantId);
  if (!merchant) notFound();
  return { user, merchant, refused: can(user.merchantRole, permission) ? null : permission };
}

/**
 * Server components of /ops: a staff user, or a redirect to /signin; merchants get 404 (the
 * console's pages do not exist for them). Staff without two-factor are sent to /ops/security to
 * enroll, unless `beforeTwoFactor` (that page and the layout around it).
 */
export async function requireStaffSession(next = "/ops", options: { beforeTwoFactor?: boolean } = {}): Promise<{ user: User }> {
  const user = await currentUser();
  if (!user) redirect(signInPath(next));
  if (user.role !== "staff") notFound();
  if (!user.totpEnabledAt && !options.beforeTwoFactor) redirect(STAFF_ENROLLMENT_PATH);
  return { user };
}

/** The dashboard's current mode (the switch's cookie); test unless the merchant chose live. */
export async function currentMode(): Promise<Mode> {
  return parseMode((await cookies()).get(MODE_COOKIE)?.value);
}

// One context per server render: the page and its frame (application switcher) share it.
const sessionContext = cache(async (user: User, merchant: Merchant): Promise<DomainContext & { user: User }> => {
  const chosen = (await cookies()).get(APPLICATION_COOKIE)?.value;
  const ctx = await dashboardContext(db(), merchant, await currentMode(), chosen);
  return { ...ctx, user };
});

/** Session + mode + chosen application → the DomainContext of /v1, for dashboard server components; `refused` as above. */
export async function requireDashboardContext(next: string, permission: Permission): Promise<DomainContext & { user: User; refused: Permission | null }> {
  const { user, merchant, refused } = await requireMerchantSession(next, permission);
  return { ...(await sessionContext(user, merchant)), refused };
}
