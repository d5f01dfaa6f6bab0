import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as createPayment } from "@/app/v1/payments/route";
import { GET as getPayment } from "@/app/v1/payments/[id]/route";
import { POST as confirm } from "@/app/v1/payments/[id]/confirm/route";
import { POST as reconcile } from "@/app/v1/payments/[id]/reconcile/route";
import { GET as clock } from "@/app/v1/sandbox/clock/route";
import { POST as advance } from "@/app/v1/sandbox/clock/advance/route";
import { db } from "@/db/client";
import { events, journals } from "@/db/schema";
import { sandboxScenarios, type SandboxScenario } from "@/lib/operator/scenarios";
import { listLateCollections } from "@/lib/payments/late-collection-staff";
import { call } from "@/tests/support/http";
import { newLiveMerchant, newMerchant } from "@/tests/support/merchant";
import { expectMatchesOpenApi } from "@/tests/support/openapi";
import { GET as scenarios } from "./route";

let seq = 0;
let ip = 0;
const eventsOf = async (id: string) => (await db().select().from(events).where(eq(events.objectId, id)).orderBy(asc(events.createdAt), asc(events.id))).map((e) => e.type);
const journalsOf = async (id: string) => (await db().select().from(journals).where(and(eq(journals.refType, "payment"), eq(journals.refId, id)))).map((j) => j.kind).sort();

/** A merchant's test payment for a scenario's number, confirmed by the customer on the checkout. */
async function confirmed(phone: string) {
  const m = await newMerchant();
  const created = await call(createPayment, "POST", "/v1/payments", {
    key: m.testKey,
    idempotencyKey: `scenario-${++seq}-${Date.now()}`,
    body: { amount: 5_000, payment_method: "OPERATOR_MONEY", customer_phone: phone, return_url: "http://localhost:4242/success" },
  });
  expect(created.status).toBe(201);
  const id: string = created.body.data.id;
  // Each confirmation from its own client address: the checkout's per-IP limit stays out of the way.
  const answer = await call(confirm, "POST", `/v1/payments/${id}/confirm`, { params: { id }, body: { customer_phone: phone }, headers: { "x-forwarded-for": `10.31.${Math.floor(++ip / 250)}.${ip % 250}` } });
  expect(answer.status).toBe(200);
  return { m, id, checkout: answer.body.data };
}

const paymentOf = async (key: string, id: string) => (await call(getPayment, "GET", `/v1/payments/${id}`, { key, params: { id } })).body.data;
const merchantNow = async (key: string) => new Date((await call(clock, "GET", "/v1/sandbox/clock", { key })).body.data.now).getTime();
const advanceBy = async (key: string, seconds: number) => {
  const res = await call(advance, "POST", "/v1/sandbox/clock/advance", { key, body: { seconds } });
  expect(res.status).toBe(200);
};
/** Moves the clock to `offsetSeconds` from `target` (negative: before it); does nothing if the clock is already there. */
const advanceTo = async (key: string, target: number, offsetSeconds: number) => {
  const seconds = Math.ceil((target - (await merchantNow(key))) / 1000) + offsetSeconds;
  if (seconds >= 1) await advanceBy(key, seconds);
};

describe("GET /v1/sandbox/scenarios", () => {
  it("lists the test numbers with what each does, step by step, to test keys only", async () => {
    const m = await newLiveMerchant();
    const res = await call(scenarios, "GET", "/v1/sandbox/scenarios", { key: m.testKey });
    expect(res.status).toBe(200);
    expect(res.body.data.map((s: SandboxScenario) => [s.name, s.phone])).toEqual([
      ["approved", "+22370000001"],
      ["declined", "+22370000002"],
      ["insufficient_balance", "+22370000004"],
      ["wrong_pin", "+22370000005"],
      ["no_answer", "+22370000003"],
      ["operator_unavailable", "+22370000006"],
      ["timeout_then_approved", "+22370000007"],
      ["no_callback", "+22370000008"],
      ["approved_after_expiry", "+22370000012"],
      ["duplicate_callback", "+22370000013"],
    ]);
    expectMatchesOpenApi("GET", "/v1/sandbox/scenarios", 200, res.body);
    expect((await call(scenarios, "GET", "/v1/sandbox/scenarios", { key: m.liveKey })).status).toBe(403);
  });

  it("gives each scenario its own number, and derives status_after_confirm, final_status and events from the timeline", () => {
    const all = sandboxScenarios();
    expect(new Set(all.map((s) => s.phone)).size).toBe(all.length);
    for (const s of all) {
      expect(s.timeline[0].at).toBe("confirm");
      expect(s.status_after_confirm).toBe(s.timeline[0].status);
      expect(s.final_status).toBe(s.timeline[s.timeline.length - 1].status);
      expect(s.events).toEqual(s.timeline.flatMap((t) => t.events));
    }
  });
});

