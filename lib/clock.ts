import { eq, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { merchants, type Merchant, type Mode } from "@/db/schema";
import { authChanged } from "@/lib/platform/auth-changed";

/** Real time. The only place that reads the wall clock, so the test clock can be applied everywhere. */
export const systemNow = (): Date => new Date();

/** The merchant's time in a mode: live mode is real time; test mode adds the sandbox clock offset. */
export function merchantNow(merchant: Pick<Merchant, "testClockOffsetSeconds">, mode: Mode, real: Date = systemNow()): Date {
  if (mode === "live") return real;
  return new Date(real.getTime() + merchant.testClockOffsetSeconds * 1000);
}

/** SQL for "now" in a merchant's mode, for sweeps that compare many rows against their own clock. */
export const merchantNowSql = (offsetColumn = sql.raw("merchants.test_clock_offset_seconds"), modeColumn = sql.raw("mode")) =>
  sql`(now() + case when ${modeColumn} = 'test' then ${offsetColumn} * interval '1 second' else interval '0' end)`;

export async function advanceTestClock(db: Database, merchantId: string, seconds: number): Promise<Merchant> {
  const [row] = await db
    .update(merchants)
    .set({ testClockOffsetSeconds: sql`${merchants.testClockOffsetSeconds} + ${seconds}`, updatedAt: systemNow() })
    .where(eq(merchants.id, merchantId))
    .returning();
  // API keys carry their merchant's clock through the key cache.
  await authChanged(db, merchantId);
  return row;
}
