import { and, eq, inArray, or } from "drizzle-orm";
import { partnerProducts } from "@/db/schema";
import type { DomainContext } from "@/lib/context";
import { ApiError } from "@/lib/core/errors";
import { itemsInputSchema, type PartnerItem } from "./schemas";

const fcfa = (n: number) => `${n.toLocaleString("en").replace(/,/g, " ")} FCFA`;

/**
 * `items[]` of POST /v1/payments (called by payment creation, inside its transaction). Returns
 * what to store on the payment (`payments.items`): a snapshot of each line at its validated
 * price, or null when the payment has no items.
 *
 * - a partner-program merchant must send items (PARTNER_PRODUCT_REQUIRED; an empty array too);
 * - another merchant sending items: PARTNER_PROGRAM_NOT_ENABLED (items belong to the program);
 * - a malformed array: PARTNER_ITEMS_INVALID (1 to 50 lines of {product_id, quantity 1..1000});
 * - each product must be in the merchant's catalogue for the key's mode (its own proposals and
 *   the approved shared catalogue): PARTNER_PRODUCT_NOT_FOUND; and APPROVED: PARTNER_PRODUCT_NOT_APPROVED;
 * - amount must equal Σ price × quantity: PARTNER_AMOUNT_MISMATCH.
 */
export async function validatePartnerItems(ctx: DomainContext, items: unknown, amount: number): Promise<PartnerItem[] | null> {
  const absent = items === undefined || items === null || (Array.isArray(items) && items.length === 0);
  if (!ctx.merchant.partner) {
    if (items === undefined || items === null) return null;
    throw new ApiError("PARTNER_PROGRAM_NOT_ENABLED", undefined, { param: "items" });
  }
  if (absent) throw new ApiError("PARTNER_PRODUCT_REQUIRED", undefined, { param: "items" });

  const parsed = itemsInputSchema.safeParse(items);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue.path.length ? `items[${String(issue.path[0])}]${issue.path.slice(1).map((p) => `.${String(p)}`).join("")}` : "items";
    throw new ApiError("PARTNER_ITEMS_INVALID", `${where}: ${issue.message}. items must be 1 to 50 lines of {product_id: string, quantity: integer 1 to 1000}.`, { param: where });
  }
  const lines = parsed.data;
  const ids = [...new Set(lines.map((l) => l.product_id))];
  const rows = await ctx.db
    .select()
    .from(partnerProducts)
    .where(and(inArray(partnerProducts.id, ids), eq(partnerProducts.mode, ctx.mode), or(eq(partnerProducts.merchantId, ctx.merchant.id), eq(partnerProducts.status, "APPROVED"))));
  const byId = new Map(rows.map((r) => [r.id, r]));

  const out: PartnerItem[] = lines.map((line, i) => {
    const product = byId.get(line.product_id);
    if (!product) throw new ApiError("PARTNER_PRODUCT_NOT_FOUND", `items[${i}].product_id ${line.product_id} is not in your partner catalogue.`, { param: `items[${i}].product_id` });
    if (product.status !== "APPROVED") {
      throw new ApiError("PARTNER_PRODUCT_NOT_APPROVED", `items[${i}]: product ${product.id} is ${product.status}; only APPROVED products can be sold.`, { param: `items[${i}].product_id` });
    }
    return { product_id: product.id, name: product.name, unit_price: product.price, quantity: line.quantity, amount: product.price * line.quantity };
  });
  const total = out.reduce((s, l) => s + l.amount, 0);
  if (total !== amount) {
    throw new ApiError("PARTNER_AMOUNT_MISMATCH", `amount is ${fcfa(amount)} but the items add up to ${fcfa(total)} (validated price × quantity). Send amount: ${total}.`, { param: "amount" });
  }
  return out;
}
