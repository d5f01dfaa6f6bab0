import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { merchants } from "./merchants";

/** Who can sign in to the browser side: a merchant's dashboard, or the service's own staff (ops console). */
export type UserRole = "merchant" | "staff";

/**
 * Dashboard and ops-console accounts (next-auth Credentials). Passwords are bcrypt hashes; the
 * e-mail is stored lowercased so uniqueness ignores case. `failed_logins` counts consecutive
 * failed sign-ins since the last success; reaching the limit sets `locked_until`.
 */
export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    role: text("role").$type<UserRole>().notNull(),
    merchantId: text("merchant_id").references(() => merchants.id),
    failedLogins: integer("failed_logins").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_email_idx").on(t.email),
    index("users_merchant_idx").on(t.merchantId),
    check("users_email_lowercase", sql`${t.email} = lower(${t.email})`),
    check("users_role_merchant", sql`(${t.role} = 'merchant' and ${t.merchantId} is not null) or (${t.role} = 'staff' and ${t.merchantId} is null)`),
  ],
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
export type MerchantRequest = typeof merchantRequests.$inferSelect;
