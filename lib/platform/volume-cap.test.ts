import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { payments, type Merchant, type Mode, type PaymentStatus } from "@/db/schema";
import type { DomainContext } from "@/lib/context";
import { ApiError } from "@/lib/core/errors";
import { newId } from "@/lib/ids";
import { newLiveMerchant } from "@/tests/support/merchant";
import { assertLiveVolumeAvailable, calendarMonth, committedLiveVolume } from "./volume-cap";

/** A real payments row, as payment creation and settlement leave it. */
async function payment(merchant: Merchant, applicationId: string, p: { amount: number; status: PaymentStatus; mode?: Mode; createdAt: Date; settledAt?: Date | null }) {
  await db().insert(payments).values({
    id: newId("txn"),
    merchantId: merchant.id,
    applicationId,
    mode: p.mode ?? "live",
    status: p.status,
    amount: p.amount,
    customerPhone: "+22370000001",
    feeTotal: Math.ceil(p.amount * 0.02),
    adapter: "live",
    gatewayUsed: "operator_live",
    routingReason: "test",
    expiresAt: new Date(p.createdAt.getTime() + 15 * 60_000),
    settledAt: p.settledAt === undefined ? (p.status === "PENDING" ? null : p.createdAt) : p.settledAt,
    createdAt: p.createdAt,
    updatedAt: p.createdAt,
  });
}

const NOW = new Date("2026-11-15T10:00:00Z");

async function setup(plan: "starter" | "pro" | "business" = "pro") {
  const m = await newLiveMerchant({ platformPlan: plan });
  const ctx = (mode: Mode, now = NOW): DomainContext => ({ db: db(), merchant: m.merchant, application: { id: m.applicationId, merchantId: m.merchant.id, name: "app", createdAt: now }, mode, now, source: "api" });
  const add = (p: Parameters<typeof payment>[2]) => payment(m.merchant, m.applicationId, p);
  return { m, ctx, add };
}

async function codeOf(p: Promise<unknown>) {
  try {
    await p;
    return "OK";
  } catch (e) {
    if (e instanceof ApiError) return e.code;
    throw e;
  }
}

describe("calendarMonth (Africa/Bamako = UTC)", () => {
  it("spans the first instant of the month to the first instant of the next", () => {
    expect(calendarMonth(new Date("2026-12-31T23:59:59.999Z"))).toEqual({ start: new Date("2026-12-01T00:00:00Z"), end: new Date("2027-01-01T00:00:00Z"), label: "2026-12" });
    expect(calendarMonth(new Date("2027-01-01T00:00:00Z")).label).toBe("2027-01");
  });
});

