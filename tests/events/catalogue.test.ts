import { eq } from "drizzle-orm";
import { describe, expect, expectTypeOf, it } from "vitest";
import { GET as eventTypes } from "@/app/v1/webhook-event-types/route";
import { db } from "@/db/client";
import { events } from "@/db/schema";
import { emitEvent, type EmitInput } from "@/lib/events/emit";
import { EVENT_TYPES, type EventType } from "@/lib/webhooks/event-types";
import { call } from "@/tests/support/http";
import { newMerchant } from "@/tests/support/merchant";

const inputFor = (m: Awaited<ReturnType<typeof newMerchant>>, objectId: string) => ({
  merchantId: m.merchant.id,
  applicationId: m.applicationId,
  mode: "test" as const,
  object: { id: objectId },
  at: new Date(),
});

describe("emitEvent", () => {
  it("takes its type from the catalogue: a misspelt type neither compiles nor reaches the outbox", async () => {
    expectTypeOf<EmitInput["type"]>().toEqualTypeOf<EventType>();
    const m = await newMerchant();
    // @ts-expect-error "payment.sucess" is not in the catalogue (lib/webhooks/event-types.ts).
    await expect(emitEvent(db(), { ...inputFor(m, "txn_typo"), type: "payment.sucess" })).rejects.toThrow("event type payment.sucess is not in the catalogue");
    expect(await db().select().from(events).where(eq(events.merchantId, m.merchant.id))).toEqual([]);
  });

  it("writes every catalogued type, and each type written is one GET /v1/webhook-event-types lists", async () => {
    const m = await newMerchant();
    for (const type of EVENT_TYPES) await emitEvent(db(), { ...inputFor(m, `obj_${type}`), type });
    const written = await db().select({ type: events.type }).from(events).where(eq(events.merchantId, m.merchant.id)).orderBy(events.id);
    const res = await call(eventTypes, "GET", "/v1/webhook-event-types", { key: m.testKey });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const listed = res.body.data.map((e: { type: string }) => e.type);
    expect(written.map((r) => r.type)).toEqual(listed);
  });
});
