import { and, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, observeQueries } from "@/db/client";
import { customers, events, payments } from "@/db/schema";
import { advanceTestClock } from "@/lib/clock";
import { newId } from "@/lib/ids";
import { startOrderPayment } from "@/lib/secure-orders/pay";
import { createdOrder, orderRow, soMerchant } from "@/app/v1/secure-orders/test-support";
import { newMerchant } from "@/tests/support/merchant";
import { EXPIRED_REASON, EXPIRY_BATCH, expireDuePayments } from "./expire";
import { settlePayment } from "./settle";

type TestMerchant = Awaited<ReturnType<typeof newMerchant>>;

/** `n` PENDING direct payments of `m`, due `dueSecondsAgo` ago (negative: not due yet), straight into the table. */
async function pending(m: TestMerchant, n: number, dueSecondsAgo: number, phone = (i: number) => `+2237${String(i).padStart(7, "0")}`, name = (i: number) => `Client ${i}`) {
  const now = Date.now();
  const rows = Array.from({ length: n }, (_, i) => ({
    id: newId("txn"),
    merchantId: m.merchant.id,
    applicationId: m.applicationId,
    mode: "test" as const,
    status: "PENDING" as const,
    amount: 1_000 + i,
    customerPhone: phone(i),
    customerName: name(i),
    feeTotal: 25,
    adapter: "simulator" as const,
    gatewayUsed: "service_simulator",
    routingReason: "test",
    expiresAt: new Date(now - dueSecondsAgo * 1000),
    createdAt: new Date(now - 3_600_000),
    updatedAt: new Date(now - 3_600_000),
  }));
  await db().insert(payments).values(rows);
  return rows.map((r) => r.id);
}

const statuses = async (ids: string[]) => (await db().select({ status: payments.status }).from(payments).where(inArray(payments.id, ids))).map((r) => r.status);
const expiredEvents = async (ids: string[]) =>
  db().select().from(events).where(and(inArray(events.objectId, ids), eq(events.type, "payment.expired")));

/** Sweeps `m`'s payments until a pass finds nothing, returning each pass's count. */
async function sweepAll(m: TestMerchant) {
  const passes: number[] = [];
  for (let n = await expireDuePayments(db(), { merchantId: m.merchant.id }); n > 0; n = await expireDuePayments(db(), { merchantId: m.merchant.id })) passes.push(n);
  return passes;
}

