import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

export type Mode = "test" | "live";
export type KycStatus = "pending" | "approved" | "rejected";
export type PlatformPlanCode = "none" | "starter" | "pro" | "business";
export type MerchantStatus = "active" | "suspended";
/** What a restricted API key may do with one resource (lib/platform/key-permissions.ts); "write" includes reading. */
export type KeyPermissionLevel = "none" | "read" | "write";

export const merchants = pgTable("merchants", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email"),
  status: text("status").$type<MerchantStatus>().notNull().default("active"),
  kycStatus: text("kyc_status").$type<KycStatus>().notNull().default("pending"),
  productionEnabled: boolean("production_enabled").notNull().default(false),
  secureOrdersEnabled: boolean("secure_orders_enabled").notNull().default(false),
  // When the merchant asked, from the dashboard, to join the secure-orders pilot; staff see the
  // request in the ops console until they enable the feature.
  secureOrdersRequestedAt: timestamp("secure_orders_requested_at", { withTimezone: true }),
  partner: boolean("partner").notNull().default(false),
  platformPlan: text("platform_plan").$type<PlatformPlanCode>().notNull().default("none"),
  platformPeriodEnd: timestamp("platform_period_end", { withTimezone: true }),
  // The sandbox test clock (docs/architecture.md, "Data"): test-mode time = real time + this offset.
  testClockOffsetSeconds: bigint("test_clock_offset_seconds", { mode: "number" }).notNull().default(0),
  // Withdrawals strictly above this amount (FCFA, both modes) wait for a second owner or admin
  // (docs/decisions/balances-and-withdrawals.md); null: no second approval.
  withdrawalApprovalThreshold: integer("withdrawal_approval_threshold"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const applications = pgTable(
  "applications",
  {
    id: text("id").primaryKey(),
    merchantId: text("merchant_id").notNull().references(() => merchants.id),
    name: text("name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("applications_merchant_idx").on(t.merchantId)],
);

export const apiKeys = pgTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    merchantId: text("merchant_id").notNull().references(() => merchants.id),
    applicationId: text("application_id").notNull().references(() => applications.id),
    mode: text("mode").$type<Mode>().notNull(),
    // SHA-256 of the full key: the key itself is shown once and never stored.
    keyHash: text("key_hash").notNull(),
    prefix: text("prefix").notNull(),
    last4: text("last4").notNull(),
    // A restricted key's label in the dashboard; standard keys have none.
    name: text("name"),
    // null: a standard key, with access to everything. Otherwise resource → level; a resource
    // missing from the map is "none", so a resource added later is closed to existing restricted keys.
    permissions: jsonb("permissions").$type<Record<string, KeyPermissionLevel>>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("api_keys_hash_idx").on(t.keyHash), index("api_keys_application_idx").on(t.applicationId)],
);

export type Merchant = typeof merchants.$inferSelect;
export type Application = typeof applications.$inferSelect;
export type ApiKey = typeof apiKeys.$inferSelect;
