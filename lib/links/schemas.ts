import { z } from "zod";
import { redirectUrl } from "@/lib/redirects/redirect-url";
import { input } from "@/lib/core/validation";
import { ALIASES, type Aliases } from "@/lib/core/aliases";
import { phoneField, phoneInput } from "@/lib/phone/schema";
import { pageFields, paginationSchema, queryBoolean } from "./pagination";

export const LINK_MODES = ["FIXED", "OPEN"] as const;
export const AMOUNT_MIN = 100;
export const AMOUNT_MAX = 5_000_000;
export const SLUG_PATTERN = /^[a-z0-9-]{3,64}$/;
/** Path words under /v1/payment-links that a slug may not take. */
export const RESERVED_SLUGS = new Set(["by-id"]);
export const QR_SIZE = { min: 128, max: 1024, default: 512 } as const;

const amount = z.number().int().min(AMOUNT_MIN).max(AMOUNT_MAX);

const metadata = z
  .record(z.string().max(40), z.unknown())
  .refine((m) => JSON.stringify(m).length <= 4096, "metadata must be at most 4 KB of JSON");

/**
 * Existing client libraries send `title`, `price` and `redirect_url`: they are the contract's
 * `name`, a FIXED link's `amount` and `success_redirect_url`. A null `title` or `price` is "not
 * sent" (an OPEN link from a library that sends `price: null`); a null `redirect_url` is kept,
 * as a null `success_redirect_url` is: no redirect.
 */
const linkAliases = { title: "name", price: "amount", redirect_url: "success_redirect_url" } satisfies Aliases;

function foldLinkAliases(raw: unknown): unknown {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return raw;
  const body = { ...(raw as Record<string, unknown>) };
  if (body.name === undefined && body.title != null) body.name = body.title;
  if (body.amount === undefined && body.price != null) body.amount = body.price;
  if (body.success_redirect_url === undefined && body.redirect_url !== undefined) body.success_redirect_url = body.redirect_url;
  delete body.title;
  delete body.price;
  delete body.redirect_url;
  return body;
}

export const createLinkSchema = z.preprocess(
  foldLinkAliases,
  z.object({
    name: z.string().trim().min(1).max(100).describe("Shown to the customer; alias `title`."),
    description: z.string().trim().max(500).nullish(),
    mode: z.enum(LINK_MODES).default("FIXED").describe("FIXED (default): one price in `amount`. OPEN: the customer chooses between min_amount and max_amount."),
    amount: amount.optional().describe("FIXED links: the price, 100..5,000,000 XOF; alias `price`. Cannot change later."),
    min_amount: amount.optional().describe("OPEN links: lowest amount the customer may pay."),
    max_amount: amount.optional().describe("OPEN links: highest amount the customer may pay (≥ min_amount)."),
    slug: z.string().regex(SLUG_PATTERN).optional().describe("3..64 of a-z, 0-9 and '-'; unique; random when omitted. The public URL is /l/{slug}."),
    success_redirect_url: redirectUrl.nullish().describe("HTTPS page the customer is sent to after a successful payment; alias `redirect_url`. Without it, our link page thanks the customer."),
    metadata: metadata.optional(),
  }).meta({ [ALIASES]: linkAliases }),
);

export const CreateLinkInput = input(createLinkSchema, {
  mode: "INVALID_LINK_MODE",
  amount: "INVALID_AMOUNT",
  min_amount: "INVALID_AMOUNT_RANGE",
  max_amount: "INVALID_AMOUNT_RANGE",
  slug: "INVALID_SLUG",
  success_redirect_url: "INVALID_REDIRECT_URL",
});
export type CreateLinkBody = z.output<typeof createLinkSchema>;

export const updateLinkSchema = z.preprocess(
  foldLinkAliases,
  z.object({
    name: z.string().trim().min(1).max(100).optional(),
    description: z.string().trim().max(500).nullish(),
    is_active: z.boolean().optional(),
    min_amount: amount.optional(),
    max_amount: amount.optional(),
    success_redirect_url: redirectUrl.nullish(),
    metadata: metadata.optional(),
    // Present only to be refused with their own codes: mode and a FIXED price are fixed at creation.
    mode: z.unknown().optional().describe("Refused: LINK_MODE_IMMUTABLE."),
    amount: z.unknown().optional().describe("Refused on a FIXED link: LINK_PRICE_IMMUTABLE."),
  }).meta({ [ALIASES]: linkAliases }),
);
export const UpdateLinkInput = input(updateLinkSchema, {
  min_amount: "INVALID_AMOUNT_RANGE",
  max_amount: "INVALID_AMOUNT_RANGE",
  success_redirect_url: "INVALID_REDIRECT_URL",
});
export type UpdateLinkBody = z.output<typeof updateLinkSchema>;

