import { MERCHANT_ROLES, type MerchantRole } from "@/db/schema";
import { ApiError } from "@/lib/core/errors";

/**
 * What a member of a merchant's team may do in the dashboard. Every dashboard page and
 * dashboard-api route names one (lib/http/account-route.ts, lib/http/page.ts); `can` is the only rule.
 *
 * - dashboard.read: the pages every member sees (home, payments, links, invoices, billing, secure orders, settings).
 * - commerce: acting on payments, payment links, invoices, secure orders and billing (reconcile, create, send, archive, cancel, void).
 * - developers.read: the developers and webhooks pages (applications, key prefixes, endpoints, delivery list).
 * - developers.logs: bodies of API requests and webhook deliveries (the request log, one delivery's detail).
 * - developers.manage: API keys, applications, webhook endpoints and their secrets, test and retried deliveries.
 * - withdrawals.read / withdrawals.manage: the withdrawals page; requesting and cancelling a withdrawal.
 * - books: exports, statements and the balance history's downloads (whole lists of customers' data).
 * - settings.manage: business name, KYC submission, platform plan.
 * - production: asking for production access.
 * - team.read / team.manage: the team list; inviting, re-inviting, changing roles, removing members.
 * - audit.read: the merchant's audit log.
 * - account: any member acting on their own account (security and notification settings).
 */
export const PERMISSIONS = [
  "dashboard.read",
  "commerce",
  "developers.read",
  "developers.logs",
  "developers.manage",
  "withdrawals.read",
  "withdrawals.manage",
  "books",
  "settings.manage",
  "production",
  "team.read",
  "team.manage",
  "audit.read",
  "account",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const EVERY_MEMBER: readonly Permission[] = ["dashboard.read", "team.read", "account"];

// Owner: everything. Admin: everything but the team and production access (ownership). Developer:
// integration, no money out. Finance: money, no keys. Viewer: reads, without request or delivery bodies.
const GRANTS: Readonly<Record<MerchantRole, readonly Permission[]>> = {
  owner: PERMISSIONS,
  admin: PERMISSIONS.filter((p) => p !== "team.manage" && p !== "production"),
  developer: [...EVERY_MEMBER, "commerce", "developers.read", "developers.logs", "developers.manage"],
  finance: [...EVERY_MEMBER, "commerce", "withdrawals.read", "withdrawals.manage", "books"],
  viewer: [...EVERY_MEMBER, "developers.read", "withdrawals.read"],
};

export function can(role: MerchantRole | null | undefined, permission: Permission): boolean {
  return !!role && GRANTS[role].includes(permission);
}

/** The roles holding a permission, most powerful first (named in refusals: "this needs owner or admin"). */
export const rolesWith = (permission: Permission): MerchantRole[] => MERCHANT_ROLES.filter((role) => can(role, permission));

/** The 403 of a member whose role lacks a permission, naming the roles that have it. */
export function roleForbidden(role: MerchantRole | null, permission: Permission): ApiError {
  return new ApiError("ROLE_FORBIDDEN", `Your role (${role ?? "none"}) cannot do this: it needs ${rolesWith(permission).join(" or ")}. Ask an owner of the account to change your role.`);
}