describe("each scenario, walked through the checkout and the test clock", () => {
  for (const scenario of sandboxScenarios()) {
    it(`${scenario.name} (${scenario.phone}): ${scenario.timeline.map((t) => `${t.at}${t.seconds ? ` ${t.seconds}s` : ""} → ${t.status}`).join(", ")}`, async () => {
      const { m, id, checkout } = await confirmed(scenario.phone);
      // What the customer sees on the checkout and the merchant through the API.
      expect(checkout.status).toBe(scenario.status_after_confirm);
      const first = await paymentOf(m.testKey, id);
      expect([first.status, first.status_reason]).toEqual([scenario.status_after_confirm, scenario.status_reason]);
      const expected = [...scenario.timeline[0].events];
      expect(await eventsOf(id)).toEqual(expected);

      let previous = first;
      for (const step of scenario.timeline.slice(1)) {
        // The step is keyed to the test clock: 5 s before it nothing has happened yet, at its time it has.
        const target = step.at === "after_push" ? new Date(previous.updated_at).getTime() : new Date(first.expires_at).getTime();
        await advanceTo(m.testKey, target + step.seconds * 1000, -5);
        expect((await paymentOf(m.testKey, id)).status, `5 s before ${step.at} ${step.seconds}s`).toBe(previous.status);
        expect(await eventsOf(id)).toEqual(expected);
        await advanceTo(m.testKey, target + step.seconds * 1000, 1);
        expected.push(...step.events);
        const now = await paymentOf(m.testKey, id);
        expect(now.status, `${step.at} ${step.seconds}s`).toBe(step.status);
        expect(now.late_collection?.status ?? null).toBe(step.late_collection);
        expect(await eventsOf(id)).toEqual(expected);
        previous = now;
      }

      // Time passing further delivers nothing twice.
      await advanceBy(m.testKey, 86_400);
      const end = await paymentOf(m.testKey, id);
      expect(end.status).toBe(scenario.final_status);
      expect(await eventsOf(id)).toEqual(scenario.events);
      const late = scenario.timeline.some((t) => t.late_collection === "OPEN");
      expect(await journalsOf(id)).toEqual([...(end.status === "SUCCESS" ? ["payment.collected"] : []), ...(late ? ["payment.late_collected"] : [])]);
      // The late collection is in the ops console's queue, as the operator's own late callback puts it there.
      const queue = await listLateCollections(db(), { merchantId: m.merchant.id });
      expect(queue.map((l) => [l.payment_id, l.status, l.payment_status, l.amount])).toEqual(late ? [[id, "OPEN", "EXPIRED", 5_000]] : []);
      if (late) expect(end.late_collection).toMatchObject({ id: queue[0].id, status: "OPEN", amount: 5_000, provider_ref: `SIM-${id}` });
    });
  }
});

describe("the delayed scenarios' other paths", () => {
  it("no_callback reconciled before the automatic check: settled at once, and the check finds nothing more to do", async () => {
    const { m, id } = await confirmed("+22370000008");
    const res = await call(reconcile, "POST", `/v1/payments/${id}/reconcile`, { key: m.testKey, params: { id } });
    expect(res.body.data).toMatchObject({ previous_status: "PENDING", new_status: "SUCCESS", action: "settled" });
    await advanceBy(m.testKey, 600);
    expect(await eventsOf(id)).toEqual(["payment.success"]);
  });

  it("timeout_then_approved: a confirmation again on the checkout pushes again, and the approval comes after the latest push", async () => {
    const { m, id } = await confirmed("+22370000007");
    await advanceBy(m.testKey, 60);
    const again = await call(confirm, "POST", `/v1/payments/${id}/confirm`, { params: { id }, body: { customer_phone: "+22370000007" }, headers: { "x-forwarded-for": "10.32.0.1" } });
    expect(again.body.data.status).toBe("PENDING");
    await advanceBy(m.testKey, 90);
    expect((await paymentOf(m.testKey, id)).status).toBe("PENDING");
    await advanceBy(m.testKey, 31);
    expect((await paymentOf(m.testKey, id)).status).toBe("SUCCESS");
    expect(await eventsOf(id)).toEqual(["payment.success"]);
  });

  it("a callback due before expires_at wins when one jump of the clock passes both: SUCCESS, no expiry", async () => {
    const { m, id } = await confirmed("+22370000013");
    const { expires_at } = await paymentOf(m.testKey, id);
    await advanceTo(m.testKey, new Date(expires_at).getTime(), 3_600);
    expect((await paymentOf(m.testKey, id)).status).toBe("SUCCESS");
    expect(await eventsOf(id)).toEqual(["payment.success"]);
  });

  it("timeout_then_approved pushed close to expires_at: the approval comes after the expiry, a late collection", async () => {
    const m = await newMerchant();
    const created = await call(createPayment, "POST", "/v1/payments", {
      key: m.testKey,
      idempotencyKey: `scenario-late-push-${Date.now()}`,
      body: { amount: 5_000, payment_method: "OPERATOR_MONEY", customer_phone: "+22370000007", return_url: "http://localhost:4242/success" },
    });
    const id = created.body.data.id;
    await advanceTo(m.testKey, new Date(created.body.data.expires_at).getTime(), -60);
    const pushed = await call(confirm, "POST", `/v1/payments/${id}/confirm`, { params: { id }, body: { customer_phone: "+22370000007" }, headers: { "x-forwarded-for": "10.32.0.2" } });
    expect(pushed.body.data.status).toBe("PENDING");
    await advanceBy(m.testKey, 121);
    const end = await paymentOf(m.testKey, id);
    expect([end.status, end.late_collection?.status]).toEqual(["EXPIRED", "OPEN"]);
    expect(await eventsOf(id)).toEqual(["payment.expired", "payment.late_success"]);
  });

  it("approved_after_expiry: a customer who never confirmed gets no approval (nothing was pushed)", async () => {
    const m = await newMerchant();
    const created = await call(createPayment, "POST", "/v1/payments", {
      key: m.testKey,
      idempotencyKey: `scenario-unpushed-${Date.now()}`,
      body: { amount: 5_000, payment_method: "OPERATOR_MONEY", customer_phone: "+22370000012", return_url: "http://localhost:4242/success" },
    });
    const id = created.body.data.id;
    await advanceBy(m.testKey, 86_400);
    expect((await paymentOf(m.testKey, id)).late_collection).toBeNull();
    expect(await eventsOf(id)).toEqual(["payment.expired"]);
  });
});
