import { and, asc, desc, eq, ne, or, type SQL } from "drizzle-orm";
import type { Database } from "@/db/client";
import { merchants, partnerProducts, type PartnerProduct, type PartnerProductStatus } from "@/db/schema";
import { recordAudit, type Actor } from "@/lib/audit/record";
import { merchantNow } from "@/lib/clock";
import type { DomainContext } from "@/lib/context";
import { ApiError } from "@/lib/core/errors";
import { newId } from "@/lib/ids";
import type { ProposeProductBody, UpdateProductBody } from "./schemas";
import { partnerProductResource } from "./serialize";

/**
 * What a merchant sees in its mode: the shared catalogue (every APPROVED product) plus its own
 * proposals in any status. Another merchant's unapproved product does not exist for it.
 */
const visibleTo = (ctx: DomainContext) =>
  and(eq(partnerProducts.mode, ctx.mode), or(eq(partnerProducts.merchantId, ctx.merchant.id), eq(partnerProducts.status, "APPROVED")));

const own = (ctx: DomainContext, id: string) => and(eq(partnerProducts.id, id), eq(partnerProducts.merchantId, ctx.merchant.id), eq(partnerProducts.mode, ctx.mode));

function requirePartner(ctx: DomainContext) {
  if (!ctx.merchant.partner) throw new ApiError("PARTNER_PROGRAM_NOT_ENABLED");
}

/** GET /v1/merchants/partner-products. Archived products appear only when asked for (`?status=ARCHIVED`, own only). */
export async function listPartnerProducts(ctx: DomainContext, query: { status?: PartnerProductStatus }) {
  const rows = await ctx.db
    .select()
    .from(partnerProducts)
    .where(and(visibleTo(ctx), query.status ? eq(partnerProducts.status, query.status) : ne(partnerProducts.status, "ARCHIVED")))
    .orderBy(desc(partnerProducts.createdAt), desc(partnerProducts.id))
    .limit(1000);
  return { products: rows.map((p) => partnerProductResource(p, ctx.merchant.id)) };
}

