import { createHash } from "node:crypto";
import { eq, getTableColumns, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "@/db/client";
import { merchantBrands, merchants, type LogoType, type Merchant, type MerchantBrandRow } from "@/db/schema";
import { contextActor, recordAudit } from "@/lib/audit/record";
import { systemNow } from "@/lib/clock";
import { publicBaseUrl } from "@/lib/config";
import { ApiError } from "@/lib/core/errors";
import { input } from "@/lib/core/validation";
import { HEX_COLOUR, judgeAccent, MIN_CONTRAST, shownRatio } from "./contrast";
import { inspectLogo, LOGO_MAX_BYTES, LOGO_MAX_PIXELS } from "./image";

/** What a public page or an e-mail shows of the merchant: its logo, else its initials, and its accent colour. */
export type Brand = { name: string; initials: string; logo: { url: string; width: number; height: number } | null; accent: string | null };

/** The dashboard's branding settings: the brand plus what the form shows of the current file. */
export type BrandSettings = Brand & { file: { type: LogoType; bytes: number } | null };

// The file keeps the browser's data URL (`data:<declared type>;base64,…`); the declared type is ignored.
// The string may exceed the limit: the size found is named in the refusal.
export const LogoInput = input(z.object({ logo: z.string().max(2_000_000).regex(/^data:[\w.+/-]{0,100}(;[\w=.-]+)*;base64,[A-Za-z0-9+/]*={0,2}$/) }), { logo: "LOGO_NOT_IMAGE" });
export const AccentInput = input(z.object({ accent: z.string().regex(HEX_COLOUR).nullable() }), { accent: "INVALID_ACCENT_COLOR" });

const EXTENSION: Record<LogoType, string> = { "image/png": "png", "image/jpeg": "jpg" };
// 16 hex digits of SHA-256 in the URL: a new file gets a new URL, so the old one may be cached forever.
const HASH_IN_URL = 16;

/** "Awa & Fils Commerce" → "AF": the first letter of the first two words that have one. */
export function initialsOf(name: string): string {
  const words = name.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? [];
  return words
    .slice(0, 2)
    .map((w) => w[0].toLocaleUpperCase("fr"))
    .join("");
}

/** The logo's path on this service: `/brand/{merchantId}/{hash prefix}.{png|jpg}`. */
export const logoPath = (merchantId: string, hash: string, type: LogoType) => `/brand/${merchantId}/${hash.slice(0, HASH_IN_URL)}.${EXTENSION[type]}`;

function brandOf(merchant: Pick<Merchant, "id" | "name">, row: Omit<MerchantBrandRow, "logo"> | null): Brand {
  const logo = row?.logoHash && row.logoType && row.logoWidth && row.logoHeight ? { url: logoPath(merchant.id, row.logoHash, row.logoType), width: row.logoWidth, height: row.logoHeight } : null;
  return { name: merchant.name, initials: initialsOf(merchant.name), logo, accent: row?.accent ?? null };
}

// Everything but the logo's bytes, which only the /brand route reads: pages load this on every view.
const { logo: _bytes, ...brandColumns } = getTableColumns(merchantBrands);
type BrandFacts = Omit<MerchantBrandRow, "logo"> & { logoBytes: number | null };

async function loadBrand(db: Database, merchantId: string): Promise<{ merchant: Pick<Merchant, "id" | "name">; brand: BrandFacts | null } | null> {
  const [row] = await db
    .select({ merchant: { id: merchants.id, name: merchants.name }, brand: { ...brandColumns, logoBytes: sql<number | null>`octet_length(${merchantBrands.logo})` } })
    .from(merchants)
    .leftJoin(merchantBrands, eq(merchantBrands.merchantId, merchants.id))
    .where(eq(merchants.id, merchantId));
  return row ?? null;
}

/** The brand a public page passes to its shell; null for an unknown merchant. */
export async function merchantBrand(db: Database, merchantId: string): Promise<Brand | null> {
  const row = await loadBrand(db, merchantId);
  return row ? brandOf(row.merchant, row.brand) : null;
}

/** The brand for an e-mail: the logo as an absolute URL on the public origin, since mail clients have no page to resolve it against. */
export async function mailBrand(db: Database, merchantId: string): Promise<Brand | null> {
  const brand = await merchantBrand(db, merchantId);
  return brand && { ...brand, logo: brand.logo && { ...brand.logo, url: `${publicBaseUrl()}${brand.logo.url}` } };
}

function settingsOf(merchant: Pick<Merchant, "id" | "name">, row: BrandFacts | null): BrandSettings {
  const file = row?.logoBytes && row.logoType ? { type: row.logoType, bytes: row.logoBytes } : null;
  return { ...brandOf(merchant, row), file };
}

export async function brandSettings(db: Database, merchant: Pick<Merchant, "id" | "name">): Promise<BrandSettings> {
  const row = await loadBrand(db, merchant.id);
  return settingsOf(merchant, row?.brand ?? null);
}

type BrandCtx = { db: Database; merchant: Merchant };

/** What the audit log keeps of a brand: which logo (its hash, never its bytes) and which colour. */
const auditView = (row: Omit<MerchantBrandRow, "logo"> | null) => (row ? { logo_hash: row.logoHash, logo_type: row.logoType, accent: row.accent } : null);

async function saveBrand(ctx: BrandCtx, action: string, change: Partial<Omit<MerchantBrandRow, "merchantId" | "updatedAt">>): Promise<BrandSettings> {
  const before = await loadBrand(ctx.db, ctx.merchant.id);
  const [row] = await ctx.db
    .insert(merchantBrands)
    .values({ merchantId: ctx.merchant.id, ...change })
    .onConflictDoUpdate({ target: merchantBrands.merchantId, set: { ...change, updatedAt: systemNow() } })
    .returning();
  await recordAudit(ctx.db, { actor: contextActor(ctx), action, targetType: "merchant", targetId: ctx.merchant.id, before: auditView(before?.brand ?? null), after: auditView(row) });
  return settingsOf(ctx.merchant, { ...row, logoBytes: row.logo?.length ?? null });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The bytes of a `data:…;base64,…` URL, whatever type it declares. */
const bytesOfDataUrl = (dataUrl: string) => Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64");

/** A new logo, checked by its content (lib/branding/image.ts), in the merchant's audit log. */
export async function setLogo(ctx: BrandCtx, dataUrl: string): Promise<BrandSettings> {
  const bytes = bytesOfDataUrl(dataUrl);
  const found = inspectLogo(bytes);
  if ("problem" in found) {
    const param = { param: "logo" };
    if (found.problem === "svg") throw new ApiError("LOGO_SVG_REFUSED", undefined, param);
    if (found.problem === "not_image") throw new ApiError("LOGO_NOT_IMAGE", undefined, param);
    if (found.problem === "too_large")
      throw new ApiError("LOGO_TOO_LARGE", `The logo file is ${kb(found.bytes)} (${found.bytes} bytes): it must be ${kb(LOGO_MAX_BYTES)} (${LOGO_MAX_BYTES} bytes) at most. Export it smaller (256 px wide is enough: pages show it 40 px high) or compress it.`, param);
    throw new ApiError("LOGO_TOO_MANY_PIXELS", `The logo is ${found.width} × ${found.height} pixels: it must be ${LOGO_MAX_PIXELS} × ${LOGO_MAX_PIXELS} at most. Resize it and upload it again.`, param);
  }
  const hash = createHash("sha256").update(bytes).digest("hex");
  return saveBrand(ctx, "brand.logo_update", { logo: bytes, logoType: found.type, logoHash: hash, logoWidth: found.width, logoHeight: found.height });
}

export async function removeLogo(ctx: BrandCtx): Promise<BrandSettings> {
  return saveBrand(ctx, "brand.logo_remove", { logo: null, logoType: null, logoHash: null, logoWidth: null, logoHeight: null });
}

/** A new accent colour (or none: the service's own), refused when the contrast rule (lib/branding/contrast.ts) fails. */
export async function setAccent(ctx: BrandCtx, accent: string | null): Promise<BrandSettings> {
  if (accent !== null) {
    const verdict = judgeAccent(accent);
    if (!verdict.readable) {
      const where = verdict.against === "page" ? "against the page background" : "under white text";
      throw new ApiError("ACCENT_CONTRAST_TOO_LOW", `The accent colour ${accent} has a contrast of ${shownRatio(verdict.ratio)}:1 ${where}; at least ${MIN_CONTRAST}:1 is needed to be readable. Choose a darker colour.`, { param: "accent" });
    }
  }
  return saveBrand(ctx, "brand.accent_update", { accent: accent?.toLowerCase() ?? null });
}

/**
 * The logo file a `/brand/{merchantId}/{file}` URL names, or null when the name is not the current
 * logo's (an old or wrong hash, another extension): such a URL must never show another file.
 */
export async function logoFile(db: Database, merchantId: string, file: string): Promise<{ bytes: Buffer; type: LogoType } | null> {
  const match = /^([0-9a-f]{16})\.(png|jpg)$/.exec(file);
  if (!match || !/^[\w-]{1,64}$/.test(merchantId)) return null;
  const [row] = await db.select().from(merchantBrands).where(eq(merchantBrands.merchantId, merchantId));
  if (!row?.logo || !row.logoHash || !row.logoType) return null;
  if (row.logoHash.slice(0, HASH_IN_URL) !== match[1] || EXTENSION[row.logoType] !== match[2]) return null;
  return { bytes: row.logo, type: row.logoType };
}