describe("assertLiveVolumeAvailable", () => {
  it("allows reaching the 200,000 FCFA cap exactly and refuses 1 FCFA over with 403 PLAN_MONTHLY_VOLUME_EXCEEDED", async () => {
    const { ctx, add } = await setup("pro");
    await add({ amount: 150_000, status: "SUCCESS", createdAt: new Date("2026-11-02T08:00:00Z") });
    expect(await codeOf(assertLiveVolumeAvailable(ctx("live"), 50_000))).toBe("OK");
    const err = await assertLiveVolumeAvailable(ctx("live"), 50_001).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.code).toBe("PLAN_MONTHLY_VOLUME_EXCEEDED");
    expect(err.status).toBe(403);
    expect(err.message).toContain("50000 FCFA left");
  });

  it("applies the same cap to Starter; Business has none", async () => {
    const starter = await setup("starter");
    await starter.add({ amount: 200_000, status: "SUCCESS", createdAt: new Date("2026-11-01T00:00:00Z") });
    expect(await codeOf(assertLiveVolumeAvailable(starter.ctx("live"), 100))).toBe("PLAN_MONTHLY_VOLUME_EXCEEDED");
    const business = await setup("business");
    await business.add({ amount: 5_000_000, status: "SUCCESS", createdAt: new Date("2026-11-01T00:00:00Z") });
    expect(await codeOf(assertLiveVolumeAvailable(business.ctx("live"), 5_000_000))).toBe("OK");
  });

  it("counts what can still be collected: failed, expired, cancelled and lapsed pending payments do not count", async () => {
    const { ctx, add } = await setup();
    for (const status of ["FAILED", "EXPIRED", "CANCELLED"] as const) await add({ amount: 190_000, status, createdAt: new Date("2026-11-03T00:00:00Z") });
    // PENDING past its expires_at and never pushed to the operator: it can no longer be paid.
    await add({ amount: 190_000, status: "PENDING", createdAt: new Date("2026-11-03T00:00:00Z") });
    expect(await committedLiveVolume(db(), ctx("live").merchant.id, NOW)).toEqual({ collected: 0, reserved: 0 });
    expect(await codeOf(assertLiveVolumeAvailable(ctx("live"), 200_000))).toBe("OK");
  });

  it("reserves the amount of a PENDING payment still open, whatever month it was created in", async () => {
    const { ctx, add } = await setup();
    await add({ amount: 60_000, status: "SUCCESS", createdAt: new Date("2026-11-02T00:00:00Z") });
    // Created 5 minutes before NOW (open 10 more), and one from October pushed to the operator and not yet ended.
    await add({ amount: 40_000, status: "PENDING", createdAt: new Date(NOW.getTime() - 5 * 60_000) });
    await add({ amount: 1_000, status: "PENDING", createdAt: new Date("2026-10-31T23:59:00Z") });
    await db().update(payments).set({ initiatedAt: new Date("2026-10-31T23:59:30Z") }).where(eq(payments.amount, 1_000));
    expect(await committedLiveVolume(db(), ctx("live").merchant.id, NOW)).toEqual({ collected: 60_000, reserved: 41_000 });
    expect((await committedLiveVolume(db(), ctx("live").merchant.id, NOW)).collected).toBe(60_000);
    expect(await codeOf(assertLiveVolumeAvailable(ctx("live"), 99_000))).toBe("OK");
    const err = await assertLiveVolumeAvailable(ctx("live"), 99_001).catch((e) => e);
    expect(err.code).toBe("PLAN_MONTHLY_VOLUME_EXCEEDED");
    expect(err.message).toContain("41000 FCFA in pending payments, 99000 FCFA left");
  });

  it("counts the calendar month of collection only: last month's successes do not count, nor next month's", async () => {
    const { ctx, add } = await setup();
    await add({ amount: 150_000, status: "SUCCESS", createdAt: new Date("2026-10-31T23:59:59Z") });
    await add({ amount: 150_000, status: "SUCCESS", createdAt: new Date("2026-12-01T00:00:00Z") });
    // Created in October, paid on 1 November: November's money.
    await add({ amount: 30_000, status: "SUCCESS", createdAt: new Date("2026-10-31T23:58:00Z"), settledAt: new Date("2026-11-01T00:01:00Z") });
    await add({ amount: 20_000, status: "SUCCESS", createdAt: new Date("2026-11-30T23:59:59Z") });
    expect((await committedLiveVolume(db(), ctx("live").merchant.id, NOW)).collected).toBe(50_000);
    expect(await codeOf(assertLiveVolumeAvailable(ctx("live"), 150_000))).toBe("OK");
    expect(await codeOf(assertLiveVolumeAvailable(ctx("live"), 150_001))).toBe("PLAN_MONTHLY_VOLUME_EXCEEDED");
    // A new month starts from zero.
    expect(await codeOf(assertLiveVolumeAvailable(ctx("live", new Date("2027-01-01T00:00:00Z")), 200_000))).toBe("OK");
  });

  it("never gates test keys, and test-mode payments never count toward the cap", async () => {
    const { ctx, add } = await setup();
    await add({ amount: 5_000_000, status: "SUCCESS", mode: "test", createdAt: new Date("2026-11-05T00:00:00Z") });
    expect((await committedLiveVolume(db(), ctx("live").merchant.id, NOW)).collected).toBe(0);
    expect(await codeOf(assertLiveVolumeAvailable(ctx("test"), 5_000_000))).toBe("OK");
    await add({ amount: 200_000, status: "SUCCESS", createdAt: new Date("2026-11-05T00:00:00Z") });
    expect(await codeOf(assertLiveVolumeAvailable(ctx("test"), 5_000_000))).toBe("OK");
    expect(await codeOf(assertLiveVolumeAvailable(ctx("live"), 1))).toBe("PLAN_MONTHLY_VOLUME_EXCEEDED");
  });

  it("counts only this merchant's payments", async () => {
    const a = await setup();
    const b = await setup();
    await a.add({ amount: 200_000, status: "SUCCESS", createdAt: new Date("2026-11-05T00:00:00Z") });
    expect(await codeOf(assertLiveVolumeAvailable(b.ctx("live"), 200_000))).toBe("OK");
  });
});