describe("the expiry sweep, a batch per transaction", () => {
  it("expires EXPIRY_BATCH payments per pass (one more waits for the next pass), each with one payment.expired carrying the resource", async () => {
    const m = await newMerchant();
    const due = await pending(m, EXPIRY_BATCH + 1, 60);
    const notYet = await pending(m, 3, -600);
    expect(await sweepAll(m)).toEqual([EXPIRY_BATCH, 1]);
    expect(new Set(await statuses(due))).toEqual(new Set(["EXPIRED"]));
    expect(await statuses(notYet)).toEqual(["PENDING", "PENDING", "PENDING"]);
    const sent = await expiredEvents(due);
    expect(sent).toHaveLength(EXPIRY_BATCH + 1);
    expect(new Set(sent.map((e) => e.objectId)).size).toBe(EXPIRY_BATCH + 1);
    const [row] = await db().select().from(payments).where(eq(payments.id, due[0]));
    const event = sent.find((e) => e.objectId === due[0])!;
    expect(event.payload.data.object).toMatchObject({ id: due[0], status: "EXPIRED", status_reason: EXPIRED_REASON });
    expect(event.payload.timestamp).toBe(row.settledAt!.toISOString());
    expect(Math.abs(row.settledAt!.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it("a pass costs the same few statements for 1 direct payment as for 300: claim, expire, events, customers", async () => {
    const statementsFor = async (n: number) => {
      const m = await newMerchant();
      await pending(m, n, 60);
      const seen: string[] = [];
      observeQueries((query) => seen.push(query));
      try {
        expect(await expireDuePayments(db(), { merchantId: m.merchant.id })).toBe(n);
      } finally {
        observeQueries(null);
      }
      return seen.length;
    };
    const one = await statementsFor(1);
    expect(one).toBeLessThanOrEqual(4);
    expect(await statementsFor(300)).toBe(one);
  });

  it("settles each payment on its own merchant's clock: a test clock an hour ahead expires its payments at that hour", async () => {
    const ahead = await newMerchant();
    await advanceTestClock(db(), ahead.merchant.id, 3_600);
    const [id] = await pending(ahead, 1, -600);
    expect(await expireDuePayments(db(), { merchantId: ahead.merchant.id })).toBe(1);
    const [row] = await db().select().from(payments).where(eq(payments.id, id));
    expect(row.status).toBe("EXPIRED");
    expect(row.settledAt!.getTime() - Date.now()).toBeGreaterThan(3_500_000);
  });

  it("makes one customer per phone in a batch, with the name given last, however many payments share it", async () => {
    const m = await newMerchant();
    const phone = "+22376000001";
    const ids = await pending(m, 4, 60, () => phone, (i) => (i === 3 ? "Awa Traoré" : `Awa ${i}`));
    // The newest payment (the last in expiry order) gives the name.
    await db().update(payments).set({ expiresAt: sql`${payments.expiresAt} - interval '1 minute'` }).where(inArray(payments.id, ids.slice(0, 3)));
    expect(await expireDuePayments(db(), { merchantId: m.merchant.id })).toBe(4);
    const found = await db().select().from(customers).where(and(eq(customers.merchantId, m.merchant.id), eq(customers.phone, phone)));
    expect(found).toHaveLength(1);
    expect(found[0].name).toBe("Awa Traoré");
  });

  it("two sweeps at once expire each payment once, with one event each", async () => {
    const m = await newMerchant();
    const due = await pending(m, 300, 60);
    const counts = await Promise.all([
      expireDuePayments(db(), { merchantId: m.merchant.id }),
      expireDuePayments(db(), { merchantId: m.merchant.id }),
      expireDuePayments(db(), { merchantId: m.merchant.id }),
    ]);
    const more = await sweepAll(m);
    expect(counts.reduce((a, b) => a + b, 0) + more.reduce((a, b) => a + b, 0)).toBe(300);
    expect(await expiredEvents(due)).toHaveLength(300);
  });

  it("a sweep racing an operator's SUCCESS: the payment ends once, either way; a SUCCESS that lost is a late collection, never dropped", async () => {
    const m = await newMerchant();
    const due = await pending(m, 50, 60);
    const results = await Promise.all([
      expireDuePayments(db(), { merchantId: m.merchant.id }),
      ...due.slice(0, 10).map((id) => settlePayment(db(), id, { status: "SUCCESS", providerRef: `op-${id}` }, { source: "operator" })),
    ]);
    const swept = results[0] as number;
    const settled = results.slice(1) as Awaited<ReturnType<typeof settlePayment>>[];
    const rows = await db().select().from(payments).where(inArray(payments.id, due));
    const byStatus = (s: string) => rows.filter((r) => r.status === s).length;
    expect(byStatus("EXPIRED")).toBe(swept + (await sweepAll(m)).reduce((a, b) => a + b, 0));
    expect(byStatus("SUCCESS") + byStatus("EXPIRED")).toBe(50);
    const sent = await db().select().from(events).where(inArray(events.objectId, due));
    for (const r of rows) {
      const types = sent.filter((e) => e.objectId === r.id).map((e) => e.type);
      const late = settled.find((s) => s.payment.id === r.id)?.late;
      if (r.status === "SUCCESS") expect(types).toEqual(["payment.success"]);
      else expect(types.filter((t) => t === "payment.expired")).toHaveLength(1);
      expect(types).toHaveLength(late ? 2 : 1);
    }
    // Each of the ten SUCCESS reports is either the payment's outcome or a late collection.
    expect(settled.filter((s) => s.changed || s.late?.created)).toHaveLength(10);
  });

  it("tells a secure order its payment expired (its purpose hook runs in the batch), and the order stays payable", async () => {
    const m = await soMerchant();
    const order = await createdOrder(m.testKey);
    const { payment } = await startOrderPayment(db(), { by: "id", id: order.id, merchantId: m.merchant.id, mode: "test" }, "api");
    await db().update(payments).set({ expiresAt: new Date(Date.now() - 60_000) }).where(eq(payments.id, payment.id));
    await pending(m, 5, 60);
    expect(await expireDuePayments(db(), { merchantId: m.merchant.id })).toBe(6);
    expect(await orderRow(order.id)).toMatchObject({ status: "CREATED", paymentStatus: "EXPIRED" });
  });
});
