import { customType, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { merchants } from "./merchants";

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export type LogoType = "image/png" | "image/jpeg";

/**
 * How customers recognise a merchant on the hosted pages and in their e-mails (docs/decisions/branding.md).
 * The logo's bytes live here, not on a disk, so every instance serves the same file; `logo_hash`
 * (SHA-256, hex) names it in its URL, which is what lets the URL be cached forever.
 */
export const merchantBrands = pgTable("merchant_brands", {
  merchantId: text("merchant_id")
    .primaryKey()
    .references(() => merchants.id),
  logo: bytea("logo"),
  logoType: text("logo_type").$type<LogoType>(),
  logoHash: text("logo_hash"),
  logoWidth: integer("logo_width"),
  logoHeight: integer("logo_height"),
  /** `#rrggbb`, lower case, readable on the pages' background and under white text (checked when set). */
  accent: text("accent"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type MerchantBrandRow = typeof merchantBrands.$inferSelect;
