import { and, count, desc, eq, ilike, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { merchants, paymentLinks, payments, type LinkAmountMode, type PaymentLink } from "@/db/schema";
import type { DomainContext } from "@/lib/context";
import { ApiError } from "@/lib/core/errors";
import { normalizeRedirectUrl } from "@/lib/redirects/redirect-url";
import { newId, randomString } from "@/lib/ids";
import { likePattern, pagination } from "./pagination";
import { RESERVED_SLUGS, type CreateLinkBody, type UpdateLinkBody } from "./schemas";
import { linkResource, NO_TOTALS, publicLink, type LinkTotals } from "./serialize";

const SLUG_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";
const isLinkId = (value: string) => value.startsWith("link_");

export type NewLink = {
  name: string;
  description?: string | null;
  mode: LinkAmountMode;
  amount?: number | null;
  minAmount?: number | null;
  maxAmount?: number | null;
  slug?: string;
  successRedirectUrl?: string | null;
  subscriptionId?: string | null;
  metadata?: Record<string, unknown>;
};

/**
 * success_redirect_url under the redirect URL rule (lib/redirects/redirect-url.ts), whoever calls:
 * the schemas already normalise it; callers inside lib (with-payment subscriptions) get the
 * same check. Answers the normalised URL to store (null/undefined pass through).
 */
function checkRedirect<T extends string | null | undefined>(url: T): T {
  if (!url) return url;
  const result = normalizeRedirectUrl(url);
  if (!result.ok) throw new ApiError("INVALID_REDIRECT_URL", `success_redirect_url must be an HTTPS URL outside the service's own domains: this one ${result.reason}.`, { param: "success_redirect_url" });
  return result.url as T;
}

/**
 * Inserts a link with a unique slug: a chosen slug that is taken (or reserved) is SLUG_TAKEN;
 * a random one is drawn again. `on conflict do nothing` keeps a clash from aborting the
 * caller's transaction, and makes two concurrent requests for one slug end with one winner.
 */
export async function insertLink(ctx: DomainContext, link: NewLink): Promise<PaymentLink> {
  if (link.slug && RESERVED_SLUGS.has(link.slug)) throw new ApiError("SLUG_TAKEN", `The slug "${link.slug}" is reserved. Choose another.`, { param: "slug" });
  const successRedirectUrl = checkRedirect(link.successRedirectUrl);
  for (let attempt = 0; attempt < 5; attempt++) {
    const slug = link.slug ?? randomString(10, SLUG_ALPHABET);
    const [row] = await ctx.db
      .insert(paymentLinks)
      .values({
        id: newId("link"),
        merchantId: ctx.merchant.id,
        applicationId: ctx.application.id,
        mode: ctx.mode,
        slug,
        name: link.name,
        description: link.description ?? null,
        amountMode: link.mode,
        amount: link.mode === "FIXED" ? link.amount! : null,
        minAmount: link.mode === "OPEN" ? link.minAmount! : null,
        maxAmount: link.mode === "OPEN" ? link.maxAmount! : null,
        successRedirectUrl: successRedirectUrl ?? null,
        subscriptionId: link.subscriptionId ?? null,
        metadata: link.metadata ?? {},
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .onConflictDoNothing({ target: paymentLinks.slug })
      .returning();
    if (row) return row;
    if (link.slug) throw new ApiError("SLUG_TAKEN", `The slug "${link.slug}" is already used by another payment link. Choose another, or omit slug for a random one.`, { param: "slug" });
  }
  throw new Error("could not draw a free random slug");
}

/** POST /v1/payment-links: the cross-field rules of FIXED and OPEN links. */
export async function createLink(ctx: DomainContext, body: CreateLinkBody) {
  if (body.mode === "FIXED") {
    if (body.amount === undefined) throw new ApiError("INVALID_AMOUNT", "A FIXED link needs `amount` (alias `price`): an integer between 100 and 5,000,000 XOF.", { param: "amount" });
    if (body.min_amount !== undefined || body.max_amount !== undefined) throw new ApiError("LINK_NOT_OPEN", undefined, { param: body.min_amount !== undefined ? "min_amount" : "max_amount" });
  } else {
    if (body.amount !== undefined) throw new ApiError("INVALID_AMOUNT", "An OPEN link has no fixed `amount`: send min_amount and max_amount.", { param: "amount" });
    if (body.min_amount === undefined || body.max_amount === undefined) {
      throw new ApiError("INVALID_AMOUNT_RANGE", "An OPEN link needs both min_amount and max_amount.", { param: body.min_amount === undefined ? "min_amount" : "max_amount" });
    }
    if (body.min_amount > body.max_amount) throw new ApiError("INVALID_AMOUNT_RANGE", "min_amount must be at most max_amount.", { param: "min_amount" });
  }
  const row = await insertLink(ctx, {
    name: body.name,
    description: body.description,
    mode: body.mode,
    amount: body.amount,
    minAmount: body.min_amount,
    maxAmount: body.max_amount,
    slug: body.slug,
    successRedirectUrl: body.success_redirect_url,
    metadata: body.metadata,
  });
  return linkResource(row);
}

/** Successful payments made through links, summed from the payments themselves (never counted twice). */
export async function linkTotals(db: Database, merchantId: string, ids: string[]): Promise<Map<string, LinkTotals>> {
  const totals = new Map<string, LinkTotals>();
  if (ids.length === 0) return totals;
  const rows = await db
    .select({ id: payments.purposeRef, total: sql<string>`coalesce(sum(${payments.amount}), 0)`, n: count() })
    .from(payments)
    .where(and(eq(payments.purpose, "payment_link"), inArray(payments.purposeRef, ids), eq(payments.status, "SUCCESS"), eq(payments.merchantId, merchantId)))
    .groupBy(payments.purposeRef);
  for (const r of rows) if (r.id) totals.set(r.id, { totalCollected: Number(r.total), paymentCount: Number(r.n) });
  return totals;
}

async function withTotals(ctx: DomainContext, row: PaymentLink) {
  return linkResource(row, (await linkTotals(ctx.db, ctx.merchant.id, [row.id])).get(row.id) ?? NO_TOTALS);
}

/** One of the key's links by id, or (in the shared `{slug}` path segment) by id or slug. */
export async function findOwnLink(ctx: DomainContext, idOrSlug: string, options: { byIdOnly?: boolean; forUpdate?: boolean } = {}): Promise<PaymentLink> {
  const byId = isLinkId(idOrSlug);
  if (options.byIdOnly && !byId) throw new ApiError("LINK_NOT_FOUND", `No payment link ${idOrSlug}: ids start with link_.`);
  const query = ctx.db
    .select()
    .from(paymentLinks)
    .where(and(byId ? eq(paymentLinks.id, idOrSlug) : eq(paymentLinks.slug, idOrSlug), eq(paymentLinks.merchantId, ctx.merchant.id), eq(paymentLinks.mode, ctx.mode)))
    .limit(1);
  const [row] = options.forUpdate ? await query.for("update") : await query;
  if (!row) throw new ApiError("LINK_NOT_FOUND", `No payment link ${idOrSlug} for this key's merchant and mode.`);
  return row;
}

export async function getLink(ctx: DomainContext, id: string) {
  return withTotals(ctx, await findOwnLink(ctx, id, { byIdOnly: true }));
}

export type ListLinksQuery = { page: number; limit: number; is_active?: boolean; mode?: LinkAmountMode; search?: string; archived?: boolean };

export async function listLinks(ctx: DomainContext, q: ListLinksQuery) {
  const where = and(
    eq(paymentLinks.merchantId, ctx.merchant.id),
    eq(paymentLinks.mode, ctx.mode),
    q.archived ? isNotNull(paymentLinks.archivedAt) : isNull(paymentLinks.archivedAt),
    q.is_active === undefined ? undefined : eq(paymentLinks.isActive, q.is_active),
    q.mode ? eq(paymentLinks.amountMode, q.mode) : undefined,
    q.search ? ilike(paymentLinks.name, likePattern(q.search)) : undefined,
  );
  // One query at a time: a request never holds two pooled connections at once.
  const rows = await ctx.db.select().from(paymentLinks).where(where).orderBy(desc(paymentLinks.createdAt), desc(paymentLinks.id)).limit(q.limit).offset((q.page - 1) * q.limit);
  const [{ n }] = await ctx.db.select({ n: count() }).from(paymentLinks).where(where);
  const totals = await linkTotals(ctx.db, ctx.merchant.id, rows.map((r) => r.id));
  return { items: rows.map((r) => linkResource(r, totals.get(r.id) ?? NO_TOTALS)), pagination: pagination(q.page, q.limit, Number(n)) };
}

/** Public read: anyone with the slug (or id). Deleted → 410; inactive → is_active false. */
export async function getPublicLinkRow(db: Database, slugOrId: string): Promise<{ link: PaymentLink; merchantName: string }> {
  const [row] = await db
    .select({ link: paymentLinks, merchantName: merchants.name })
    .from(paymentLinks)
    .innerJoin(merchants, eq(merchants.id, paymentLinks.merchantId))
    .where(isLinkId(slugOrId) ? eq(paymentLinks.id, slugOrId) : eq(paymentLinks.slug, slugOrId))
    .limit(1);
  if (!row) throw new ApiError("LINK_NOT_FOUND", `No payment link ${slugOrId}.`);
  if (row.link.archivedAt) throw new ApiError("LINK_ARCHIVED");
  return row;
}

export async function getPublicLink(db: Database, slugOrId: string) {
  const { link, merchantName } = await getPublicLinkRow(db, slugOrId);
  return publicLink(link, merchantName);
}

/** PATCH /v1/payment-links/{id}: mode and a FIXED price never change. */
export async function updateLink(ctx: DomainContext, idOrSlug: string, body: UpdateLinkBody) {
  const link = await findOwnLink(ctx, idOrSlug, { forUpdate: true });
  if (link.archivedAt) throw new ApiError("LINK_ARCHIVED", "This payment link was deleted; it can no longer be changed.");
  if (body.mode !== undefined && body.mode !== link.amountMode) throw new ApiError("LINK_MODE_IMMUTABLE", undefined, { param: "mode" });
  if (body.amount !== undefined) {
    if (link.amountMode === "OPEN") throw new ApiError("INVALID_AMOUNT", "An OPEN link has no fixed amount: change min_amount and max_amount instead.", { param: "amount" });
    if (body.amount !== link.amount) throw new ApiError("LINK_PRICE_IMMUTABLE", undefined, { param: "amount" });
  }
  if (link.amountMode === "FIXED" && (body.min_amount !== undefined || body.max_amount !== undefined)) {
    throw new ApiError("LINK_NOT_OPEN", undefined, { param: body.min_amount !== undefined ? "min_amount" : "max_amount" });
  }
  const min = body.min_amount ?? link.minAmount;
  const max = body.max_amount ?? link.maxAmount;
  if (link.amountMode === "OPEN" && min !== null && max !== null && min > max) {
    throw new ApiError("INVALID_AMOUNT_RANGE", `min_amount (${min}) must be at most max_amount (${max}).`, { param: body.min_amount !== undefined ? "min_amount" : "max_amount" });
  }
  const successRedirectUrl = checkRedirect(body.success_redirect_url);
  const patch: Partial<typeof paymentLinks.$inferInsert> = { updatedAt: ctx.now };
  if (body.name !== undefined) patch.name = body.name;
  if (body.description !== undefined) patch.description = body.description;
  if (body.is_active !== undefined) patch.isActive = body.is_active;
  if (link.amountMode === "OPEN") {
    patch.minAmount = min;
    patch.maxAmount = max;
  }
  if (successRedirectUrl !== undefined) patch.successRedirectUrl = successRedirectUrl;
  if (body.metadata !== undefined) patch.metadata = body.metadata;
  const [row] = await ctx.db.update(paymentLinks).set(patch).where(eq(paymentLinks.id, link.id)).returning();
  return withTotals(ctx, row);
}

/** PATCH …/activate and …/deactivate. Idempotent; a deleted link stays deleted (410). */
export async function setLinkActive(ctx: DomainContext, idOrSlug: string, active: boolean) {
  const link = await findOwnLink(ctx, idOrSlug, { forUpdate: true });
  if (link.archivedAt) throw new ApiError("LINK_ARCHIVED", "This payment link was deleted; it cannot be activated or deactivated.");
  const [row] = link.isActive === active ? [link] : await ctx.db.update(paymentLinks).set({ isActive: active, updatedAt: ctx.now }).where(eq(paymentLinks.id, link.id)).returning();
  return withTotals(ctx, row);
}

/**
 * DELETE: a permanent archive. The row stays (its payments, receipts and statements refer to
 * it and its totals stay readable by id); the public page, QR code and checkout answer 410.
 * Deleting again answers the same archived link.
 */
export async function archiveLink(ctx: DomainContext, idOrSlug: string) {
  const link = await findOwnLink(ctx, idOrSlug, { forUpdate: true });
  const [row] = link.archivedAt
    ? [link]
    : await ctx.db.update(paymentLinks).set({ isActive: false, archivedAt: ctx.now, updatedAt: ctx.now }).where(eq(paymentLinks.id, link.id)).returning();
  return withTotals(ctx, row);
}