export const listLinksQuery = z.object({
  ...pageFields,
  is_active: queryBoolean.optional(),
  mode: z.enum(LINK_MODES).optional(),
  search: z.string().trim().max(100).optional().describe("Part of the link's name, case-insensitive."),
  archived: queryBoolean.optional().describe("true lists deleted (archived) links instead; default false."),
});
export const ListLinksInput = input(listLinksQuery, { mode: "INVALID_LINK_MODE" });

export const qrQuery = z.object({
  format: z.enum(["json", "png", "svg"]).default("json"),
  size: z.coerce.number().int().min(QR_SIZE.min).max(QR_SIZE.max).default(QR_SIZE.default),
});
export const QrInput = input(qrQuery, { format: "INVALID_QR_FORMAT", size: "INVALID_QR_SIZE" });

export const linkCheckoutSchema = z.object({
  // As the payer types it (70 00 00 01, +223 70 00 00 01, 0022370000001): the lenient rule of lib/phone, stored in E.164.
  customer_phone: phoneField({ field: "customer_phone" }),
  amount: z.number().int().optional().describe("Required for OPEN links (within the link's bounds); for FIXED links, omit it or send the link's price."),
  customer_name: z.string().trim().min(1).max(100).optional(),
});
export const LinkCheckoutInput = phoneInput(linkCheckoutSchema, {
  customer_phone: { missing: "MISSING_PHONE", invalid: "INVALID_PHONE" },
  amount: "AMOUNT_OUT_OF_RANGE",
});
export type LinkCheckoutBody = z.output<typeof linkCheckoutSchema>;

const timestamp = z.string().describe("ISO 8601 UTC");

export const linkSchema = z.object({
  id: z.string().describe("prefix link_"),
  slug: z.string(),
  url: z.string().describe("The public link page: {public base}/l/{slug}."),
  qr_code_url: z.string().describe("GET it for the QR code of `url`."),
  name: z.string(),
  title: z.string().describe("The same as `name`, for client libraries that read `title`."),
  description: z.string().nullable(),
  mode: z.enum(LINK_MODES),
  amount: z.number().int().nullable().describe("FIXED links: the price; null for OPEN links."),
  price: z.number().int().nullable().describe("The same as `amount`, for client libraries that read `price`."),
  min_amount: z.number().int().nullable(),
  max_amount: z.number().int().nullable(),
  currency: z.literal("XOF"),
  is_active: z.boolean(),
  archived: z.boolean(),
  archived_at: timestamp.nullable(),
  success_redirect_url: z.string().nullable(),
  subscription_id: z.string().nullable().describe("Set on links made by POST /v1/billing/subscriptions/with-payment."),
  metadata: z.record(z.string(), z.unknown()),
  total_collected: z.number().int().describe("Sum of the link's successful payments (gross XOF)."),
  payment_count: z.number().int().describe("Number of the link's successful payments."),
  livemode: z.boolean(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type LinkResource = z.infer<typeof linkSchema>;

export const publicLinkSchema = linkSchema
  .pick({ id: true, slug: true, url: true, name: true, title: true, description: true, mode: true, amount: true, price: true, min_amount: true, max_amount: true, currency: true, is_active: true, livemode: true })
  .extend({ merchant_name: z.string() });
export type PublicLink = z.infer<typeof publicLinkSchema>;

export const linkListSchema = z.array(linkSchema);
export const linkListExtra = { pagination: paginationSchema };

export const qrSchema = z.object({
  qr_code: z.string().describe("data:image/png;base64,… of the PNG"),
  url: z.string().describe("What the QR code encodes: the link's public URL."),
  format: z.literal("png"),
  size: z.number().int(),
});

export const linkCheckoutResultSchema = z.object({
  payment_id: z.string(),
  status: z.literal("PENDING"),
  amount: z.number().int(),
  currency: z.literal("XOF"),
  redirect_url: z.string().describe("The hosted checkout: send the customer there."),
  expires_at: timestamp,
});
