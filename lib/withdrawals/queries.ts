import { and, asc, count, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "@/db/client";
import { merchants, withdrawals, type Withdrawal, type WithdrawalStatus } from "@/db/schema";
import type { DomainContext } from "@/lib/context";
import { ApiError } from "@/lib/core/errors";
import { WITHDRAWAL_STATUSES } from "./schemas";
import { withdrawalResource } from "./serialize";

const scoped = (ctx: DomainContext) => and(eq(withdrawals.merchantId, ctx.merchant.id), eq(withdrawals.mode, ctx.mode));

/** One of the key's withdrawals; another merchant's or the other mode's is 404 (no existence leak). */
export async function getWithdrawal(ctx: DomainContext, id: string): Promise<Withdrawal> {
  const [row] = await ctx.db.select().from(withdrawals).where(and(scoped(ctx), eq(withdrawals.id, id))).limit(1);
  if (!row) throw new ApiError("NOT_FOUND", `No withdrawal ${id}.`);
  return row;
}

/** GET /v1/withdrawals: newest first, `data = {withdrawals, pagination: {page, limit, total, pages}}`. */
export async function listWithdrawals(ctx: DomainContext, query: { status?: WithdrawalStatus; page: number; limit: number }) {
  const where = and(scoped(ctx), query.status ? eq(withdrawals.status, query.status) : undefined);
  const [{ total }] = await ctx.db.select({ total: count() }).from(withdrawals).where(where);
  const rows = await ctx.db
    .select()
    .from(withdrawals)
    .where(where)
    .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return {
    withdrawals: rows.map(withdrawalResource),
    pagination: { page: query.page, limit: query.limit, total, pages: Math.ceil(total / query.limit) },
  };
}

/** GET /v1/withdrawals/stats: count and volume (sum of amount) by status, for the key's mode. */
export async function withdrawalStats(ctx: DomainContext) {
  const rows = await ctx.db
    .select({ status: withdrawals.status, n: count(), volume: sql<string>`coalesce(sum(${withdrawals.amount}), 0)`, fees: sql<string>`coalesce(sum(${withdrawals.fee}), 0)` })
    .from(withdrawals)
    .where(scoped(ctx))
    .groupBy(withdrawals.status);
  const byStatus = Object.fromEntries(WITHDRAWAL_STATUSES.map((s) => [s, { count: 0, volume: 0 }])) as Record<WithdrawalStatus, { count: number; volume: number }>;
  let feesPaid = 0;
  for (const r of rows) {
    byStatus[r.status] = { count: Number(r.n), volume: Number(r.volume) };
    if (r.status === "COMPLETED") feesPaid = Number(r.fees);
  }
  const total = Object.values(byStatus).reduce((t, b) => ({ count: t.count + b.count, volume: t.volume + b.volume }), { count: 0, volume: 0 });
  return { currency: "XOF" as const, total, by_status: byStatus, fees_paid: feesPaid };
}

/** The staff queue across merchants (ops CLI and console), oldest first so nobody waits forever. */
export async function listWithdrawalsForStaff(db: Database, filter: { status?: WithdrawalStatus; merchantId?: string; limit?: number } = {}) {
  const where: SQL[] = [];
  if (filter.status) where.push(eq(withdrawals.status, filter.status));
  if (filter.merchantId) where.push(eq(withdrawals.merchantId, filter.merchantId));
  const rows = await db
    .select({ w: withdrawals, merchantName: merchants.name })
    .from(withdrawals)
    .innerJoin(merchants, eq(merchants.id, withdrawals.merchantId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(asc(withdrawals.createdAt), asc(withdrawals.id))
    .limit(Math.min(filter.limit ?? 100, 500));
  return rows.map(({ w, merchantName }) => ({ ...withdrawalResource(w), merchant_id: w.merchantId, merchant_name: merchantName, mode: w.mode }));
}

export type StaffWithdrawalView = Awaited<ReturnType<typeof listWithdrawalsForStaff>>[number];
