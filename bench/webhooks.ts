/**
 * Webhook delivery, events committed → delivered to a local receiver, in the embedded mode (not
 * part of npm test):
 *
 *   npx tsx bench/webhooks.ts                    # embedded: PGlite served over the wire by a child process, as `npm run dev` does
 *   DATABASE_URL=postgres://… npx tsx bench/webhooks.ts   # the same worker against PostgreSQL
 *
 * The worker is the one the app runs (lib/webhooks/worker.ts, default policy, nudged by
 * onEventsCommitted plus its 500 ms poll). Events are emitted with emitEvent, each in its own
 * transaction, like the payments core does; "committed" is when that transaction resolved,
 * "delivered" is when the receiver (a real HTTP server on 127.0.0.1) got the request.
 *
 * Phases: (1) idle latency: one event at a time; (2) paced: BENCH_RATE events/s for
 * BENCH_SECONDS; (3) burst: BENCH_BURST events by BENCH_EMITTERS concurrent emitters, for
 * throughput. Knobs: BENCH_RATE (default 50), BENCH_SECONDS (10), BENCH_BURST (2000),
 * BENCH_EMITTERS (8), BENCH_CONCURRENCY (worker attempts in flight, default 16).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import { eq } from "drizzle-orm";
import { closeDb, db, openDatabase, setProcessDatabase } from "../db/client";
import { migratePostgresUrl } from "../db/migrate";
import { applications } from "../db/schema";
import { emitEvent } from "../lib/events/emit";
import { createMerchant } from "../lib/platform/merchants";
import { createEndpoint } from "../lib/webhooks/endpoints";
import { startWebhookWorker } from "../lib/webhooks/worker";
import { embeddedDatabase, pct } from "./embedded-db";

process.env.CAURI_LOG ??= "silent";

const rate = Number(process.env.BENCH_RATE ?? 50);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const burst = Number(process.env.BENCH_BURST ?? 2000);
const emitters = Number(process.env.BENCH_EMITTERS ?? 8);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16);

let embedded: { url: string; stop: () => void } | null = null;

async function main() {
  embedded = process.env.DATABASE_URL ? null : await embeddedDatabase();
  // One connection: the PGlite socket server runs every client on one session, so two connections
  // interleave their statements (seen: "bind message supplies 3 parameters, but prepared statement
  // requires 20", and one connection's statements landing in the other's transaction). BENCH_POOL=2
  // reproduces what scripts/launch.ts configures today.
  if (embedded) Object.assign(process.env, { DATABASE_URL: embedded.url, DATABASE_POOL_MAX: process.env.BENCH_POOL ?? "1", DATABASE_PREPARE: "false" });
  if (!embedded) await migratePostgresUrl(process.env.DATABASE_URL!);
  setProcessDatabase(openDatabase({ url: process.env.DATABASE_URL, poolMax: Number(process.env.DATABASE_POOL_MAX ?? 10) }));

  // The receiver: answers 200 at once and notes when each webhook-id arrived.
  const arrived = new Map<string, number>();
  let waiter: (() => void) | null = null;
  const receiver = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      arrived.set(String(req.headers["webhook-id"]), performance.now());
      res.writeHead(200).end("ok");
      waiter?.();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;

  const created = await createMerchant(db(), { name: "Bench webhooks" });
  const [application] = await db().select().from(applications).where(eq(applications.id, created.applicationId));
  const ctx = { db: db(), merchant: created.merchant, application, mode: "test" as const };
  await db().transaction((tx) => createEndpoint({ ...ctx, db: tx as never }, { url, enabled: true }));
  const worker = startWebhookWorker(db, { concurrency });

  const committed = new Map<string, number>();
  const emitOne = async () => {
    const payload = await db().transaction((tx) =>
      emitEvent(tx as never, {
        merchantId: created.merchant.id,
        applicationId: created.applicationId,
        mode: "test",
        type: "payment.success",
        object: { id: `txn_bench_${committed.size}`, status: "SUCCESS", amount: 12_500, currency: "XOF" },
        at: new Date(),
      }),
    );
    committed.set(payload.id, performance.now());
    return payload.id;
  };
  const waitAll = async (ids: string[], timeoutMs = 120_000) => {
    const deadline = Date.now() + timeoutMs;
    while (ids.some((id) => !arrived.has(id))) {
      if (Date.now() > deadline) throw new Error(`${ids.filter((id) => !arrived.has(id)).length} events not delivered in time`);
      await new Promise<void>((resolve) => {
        waiter = resolve;
        setTimeout(resolve, 50);
      });
    }
  };
  const latencies = (ids: string[]) => ids.map((id) => arrived.get(id)! - committed.get(id)!).sort((a, b) => a - b);
  const report = (name: string, ids: string[], extra: Record<string, unknown> = {}) => {
    const l = latencies(ids);
    const row = { phase: name, events: ids.length, p50_ms: Math.round(pct(l, 50)), p99_ms: Math.round(pct(l, 99)), max_ms: Math.round(l[l.length - 1]), ...extra };
    console.log(JSON.stringify(row));
    return row;
  };

  // Warm-up (JIT, first connections), not reported.
  await waitAll(await Promise.all(Array.from({ length: 20 }, emitOne)));

  // 1. Idle: one event at a time.
  const idle: string[] = [];
  for (let i = 0; i < 50; i++) {
    const id = await emitOne();
    idle.push(id);
    await waitAll([id]);
    await new Promise((r) => setTimeout(r, 20));
  }
  report("idle (one at a time)", idle);

  // 2. Paced: a steady rate.
  const paced: string[] = [];
  const pending: Promise<string>[] = [];
  const start = performance.now();
  for (let i = 0; i < rate * seconds; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    pending.push(emitOne().then((id) => (paced.push(id), id)));
  }
  await Promise.all(pending);
  await waitAll(paced);
  report(`paced ${rate}/s for ${seconds}s`, paced);

  // 3. Burst: as fast as the emitters can commit; throughput = events / (last delivery − first commit).
  const burstIds: string[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: emitters }, async () => {
      while (next < burst) {
        next++;
        burstIds.push(await emitOne());
      }
    }),
  );
  await waitAll(burstIds, 600_000);
  const first = Math.min(...burstIds.map((id) => committed.get(id)!));
  const last = Math.max(...burstIds.map((id) => arrived.get(id)!));
  report(`burst ${burst} by ${emitters} emitters`, burstIds, { delivered_per_s: Math.round((burstIds.length / (last - first)) * 1000) });

  await worker.stop();
  receiver.close();
  await closeDb();
  embedded?.stop();
  console.log(JSON.stringify({ database: embedded ? `embedded PGlite over the wire (pool ${process.env.DATABASE_POOL_MAX})` : "PostgreSQL", worker_concurrency: concurrency, cpus: os.cpus().length, load_average: os.loadavg().map((l) => Math.round(l * 10) / 10), node: process.version }));
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    embedded?.stop();
    process.exit(1);
  },
);
