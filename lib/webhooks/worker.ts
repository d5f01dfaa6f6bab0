import type { Database } from "@/db/client";
import { onEventsCommitted } from "@/lib/events/notify";
import { log } from "@/lib/log";
import { describeError } from "./errors";
import { claimDue, claimTerms, dispatchEvents, prepareClaimed } from "./deliver";
import { defaultPolicy, WORKER_CAPACITY, type DeliveryPolicy } from "./policy";

export type WorkerOptions = {
  policy?: DeliveryPolicy;
  /** How often the outbox and the due deliveries are polled when no nudge comes. */
  pollMs?: number;
  /** Attempts in flight at once in this process (default WORKER_CAPACITY). */
  concurrency?: number;
  /**
   * Inngest mode: new deliveries are handed to Inngest (one function run per delivery) instead
   * of being sent from this process; the worker then only fans out.
   */
  enqueue?: (deliveryIds: string[]) => Promise<void>;
};

export type WebhookWorker = {
  /** Look at the outbox and the due deliveries now. */
  wake: () => void;
  /** Stops polling and waits for the attempts in flight. */
  stop: () => Promise<void>;
};

// A nudge comes from inside the emitting transaction, so before its commit: the outbox is read
// again a few moments later (one of the first of these usually sees the commit). Each delay has
// at most one timer pending, so a stream of events costs a bounded number of outbox reads.
const NUDGE_FOLLOW_UPS_MS = [10, 30, 60, 100, 200, 350];

/**
 * The delivery worker of one app process: wakes on every in-process event nudge
 * (onEventsCommitted) and polls every `pollMs` besides, fans committed events out to
 * deliveries, claims due deliveries (claimDue: fair across merchants and endpoints, at most a few in
 * flight per endpoint across all processes, no transaction held across HTTP) and sends them with
 * at most `concurrency` in flight, so one slow receiver never holds up the others.
 * All state lives in rows: a restart, or several processes at once, lose and duplicate nothing.
 */
export function startWebhookWorker(getDb: () => Database, options: WorkerOptions = {}): WebhookWorker {
  const policy = options.policy ?? defaultPolicy();
  const concurrency = options.concurrency ?? WORKER_CAPACITY;
  const inFlight = new Set<Promise<unknown>>();
  const followUps = new Map<number, NodeJS.Timeout>();
  let stopped = false;
  let pumping: Promise<void> | null = null;
  let again = false;
  // Whether the outbox may hold new events (a nudge or a poll since the last fan-out).
  let outboxDirty = true;

  const pumpOnce = async () => {
    const db = getDb();
    if (outboxDirty) {
      outboxDirty = false;
      for (;;) {
        const { events, deliveries } = await dispatchEvents(db);
        if (options.enqueue && deliveries.length) await options.enqueue(deliveries);
        if (events === 0) break;
      }
    }
    if (options.enqueue) return;
    const room = concurrency - inFlight.size;
    if (room <= 0) return;
    const claims = await claimDue(db, { limit: room, ...claimTerms(policy) });
    prepareClaimed(db, claims, policy).forEach((run, i) => {
      const attempt: Promise<unknown> = run()
        .catch((error) => log("error", "webhook attempt failed", { delivery_id: claims[i].id, error: describeError(error) }))
        .finally(() => {
          inFlight.delete(attempt);
          wake();
        });
      inFlight.add(attempt);
    });
    if (claims.length === room) again = true;
  };

  function wake(): void {
    if (stopped) return;
    if (pumping) {
      again = true;
      return;
    }
    pumping = (async () => {
      try {
        do {
          again = false;
          await pumpOnce();
        } while (again && !stopped);
      } catch (error) {
        log("error", "webhook worker pass failed", { error: describeError(error) });
      } finally {
        pumping = null;
      }
    })();
  }

  const lookAtOutbox = () => {
    outboxDirty = true;
    wake();
  };

  const unsubscribe = onEventsCommitted(() => {
    lookAtOutbox();
    for (const ms of NUDGE_FOLLOW_UPS_MS) {
      if (followUps.has(ms)) continue;
      followUps.set(
        ms,
        setTimeout(() => {
          followUps.delete(ms);
          lookAtOutbox();
        }, ms),
      );
    }
  });
  const poll = setInterval(lookAtOutbox, options.pollMs ?? 500);
  wake();

  return {
    wake: lookAtOutbox,
    stop: async () => {
      stopped = true;
      clearInterval(poll);
      for (const timer of followUps.values()) clearTimeout(timer);
      unsubscribe();
      await pumping;
      await Promise.allSettled([...inFlight]);
    },
  };
}
