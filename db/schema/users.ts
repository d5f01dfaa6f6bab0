import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { merchants } from "./merchants";

/** Who can sign in to the browser side: a merchant's dashboard, or the service's own staff (ops console). */
export type UserRole = "merchant" | "staff";

/** A merchant user's place in their team (lib/auth/permissions.ts says what each may do). */
export const MERCHANT_ROLES = ["owner", "admin", "developer", "finance", "viewer"] as const;
export type MerchantRole = (typeof MERCHANT_ROLES)[number];

/**
 * Dashboard and ops-console accounts (next-auth Credentials). Passwords are bcrypt hashes; the
 * e-mail is stored lowercased so uniqueness ignores case. `failed_logins` counts consecutive
 * failed sign-ins since the last success; reaching the limit sets `locked_until`.
 *
 * `password_hash` is null for an invited member who has not yet set a password (they cannot sign
 * in). `session_version` is copied into every session token; bumping it (password reset, forced
 * reset, removal from a team) revokes every session issued before. `totp_secret` is encrypted
 * with a server key (lib/secrets.ts) and only counts once `totp_enabled_at` is set.
 */
export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    passwordHash: text("password_hash"),
    role: text("role").$type<UserRole>().notNull(),
    merchantId: text("merchant_id").references(() => merchants.id),
    merchantRole: text("merchant_role").$type<MerchantRole>(),
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    sessionVersion: integer("session_version").notNull().default(0),
    totpSecret: text("totp_secret"),
    totpEnabledAt: timestamp("totp_enabled_at", { withTimezone: true }),
    // The last 30-second TOTP step accepted: a code is good once, and never one older than it.
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    // Notification kinds (lib/notifications) this user asked not to receive by e-mail.
    notificationOptOuts: jsonb("notification_opt_outs").$type<string[]>().notNull().default([]),
    invitedBy: text("invited_by"),
    failedLogins: integer("failed_logins").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_email_idx").on(t.email),
    index("users_merchant_idx").on(t.merchantId),
    check("users_email_lowercase", sql`${t.email} = lower(${t.email})`),
    check("users_role_merchant", sql`(${t.role} = 'merchant' and ${t.merchantId} is not null) or (${t.role} = 'staff' and ${t.merchantId} is null)`),
    check(
      "users_merchant_role",
      sql`(${t.role} = 'merchant' and ${t.merchantRole} in ('owner', 'admin', 'developer', 'finance', 'viewer')) or (${t.role} = 'staff' and ${t.merchantRole} is null)`,
    ),
  ],
);

/** What a one-time link sent by e-mail lets its holder do. */
export const USER_TOKEN_PURPOSES = ["password_reset", "email_verification", "invitation"] as const;
export type UserTokenPurpose = (typeof USER_TOKEN_PURPOSES)[number];

/**
 * One-time tokens mailed to a user (lib/auth/tokens.ts). Only the SHA-256 of the token is
 * stored; `used_at` is set by the one statement that consumes it, so a token works once.
 */
export const userTokens = pgTable(
  "user_tokens",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose").$type<UserTokenPurpose>().notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("user_tokens_hash_idx").on(t.tokenHash),
    index("user_tokens_user_idx").on(t.userId, t.purpose),
    check("user_tokens_purpose_check", sql`${t.purpose} in ('password_reset', 'email_verification', 'invitation')`),
  ],
);

/** Two-factor recovery codes, shown once; stored as SHA-256 hashes, each usable once. */
export const userRecoveryCodes = pgTable(
  "user_recovery_codes",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("user_recovery_codes_hash_idx").on(t.userId, t.codeHash)],
);

/** What a merchant asks the service's staff for from the dashboard. */
export type MerchantRequestKind = "kyc" | "platform_plan" | "production_access";
export type MerchantRequestStatus = "pending" | "approved" | "rejected";

/**
 * Requests reviewed in the ops console: a KYC submission (payload = the submitted business
 * details), a platform plan choice (payload = {plan}), a production access request. At most one
 * pending request per merchant and kind; a new submission replaces the pending one. The
 * merchant's own flags (kyc_status, platform_plan, production_enabled) stay the truth; a request
 * is the record of what was asked and how staff answered.
 */
export const merchantRequests = pgTable(
  "merchant_requests",
  {
    id: text("id").primaryKey(),
    merchantId: text("merchant_id").notNull().references(() => merchants.id),
    kind: text("kind").$type<MerchantRequestKind>().notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    status: text("status").$type<MerchantRequestStatus>().notNull().default("pending"),
    requestedBy: text("requested_by").references(() => users.id),
    decidedBy: text("decided_by").references(() => users.id),
    decisionNote: text("decision_note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("merchant_requests_one_pending_idx").on(t.merchantId, t.kind).where(sql`status = 'pending'`),
    index("merchant_requests_status_idx").on(t.status, t.createdAt),
    index("merchant_requests_merchant_idx").on(t.merchantId, t.createdAt),
  ],
);

export type User = typeof users.$inferSelect;
export type UserToken = typeof userTokens.$inferSelect;
export type MerchantRequest = typeof merchantRequests.$inferSelect;
