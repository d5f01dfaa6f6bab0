import { cron, eventType } from "inngest";
import { z } from "zod";
import { db } from "@/db/client";
import { deliverOnce, dispatchEvents, overdueDeliveries } from "@/lib/webhooks/deliver";
import type { HandOff } from "@/lib/jobs/registry";
import { cronSchedule } from "@/lib/jobs/schedule";
import { RETRY_SCHEDULE_MS } from "@/lib/webhooks/policy";
import { inngest } from "../client";

/** One event per delivery to send; the function run is that delivery's whole life. */
export const webhookDeliveryDue = eventType("cauri/webhook.delivery.due", { schema: z.object({ delivery_id: z.string().min(1) }) });

// Automatic attempts, plus room for runs that wake to find the row moved (a manual re-send, a
// sandbox clock advance, a claim held by the embedded worker): the row decides, never the run.
const MAX_ROUNDS = RETRY_SCHEDULE_MS.length * 2 + 2;
// Waits while the endpoint has its attempts in flight already (deliverOnce `busy`): doubling from
// 1 s to a minute, and at most so many of them (2 steps each, well within a run's step limit);
// past that the run ends and the sweep hands the delivery out again once it is overdue.
const BUSY_WAIT_MS = [1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000];
const MAX_BUSY_ROUNDS = 300;

/**
 * Delivers one webhook: each attempt is a step calling lib/webhooks `deliverOnce` (claim if
 * due, sign, POST, record), and the wait until the next attempt is a durable sleep until the
 * time the row says. The database row stays the truth for status and attempts, so a run that
 * is retried, duplicated or replaced sends nothing twice for the same attempt. The per-endpoint
 * bound on attempts in flight (lib/webhooks/deliver.ts claimDue) holds here too: a due delivery
 * whose endpoint is busy is not claimed, and the run waits a little and tries again.
 */
export const deliverWebhook = inngest.createFunction(
  { id: "deliver-webhook", triggers: [webhookDeliveryDue], retries: 3, concurrency: { limit: 50 } },
  async ({ event, step }) => {
    const deliveryId = event.data.delivery_id;
    let busyRounds = 0;
    for (let round = 1; round - busyRounds <= MAX_ROUNDS && busyRounds <= MAX_BUSY_ROUNDS; round++) {
      const outcome = await step.run(`attempt-${round}`, () => deliverOnce(db(), deliveryId));
      if (outcome.status !== "PENDING" || !outcome.wakeAt) return { delivery_id: deliveryId, status: outcome.status };
      if (outcome.busy) {
        const waitMs = BUSY_WAIT_MS[Math.min(busyRounds, BUSY_WAIT_MS.length - 1)];
        busyRounds++;
        await step.sleep(`busy-${round}`, waitMs);
        continue;
      }
      busyRounds = 0;
      await step.sleepUntil(`wait-${round}`, new Date(outcome.wakeAt));
    }
    return { delivery_id: deliveryId, status: "PENDING" as const };
  },
);

/**
 * Hands deliveries to Inngest, one run each. The event id (`dedupe`) makes a repeated hand-off
 * of the same delivery a no-op for Inngest's 24-hour de-duplication window.
 */
export async function enqueueDeliveries(items: { id: string; dedupe: string }[]): Promise<void> {
  if (items.length === 0) return;
  await inngest.send(items.map((d) => webhookDeliveryDue.create({ delivery_id: d.id }, { id: d.dedupe })));
}

/** What the app process's workers hand to Inngest, by worker name (lib/jobs/registry.ts): new deliveries, one run each. */
export const inngestHandOffs: Record<string, HandOff> = {
  "webhook-delivery": (ids) => enqueueDeliveries(ids.map((id) => ({ id, dedupe: `${id}-new` }))),
};

/**
 * At the cadence of the `webhook-delivery` job (lib/jobs/registry.ts, handed in): fans out any event the app processes did not (a crash between commit and
 * fan-out), and hands out again deliveries overdue by more than a minute (a run that was lost).
 */
export const sweepWebhooks = (everySeconds: number) => inngest.createFunction({ id: "sweep-webhooks", triggers: [cron(cronSchedule(everySeconds).cron)] }, async ({ step }) => {
  const created = await step.run("fan-out", async () => {
    const ids: string[] = [];
    for (;;) {
      const { events, deliveries } = await dispatchEvents(db());
      ids.push(...deliveries);
      if (events === 0) return ids;
    }
  });
  const overdue = await step.run("find-overdue", () => overdueDeliveries(db(), 60_000));
  if (created.length || overdue.length) {
    await step.run("enqueue", () => {
      // A lost run is replaced at most every 10 minutes per delivery and attempt.
      const bucket = Math.floor(Date.now() / 600_000);
      return enqueueDeliveries([
        ...created.map((id) => ({ id, dedupe: `${id}-new` })),
        ...overdue.filter((d) => !created.includes(d.id)).map((d) => ({ id: d.id, dedupe: `${d.id}-${d.attemptCount}-${bucket}` })),
      ]);
    });
  }
  return { fanned_out: created.length, overdue: overdue.length };
});