/** POST: a partner merchant proposes a product; it waits for the staff's validation (PENDING_REVIEW). */
export async function proposePartnerProduct(ctx: DomainContext, body: ProposeProductBody): Promise<PartnerProduct> {
  requirePartner(ctx);
  const [row] = await ctx.db
    .insert(partnerProducts)
    .values({
      id: newId("pp"),
      merchantId: ctx.merchant.id,
      mode: ctx.mode,
      name: body.name,
      description: body.description || null,
      price: body.price,
      imageUrl: body.image_url ?? null,
      status: "PENDING_REVIEW",
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning();
  return row;
}

async function lockOwn(ctx: DomainContext, id: string): Promise<PartnerProduct> {
  const [row] = await ctx.db.select().from(partnerProducts).where(own(ctx, id)).for("update");
  if (!row) throw new ApiError("NOT_FOUND", `No partner product ${id} among your proposals.`);
  return row;
}

/** PATCH: any change sends the product back to PENDING_REVIEW (its price must be validated again). */
export async function updatePartnerProduct(ctx: DomainContext, id: string, body: UpdateProductBody): Promise<PartnerProduct> {
  requirePartner(ctx);
  const patch: Partial<typeof partnerProducts.$inferInsert> = {};
  if (body.name !== undefined) patch.name = body.name;
  if (body.description !== undefined) patch.description = body.description || null;
  if (body.price !== undefined) patch.price = body.price;
  if (body.image_url !== undefined) patch.imageUrl = body.image_url;
  if (Object.keys(patch).length === 0) throw new ApiError("NOTHING_TO_UPDATE");
  const current = await lockOwn(ctx, id);
  if (current.status === "ARCHIVED") throw new ApiError("PARTNER_PRODUCT_ARCHIVED");
  const [row] = await ctx.db
    .update(partnerProducts)
    // updated_at is the version a review names (ReviewedVersion): every change moves it, even two in one millisecond.
    .set({ ...patch, status: "PENDING_REVIEW", reviewNote: null, reviewedAt: null, reviewedBy: null, updatedAt: new Date(Math.max(ctx.now.getTime(), current.updatedAt.getTime() + 1)) })
    .where(eq(partnerProducts.id, current.id))
    .returning();
  return row;
}

/** DELETE: archives (never deletes): payments keep their item snapshots; archiving twice is harmless. */
export async function archivePartnerProduct(ctx: DomainContext, id: string): Promise<PartnerProduct> {
  const current = await lockOwn(ctx, id);
  if (current.status === "ARCHIVED") return current;
  const [row] = await ctx.db
    .update(partnerProducts)
    .set({ status: "ARCHIVED", archivedAt: ctx.now, updatedAt: ctx.now })
    .where(eq(partnerProducts.id, current.id))
    .returning();
  return row;
}

// ——— Staff (ops CLI and console) ———

export const staffProductView = (p: PartnerProduct & { merchantName?: string }) => ({
  ...partnerProductResource(p, p.merchantId),
  merchant_id: p.merchantId,
  merchant_name: p.merchantName ?? null,
  mode: p.mode,
  reviewed_by: p.reviewedBy,
  reviewed_at: p.reviewedAt?.toISOString() ?? null,
});

/** The validation queue: every merchant's products (default: PENDING_REVIEW), oldest first. */
export async function listPartnerProductsForStaff(db: Database, filter: { status?: PartnerProductStatus; limit?: number } = {}) {
  const where: SQL = eq(partnerProducts.status, filter.status ?? "PENDING_REVIEW");
  const rows = await db
    .select({ p: partnerProducts, merchantName: merchants.name })
    .from(partnerProducts)
    .innerJoin(merchants, eq(merchants.id, partnerProducts.merchantId))
    .where(where)
    .orderBy(asc(partnerProducts.createdAt), asc(partnerProducts.id))
    .limit(Math.min(filter.limit ?? 200, 1000));
  return rows.map(({ p, merchantName }) => staffProductView({ ...p, merchantName }));
}

/**
 * The version the reviewer looked at, as its `updated_at`: a merchant's PATCH keeps the product in
 * PENDING_REVIEW with a new price, so without it a reviewer could approve a price they never saw.
 */
export type ReviewedVersion = { updatedAt?: string };

async function review(db: Database, id: string, decision: "APPROVED" | "REJECTED", actor: Actor, note: string | null, seen: ReviewedVersion): Promise<PartnerProduct> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const [current] = await tx
      .select({ p: partnerProducts, offset: merchants.testClockOffsetSeconds })
      .from(partnerProducts)
      .innerJoin(merchants, eq(merchants.id, partnerProducts.merchantId))
      .where(eq(partnerProducts.id, id))
      .for("update", { of: partnerProducts });
    if (!current) throw new ApiError("NOT_FOUND", `No partner product ${id}.`);
    if (current.p.status !== "PENDING_REVIEW") {
      throw new ApiError("PARTNER_PRODUCT_NOT_PENDING", `This product is ${current.p.status}; only a product in PENDING_REVIEW can be ${decision.toLowerCase()}.`);
    }
    if (seen.updatedAt !== undefined && new Date(seen.updatedAt).getTime() !== current.p.updatedAt.getTime()) {
      throw new ApiError(
        "PARTNER_PRODUCT_CHANGED",
        `The merchant changed this product at ${current.p.updatedAt.toISOString()}, after the version you reviewed (${seen.updatedAt}). Reload it and review the new version.`,
      );
    }
    const at = merchantNow({ testClockOffsetSeconds: current.offset }, current.p.mode);
    const [row] = await tx
      .update(partnerProducts)
      .set({ status: decision, reviewNote: note, reviewedAt: at, reviewedBy: actor.staffId, updatedAt: at })
      .where(eq(partnerProducts.id, id))
      .returning();
    await recordAudit(tx, {
      actor,
      action: decision === "APPROVED" ? "partner_product.approve" : "partner_product.reject",
      targetType: "partner_product",
      targetId: id,
      before: staffProductView(current.p),
      after: staffProductView(row),
    });
    return row;
  });
}

/** Staff: the product and its price are validated; it joins the catalogue and can be sold. */
export const approvePartnerProduct = (db: Database, id: string, actor: Actor, seen: ReviewedVersion = {}) => review(db, id, "APPROVED", actor, null, seen);

/** Staff: refused, with an optional note the merchant sees; the merchant may change it (back to review). */
export const rejectPartnerProduct = (db: Database, id: string, input: { reason?: string | null }, actor: Actor, seen: ReviewedVersion = {}) =>
  review(db, id, "REJECTED", actor, input.reason?.trim().slice(0, 500) || null, seen);
