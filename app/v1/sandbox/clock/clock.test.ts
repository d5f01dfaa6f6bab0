import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as create } from "@/app/v1/payments/route";
import { GET as getOne } from "@/app/v1/payments/[id]/route";
import { GET as clock } from "@/app/v1/sandbox/clock/route";
import { POST as advance } from "@/app/v1/sandbox/clock/advance/route";
import { db } from "@/db/client";
import { events, payments } from "@/db/schema";
import { expireDuePayments } from "@/lib/payments/expire";
import { call } from "@/tests/support/http";
import { newLiveMerchant, newMerchant } from "@/tests/support/merchant";

const valid = { amount: 10_000, payment_method: "OPERATOR_MONEY", customer_phone: "+22370000009", return_url: "https://shop.example.ml/merci" };
let seq = 0;
const createVia = (key: string) => call(create, "POST", "/v1/payments", { key, body: valid, idempotencyKey: `clk-${++seq}` });
const adv = (key: string, body: unknown) => call(advance, "POST", "/v1/sandbox/clock/advance", { key, body });
const statusOf = async (id: string) => (await db().select().from(payments).where(eq(payments.id, id)))[0].status;
const eventsOf = async (id: string) => (await db().select().from(events).where(eq(events.objectId, id))).map((e) => e.type);

describe("sandbox clock", () => {
  it("starts at real time with offset 0", async () => {
    const m = await newMerchant();
    const res = await call(clock, "GET", "/v1/sandbox/clock", { key: m.testKey });
    expect(res.body.data.offset_seconds).toBe(0);
    expect(Math.abs(new Date(res.body.data.now).getTime() - Date.now())).toBeLessThan(5_000);
  });

  it("moves forward and runs the merchant's due expiry before answering, with the event exactly once", async () => {
    const m = await newMerchant();
    const other = await newMerchant();
    const id = (await createVia(m.testKey)).body.data.id;
    const untouched = (await createVia(other.testKey)).body.data.id;

    // A minute short of the 15-minute lifetime (real time keeps running on a loaded machine).
    const a = await adv(m.testKey, { seconds: 840 });
    expect(a.status).toBe(200);
    expect(a.body.data.offset_seconds).toBe(840);
    expect(await statusOf(id)).toBe("PENDING");

    const b = await adv(m.testKey, { seconds: 60 });
    expect(b.body.data.offset_seconds).toBe(900);
    expect(new Date(b.body.data.now).getTime() - Date.now()).toBeGreaterThan(899_000);
    // Expired by the job the advance ran (not by a read): the row says so before anyone reads it.
    expect(await statusOf(id)).toBe("EXPIRED");
    expect(await eventsOf(id)).toEqual(["payment.expired"]);

    // Reads, another advance and the global sweep add nothing.
    expect((await call(getOne, "GET", `/v1/payments/${id}`, { params: { id } })).body.data.status).toBe("EXPIRED");
    await adv(m.testKey, { seconds: 60 });
    await expireDuePayments(db());
    expect(await eventsOf(id)).toEqual(["payment.expired"]);
    // Another merchant's clock and payments were not touched.
    expect(await statusOf(untouched)).toBe("PENDING");
    expect((await call(clock, "GET", "/v1/sandbox/clock", { key: other.testKey })).body.data.offset_seconds).toBe(0);
    expect((await call(clock, "GET", "/v1/sandbox/clock", { key: m.testKey })).body.data.offset_seconds).toBe(960);
  });

  it("does not change live time: a live payment is not expired by the test clock", async () => {
    const m = await newLiveMerchant();
    const live = (await call(create, "POST", "/v1/payments", { key: m.liveKey, body: valid, idempotencyKey: "live-1" })).body.data.id;
    await adv(m.testKey, { seconds: 3600 });
    expect(await statusOf(live)).toBe("PENDING");
    expect((await call(getOne, "GET", `/v1/payments/${live}`, { params: { id: live } })).body.data.status).toBe("PENDING");
  });

  it("accepts 1 and 31,536,000 seconds and refuses 0, 31,536,001, fractions and strings", async () => {
    const m = await newMerchant();
    expect((await adv(m.testKey, { seconds: 1 })).status).toBe(200);
    expect((await adv(m.testKey, { seconds: 31_536_000 })).body.data.offset_seconds).toBe(31_536_001);
    for (const seconds of [0, -5, 31_536_001, 1.5, "60", undefined]) {
      const res = await adv(m.testKey, { seconds });
      expect([res.status, res.body.error.code]).toEqual([400, "INVALID_CLOCK_ADVANCE"]);
    }
    expect((await call(clock, "GET", "/v1/sandbox/clock", { key: m.testKey })).body.data.offset_seconds).toBe(31_536_001);
  });

  it("is for test keys only", async () => {
    const m = await newLiveMerchant();
    expect((await adv(m.liveKey, { seconds: 10 })).body.error.code).toBe("TEST_MODE_ONLY");
    expect((await call(clock, "GET", "/v1/sandbox/clock", { key: m.liveKey })).status).toBe(403);
    expect((await call(clock, "GET", "/v1/sandbox/clock")).status).toBe(401);
  });
});
