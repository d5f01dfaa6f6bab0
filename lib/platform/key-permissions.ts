import { z } from "zod";
import type { KeyPermissionLevel } from "@/db/schema";
import { ApiError } from "@/lib/core/errors";
import { EXPLAINED } from "@/lib/core/validation";

/**
 * Restricted API keys (docs/decisions/api.md, "Restricted keys"): a key's `permissions` is null
 * (a standard key: everything) or a map from each resource below to "none", "read" or "write".
 * Every key-authenticated /v1 route names its resource once in its definition (`resource` in
 * lib/http/route.ts); the action comes from the method: GET and HEAD read, anything else writes.
 */
export const KEY_RESOURCES = [
  "payments",
  "refunds",
  "payment_links",
  "invoices",
  "secure_orders",
  "billing",
  "withdrawals",
  "webhooks",
  "reports",
  "request_logs",
  "partner",
  "account",
  "sandbox",
] as const;
export type KeyResource = (typeof KEY_RESOURCES)[number];

export const KEY_PERMISSION_LEVELS = ["none", "read", "write"] as const satisfies readonly KeyPermissionLevel[];
export type { KeyPermissionLevel };
export type KeyAction = "read" | "write";
/** Every resource with its level: what a restricted key stores. */
export type KeyPermissions = Record<KeyResource, KeyPermissionLevel>;

export const isKeyResource = (value: string): value is KeyResource => (KEY_RESOURCES as readonly string[]).includes(value);

export const actionOfMethod = (method: string): KeyAction => (method === "GET" || method === "HEAD" ? "read" : "write");

/** `payments:write`: how the document, the error and the dashboard name a permission. */
export const permissionName = (resource: KeyResource, action: KeyAction) => `${resource}:${action}`;

/**
 * Whether a key may do `action` on `resource`. "write" includes "read" (a key that creates
 * payments reads them back); a resource the stored map lacks is "none".
 */
export function allows(permissions: Readonly<Record<string, KeyPermissionLevel>> | null | undefined, resource: KeyResource, action: KeyAction): boolean {
  if (!permissions) return true;
  const level = permissions[resource] ?? "none";
  return level === "write" || (level === "read" && action === "read");
}

/** Refuses a request its key's permissions do not cover, naming the permission it needs. */
export function checkKeyPermission(permissions: Readonly<Record<string, KeyPermissionLevel>> | null | undefined, resource: KeyResource, method: string): void {
  const action = actionOfMethod(method);
  if (allows(permissions, resource, action)) return;
  const needed = permissionName(resource, action);
  throw new ApiError(
    "API_KEY_PERMISSION_DENIED",
    `This key cannot ${action} ${resource.replace(/_/g, " ")} (needs ${needed}). Use a key with that permission, or ask an owner of the account to create a restricted key that has it.`,
    { param: needed },
  );
}

/**
 * A permissions map as a request sends it: known resources only, known levels only, at least one
 * resource not "none". Resources left out are "none"; the result names every resource.
 */
export const KeyPermissionsSchema = z
  .record(z.string(), z.unknown())
  .superRefine((map, ctx) => {
    for (const [resource, level] of Object.entries(map)) {
      if (!isKeyResource(resource)) {
        ctx.addIssue({ code: "custom", path: [resource], params: { [EXPLAINED]: true }, message: `is not a resource: use ${KEY_RESOURCES.join(", ")}` });
      } else if (!(KEY_PERMISSION_LEVELS as readonly unknown[]).includes(level)) {
        ctx.addIssue({ code: "custom", path: [resource], params: { [EXPLAINED]: true }, message: `must be "none", "read" or "write"` });
      }
    }
    if (!Object.values(map).some((level) => level === "read" || level === "write")) {
      ctx.addIssue({ code: "custom", params: { [EXPLAINED]: true }, message: `must give at least one resource "read" or "write" (a key that can do nothing is of no use)` });
    }
  })
  .transform((map) => Object.fromEntries(KEY_RESOURCES.map((r) => [r, (map[r] as KeyPermissionLevel | undefined) ?? "none"])) as KeyPermissions);

/** "payments:write, invoices:read": the permissions a key has, for the dashboard and the audit log. */
export function describePermissions(permissions: Readonly<Record<string, KeyPermissionLevel>>): string[] {
  return KEY_RESOURCES.flatMap((r) => {
    const level = permissions[r] ?? "none";
    return level === "none" ? [] : [permissionName(r, level)];
  });
}
