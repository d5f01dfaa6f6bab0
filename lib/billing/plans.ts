import { and, count, desc, eq, inArray, isNull } from "drizzle-orm";
import type { Database } from "@/db/client";
import { billingPlans, subscriptions, type BillingPlan } from "@/db/schema";
import type { DomainContext } from "@/lib/context";
import { ApiError } from "@/lib/core/errors";
import { newId } from "@/lib/ids";
import type { CreatePlanBody, UpdatePlanBody } from "./schemas";
import { planResource } from "./serialize";

/** ACTIVE and PAST_DUE subscriptions per plan: the ones still being billed. */
export async function subscriberCounts(db: Database, planIds: string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (planIds.length === 0) return counts;
  const rows = await db
    .select({ planId: subscriptions.planId, n: count() })
    .from(subscriptions)
    .where(and(inArray(subscriptions.planId, planIds), inArray(subscriptions.status, ["ACTIVE", "PAST_DUE"])))
    .groupBy(subscriptions.planId);
  for (const r of rows) counts.set(r.planId, Number(r.n));
  return counts;
}

async function withCount(db: Database, plan: BillingPlan) {
  return planResource(plan, (await subscriberCounts(db, [plan.id])).get(plan.id) ?? 0);
}

/** One of the key's plans (deleted ones are gone): PLAN_NOT_FOUND otherwise. */
export async function findOwnPlan(ctx: DomainContext, id: string, forUpdate = false): Promise<BillingPlan> {
  const query = ctx.db
    .select()
    .from(billingPlans)
    .where(and(eq(billingPlans.id, id), eq(billingPlans.merchantId, ctx.merchant.id), eq(billingPlans.mode, ctx.mode), isNull(billingPlans.deletedAt)))
    .limit(1);
  const [row] = forUpdate ? await query.for("update") : await query;
  if (!row) throw new ApiError("PLAN_NOT_FOUND", `No plan ${id} for this key's merchant and mode.`);
  return row;
}

export async function createPlan(ctx: DomainContext, body: CreatePlanBody) {
  const [row] = await ctx.db
    .insert(billingPlans)
    .values({
      id: newId("plan"),
      merchantId: ctx.merchant.id,
      applicationId: ctx.application.id,
      mode: ctx.mode,
      name: body.name,
      description: body.description ?? null,
      amount: body.amount,
      interval: body.interval,
      isActive: true,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning();
  return planResource(row, 0);
}

export async function listPlans(ctx: DomainContext, q: { is_active?: boolean }) {
  const rows = await ctx.db
    .select()
    .from(billingPlans)
    .where(and(eq(billingPlans.merchantId, ctx.merchant.id), eq(billingPlans.mode, ctx.mode), isNull(billingPlans.deletedAt), q.is_active === undefined ? undefined : eq(billingPlans.isActive, q.is_active)))
    .orderBy(desc(billingPlans.createdAt), desc(billingPlans.id));
  const counts = await subscriberCounts(ctx.db, rows.map((r) => r.id));
  return rows.map((r) => planResource(r, counts.get(r.id) ?? 0));
}

export async function getPlan(ctx: DomainContext, id: string) {
  return withCount(ctx.db, await findOwnPlan(ctx, id));
}

/** PATCH: a new amount applies to the periods billed from now on. */
export async function updatePlan(ctx: DomainContext, id: string, body: UpdatePlanBody) {
  const plan = await findOwnPlan(ctx, id, true);
  if (body.interval !== undefined && body.interval !== plan.interval) throw new ApiError("PLAN_INTERVAL_IMMUTABLE", undefined, { param: "interval" });
  const patch: Partial<typeof billingPlans.$inferInsert> = { updatedAt: ctx.now };
  if (body.name !== undefined) patch.name = body.name;
  if (body.description !== undefined) patch.description = body.description;
  if (body.amount !== undefined) patch.amount = body.amount;
  if (body.is_active !== undefined) patch.isActive = body.is_active;
  const [row] = await ctx.db.update(billingPlans).set(patch).where(eq(billingPlans.id, plan.id)).returning();
  return withCount(ctx.db, row);
}

/**
 * DELETE: a plan that still has subscribers (ACTIVE or PAST_DUE) is deactivated — they keep
 * being billed, nobody new can subscribe; a plan without is deleted (gone from the API; the row
 * stays so old subscriptions keep their plan's name).
 */
export async function deletePlan(ctx: DomainContext, id: string) {
  const plan = await findOwnPlan(ctx, id, true);
  const subscribers = (await subscriberCounts(ctx.db, [plan.id])).get(plan.id) ?? 0;
  if (subscribers > 0) {
    const [row] = await ctx.db.update(billingPlans).set({ isActive: false, updatedAt: ctx.now }).where(eq(billingPlans.id, plan.id)).returning();
    return {
      deletion: { id: plan.id, action: "deactivated" as const, deleted: false, deactivated: true, plan: planResource(row, subscribers) },
      message: `Plan deactivated, not deleted: it has ${subscribers} subscriber(s), who keep being billed. It accepts no new subscriptions.`,
    };
  }
  await ctx.db.update(billingPlans).set({ isActive: false, deletedAt: ctx.now, updatedAt: ctx.now }).where(eq(billingPlans.id, plan.id));
  return { deletion: { id: plan.id, action: "deleted" as const, deleted: true, deactivated: false, plan: null }, message: "Plan deleted: it had no subscribers." };
}
