import { defineOperation } from "@/lib/core/operation";
import type { Merchant } from "@/db/schema";
import { advanceTestClock, merchantNow } from "@/lib/clock";
import type { DomainContext } from "@/lib/context";
import type { DueWork } from "@/lib/core/job-scope";

// Apart from sandbox.ts so that pages (the checkout's test buttons) do not pull in every job.
export const sandboxClock = (merchant: Pick<Merchant, "testClockOffsetSeconds">) => ({
  now: merchantNow(merchant, "test").toISOString(),
  offset_seconds: Number(merchant.testClockOffsetSeconds),
});

/**
 * POST /v1/sandbox/clock/advance: moves the merchant's test clock forward (never back), then runs
 * the merchant's due background work (expiry, billing, deadlines) before answering, so what the
 * new time implies has already happened when the call returns. Live mode is never affected.
 *
 * Own transactions: the due work each step runs (expiry, billing, deadlines) commits piece by piece, as the jobs would.
 */
export const advanceSandboxClock = defineOperation({ transaction: "own" }, async function advanceSandboxClock(ctx: DomainContext, seconds: number, dueWork: DueWork) {
  const merchant = await advanceTestClock(ctx.db, ctx.merchant.id, seconds);
  await dueWork(ctx.db, { merchantId: ctx.merchant.id });
  return sandboxClock(merchant);
});
