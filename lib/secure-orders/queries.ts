import { and, count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { secureOrders } from "@/db/schema";
import type { DomainContext } from "@/lib/context";
import { phoneSearchDigits } from "@/lib/phone/parse";
import { runSecureOrderDeadlines } from "./deadlines";
import type { listSecureOrdersQuerySchema } from "./schemas";
import { secureOrderResource } from "./serialize";
import { loadOrder, notFound, type LoadedOrder, type OrderLocator } from "./store";
import { applyDueTransitions } from "./transitions";

export const keyLocator = (ctx: DomainContext, id: string): OrderLocator => ({ by: "id", id, merchantId: ctx.merchant.id, mode: ctx.mode });

/** One of the key's orders (another merchant's or mode's is NOT_FOUND), with due time rules applied. */
export async function findSecureOrder(ctx: DomainContext, id: string): Promise<LoadedOrder> {
  const locator = keyLocator(ctx, id);
  const loaded = await loadOrder(ctx.db, locator);
  if (!loaded) throw notFound(locator);
  return applyDueTransitions(ctx.db, loaded);
}

export async function getSecureOrder(ctx: DomainContext, id: string) {
  return secureOrderResource((await findSecureOrder(ctx, id)).order);
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * GET /v1/secure-orders: newest first; `status` filters, `search` is a case-insensitive
 * substring of reference, description, client_reference or customer_phone (a phone as typed:
 * "76 55 44 33" finds +22376554433, lib/phone). Due deadlines of
 * the merchant's orders are applied first, so no listed order is stale.
 */
export async function listSecureOrders(ctx: DomainContext, query: z.output<typeof listSecureOrdersQuerySchema>) {
  await runSecureOrderDeadlines(ctx.db, { merchantId: ctx.merchant.id });
  const where: SQL[] = [eq(secureOrders.merchantId, ctx.merchant.id), eq(secureOrders.mode, ctx.mode)];
  if (query.status) where.push(eq(secureOrders.status, query.status));
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    where.push(
      or(
        ilike(secureOrders.reference, pattern),
        ilike(secureOrders.description, pattern),
        ilike(secureOrders.clientReference, pattern),
        // A number in any accepted form (76 55 44 33, +223…, 00223…) or a part of one, by its digits.
        ilike(secureOrders.customerPhone, `%${escapeLike(phoneSearchDigits(query.search) ?? query.search)}%`),
      )!,
    );
  }
  const condition = and(...where);
  const rows = await ctx.db
    .select()
    .from(secureOrders)
    .where(condition)
    .orderBy(desc(secureOrders.createdAt), desc(secureOrders.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [{ total }] = await ctx.db.select({ total: count() }).from(secureOrders).where(condition);
  return {
    secure_orders: rows.map(secureOrderResource),
    pagination: { page: query.page, limit: query.limit, total: Number(total), pages: Math.ceil(Number(total) / query.limit) },
  };
}
