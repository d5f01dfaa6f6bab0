import { z } from "zod";
import { input } from "@/lib/core/validation";

export const PARTNER_PRODUCT_STATUSES = ["PENDING_REVIEW", "APPROVED", "REJECTED", "ARCHIVED"] as const;
export const PRODUCT_PRICE_MIN = 100;
export const PRODUCT_PRICE_MAX = 5_000_000;
export const ITEMS_MAX = 50;
export const ITEM_QUANTITY_MAX = 1_000;

const httpsUrl = z
  .string()
  .max(2048)
  .refine((v) => {
    try {
      return new URL(v).protocol === "https:";
    } catch {
      return false;
    }
  }, "must be an HTTPS URL");

const name = z.string().trim().min(1).max(120);
const description = z.string().trim().max(1000);
const price = z.number().int().min(PRODUCT_PRICE_MIN).max(PRODUCT_PRICE_MAX).describe("XOF, the price payments are checked against once validated");

export const proposeProductSchema = z.object({
  name,
  description: description.nullish(),
  price,
  image_url: httpsUrl.nullish(),
});
export const ProposeProductInput = input(proposeProductSchema, { price: "INVALID_PRICE", image_url: "INVALID_IMAGE_URL" });
export type ProposeProductBody = z.output<typeof proposeProductSchema>;

export const updateProductSchema = z.object({
  name: name.optional(),
  description: description.nullable().optional(),
  price: price.optional(),
  image_url: httpsUrl.nullable().optional().describe("null removes the image"),
});
export const UpdateProductInput = input(updateProductSchema, { price: "INVALID_PRICE", image_url: "INVALID_IMAGE_URL" });
export type UpdateProductBody = z.output<typeof updateProductSchema>;

export const listProductsQuerySchema = z.object({ status: z.enum(PARTNER_PRODUCT_STATUSES).optional() });
export const ListProductsQuery = input(listProductsQuerySchema, { status: "INVALID_STATUS_FILTER" });

const timestamp = z.string().describe("ISO 8601 UTC");

export const partnerProductSchema = z.object({
  id: z.string().describe("prefix pp_"),
  name: z.string(),
  description: z.string().nullable(),
  price: z.number().int(),
  currency: z.literal("XOF"),
  image_url: z.string().nullable(),
  status: z.enum(PARTNER_PRODUCT_STATUSES),
  review_note: z.string().nullable().describe("the staff's reason when REJECTED (own products only)"),
  owned: z.boolean().describe("true for your own proposals; false for approved products of the shared catalogue"),
  livemode: z.boolean(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type PartnerProductResource = z.infer<typeof partnerProductSchema>;
export const partnerProductListSchema = z.object({ products: z.array(partnerProductSchema) });

/** One line of `items[]` on POST /v1/payments, as sent. */
export const itemInputSchema = z.object({
  product_id: z.string().min(1).max(64),
  quantity: z.number().int().min(1).max(ITEM_QUANTITY_MAX),
});
export const itemsInputSchema = z.array(itemInputSchema).min(1).max(ITEMS_MAX);

/** One line of `items` as stored on the payment: a snapshot, so archiving or repricing a product never changes past payments. */
export const partnerItemSchema = z.object({
  product_id: z.string(),
  name: z.string(),
  unit_price: z.number().int(),
  quantity: z.number().int(),
  amount: z.number().int().describe("unit_price × quantity"),
});
export type PartnerItem = z.infer<typeof partnerItemSchema>;

export const partnerRoyaltySchema = z.object({
  id: z.string(),
  month: z.string().describe("YYYY-MM, the calendar month of the sales"),
  sales_count: z.number().int(),
  sales_volume: z.number().int().describe("successful live partner sales of the month, XOF"),
  rate_bps: z.number().int().describe("royalty rate in basis points (1000 = 10 %)"),
  amount: z.number().int().describe("⌊sales_volume × rate_bps / 10 000⌋, credited to the available balance"),
  currency: z.literal("XOF"),
  created_at: timestamp,
});
export const partnerRoyaltyListSchema = z.object({ royalties: z.array(partnerRoyaltySchema) });
