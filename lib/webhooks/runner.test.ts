import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { webhookDeliveries } from "@/db/schema";
import { advanceTestClock } from "@/lib/clock";
import { jobs, runDueWork, workers } from "@/lib/jobs/registry";
import { startEmbeddedRunner } from "@/lib/jobs/runner";
import { emitTestEvent, endpointFor, merchantContext, startReceiver, waitFor } from "./test-support";
import { eventResource } from "./body";

const closers: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

describe("background registration", () => {
  it("registers the delivery worker and a webhook job that runs after the others", () => {
    expect(workers.map((w) => w.name)).toContain("webhook-delivery");
    expect(jobs.at(-1)!.id).toBe("webhook-delivery");
  });

  // How soon it delivers is bench/webhooks.ts's to measure: on a loaded machine any bound here
  // is a flake, not a finding. This proves the runner delivers, unasked, and signs what it sends.
  it("the embedded runner, as instrumentation.ts starts it, delivers a committed event on its own", async () => {
    const r = await startReceiver();
    closers.push(r.close);
    const m = await merchantContext();
    const endpoint = await endpointFor(m.ctx, r.url);
    const stop = startEmbeddedRunner(db, { jobs, workers });
    closers.push(stop);
    const event = await emitTestEvent({ merchantId: m.merchant.id, applicationId: m.applicationId });
    // Nothing but the runner sends it: no runDueWork here.
    const got = await waitFor(() => r.received[0], 20_000);
    expect(new Webhook(endpoint.secret).verify(got.body, got.headers)).toEqual(eventResource(event));
    expect(r.received).toHaveLength(1);
  });

  it("runDueWork (the sandbox clock advance) sends the merchant's due retries before it returns", async () => {
    const r = await startReceiver((n) => ({ status: n === 1 ? 500 : 200 }));
    closers.push(r.close);
    const m = await merchantContext();
    await endpointFor(m.ctx, r.url);
    const event = await emitTestEvent({ merchantId: m.merchant.id, applicationId: m.applicationId });
    await runDueWork(db(), { merchantId: m.merchant.id });
    expect(r.received).toHaveLength(1);
    // The retry is 5 s away on the merchant's clock: nothing now; after a 5 s advance, sent.
    await runDueWork(db(), { merchantId: m.merchant.id });
    expect(r.received).toHaveLength(1);
    await advanceTestClock(db(), m.merchant.id, 5);
    await runDueWork(db(), { merchantId: m.merchant.id });
    expect(r.received).toHaveLength(2);
    const [row] = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, event.id));
    expect(row).toMatchObject({ status: "SUCCESS", attemptCount: 2 });
  });
});
