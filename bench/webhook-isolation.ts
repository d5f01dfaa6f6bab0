/**
 * Issue 25: one merchant's receiver never delays another merchant's webhooks.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/webhook-isolation.ts   # a throwaway database on that server
 *   npx tsx bench/webhook-isolation.ts                                                            # embedded PGlite over the wire
 *
 * Merchant G's receiver answers 200 at once; BENCH_HANGING merchants (default 1) have a receiver
 * that accepts the connection and never answers; with BENCH_MORE_BAD=1 two more merchants answer
 * 500 and 302 at once. Every merchant emits BENCH_RATE events a second (default 2, each its own
 * transaction, as the payments core does) for BENCH_SECONDS (default 60). The worker is the app's
 * (lib/webhooks/worker.ts, default policy: 10 s timeout; BENCH_CONCURRENCY overrides its
 * capacity). Printed: G's delivery latency (commit → arrival at its receiver) p50/p95/max and how
 * many of its events had not arrived BENCH_DRAIN seconds (default 15) after the last emit, plus
 * what the bad receivers saw (requests, most at once) and the worker process's peak RSS.
 * Target: G's p95 under 2 s, nothing lost.
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
import { createThrowawayDatabase, type ThrowawayDatabase } from "../scripts/throwaway-database";
import { embeddedDatabase, pct } from "./embedded-db";

process.env.CAURI_LOG ??= "silent";

const rate = Number(process.env.BENCH_RATE ?? 2);
const seconds = Number(process.env.BENCH_SECONDS ?? 60);
const hanging = Number(process.env.BENCH_HANGING ?? 1);
const moreBad = process.env.BENCH_MORE_BAD === "1";
const drainSeconds = Number(process.env.BENCH_DRAIN ?? 15);
const concurrency = process.env.BENCH_CONCURRENCY ? Number(process.env.BENCH_CONCURRENCY) : undefined;

type Behaviour = "ok" | "hang" | "500" | "302";

/** A receiver on 127.0.0.1 that behaves one way and counts what it sees. */
async function receiver(behaviour: Behaviour) {
  const arrived = new Map<string, number>();
  let open = 0;
  let maxOpen = 0;
  let requests = 0;
  const sockets = new Set<import("node:net").Socket>();
  const server = http.createServer((req, res) => {
    requests++;
    open++;
    maxOpen = Math.max(maxOpen, open);
    res.on("close", () => open--);
    req.resume();
    req.on("end", () => {
      arrived.set(String(req.headers["webhook-id"]), performance.now());
      if (behaviour === "hang") return;
      if (behaviour === "500") res.writeHead(500).end("boom");
      else if (behaviour === "302") res.writeHead(302, { location: "https://example.com/" }).end();
      else res.writeHead(200).end("ok");
    });
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    arrived,
    stats: () => ({ behaviour, requests, max_at_once: maxOpen }),
    close: () => {
      for (const s of sockets) s.destroy();
      server.close();
    },
  };
}

let embedded: { url: string; stop: () => void } | null = null;
let throwaway: ThrowawayDatabase | null = null;

async function main() {
  if (process.env.DATABASE_URL) {
    throwaway = await createThrowawayDatabase(process.env.DATABASE_URL, "cauri_bench_isolation");
    await migratePostgresUrl(throwaway.url);
    setProcessDatabase(openDatabase({ url: throwaway.url, poolMax: 10 }));
  } else {
    embedded = await embeddedDatabase();
    // One connection: the PGlite socket server runs every client on one session (bench/webhooks.ts).
    setProcessDatabase(openDatabase({ url: embedded.url, poolMax: 1 }));
    process.env.DATABASE_PREPARE = "false";
  }

  const behaviours: Behaviour[] = ["ok", ...Array.from({ length: hanging }, () => "hang" as const), ...(moreBad ? (["500", "302"] as const) : [])];
  const merchants: { behaviour: Behaviour; receiver: Awaited<ReturnType<typeof receiver>>; merchantId: string; applicationId: string }[] = [];
  for (const [i, behaviour] of behaviours.entries()) {
    const r = await receiver(behaviour);
    const created = await createMerchant(db(), { name: `Bench isolation ${i} ${behaviour}` });
    const [application] = await db().select().from(applications).where(eq(applications.id, created.applicationId));
    const ctx = { db: db(), merchant: created.merchant, application, mode: "test" as const };
    await db().transaction((tx) => createEndpoint({ ...ctx, db: tx as never }, { url: r.url, enabled: true }));
    merchants.push({ behaviour, receiver: r, merchantId: created.merchant.id, applicationId: created.applicationId });
  }
  const healthy = merchants[0];
  const worker = startWebhookWorker(db, concurrency ? { concurrency } : {});

  let peakRss = 0;
  const rssTimer = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 200);
  const committed = new Map<string, number>();
  const emitFor = async (m: (typeof merchants)[number], n: number) => {
    const payload = await db().transaction((tx) =>
      emitEvent(tx as never, {
        merchantId: m.merchantId,
        applicationId: m.applicationId,
        mode: "test",
        type: "payment.success",
        object: { id: `txn_iso_${m.behaviour}_${n}`, status: "SUCCESS", amount: 2_500, currency: "XOF" },
        at: new Date(),
      }),
    );
    if (m === healthy) committed.set(payload.id, performance.now());
  };

  const start = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < rate * seconds; i++) {
    const wait = start + (i * 1000) / rate - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    for (const m of merchants) pending.push(emitFor(m, i));
  }
  await Promise.all(pending);
  const drainEnd = Date.now() + drainSeconds * 1000;
  while (Date.now() < drainEnd && [...committed.keys()].some((id) => !healthy.receiver.arrived.has(id))) await new Promise((r) => setTimeout(r, 50));

  const delivered = [...committed.keys()].filter((id) => healthy.receiver.arrived.has(id));
  const latencies = delivered.map((id) => healthy.receiver.arrived.get(id)! - committed.get(id)!).sort((a, b) => a - b);
  const round = (v: number | undefined) => (v === undefined ? null : Math.round(v));
  console.log(
    JSON.stringify({
      healthy_merchant: {
        events: committed.size,
        delivered: delivered.length,
        lost: committed.size - delivered.length,
        p50_ms: round(pct(latencies, 50)),
        p95_ms: round(pct(latencies, 95)),
        max_ms: round(latencies[latencies.length - 1]),
      },
      others: merchants.slice(1).map((m) => m.receiver.stats()),
      target: "healthy p95 < 2000 ms, lost 0",
    }),
  );
  console.log(
    JSON.stringify({
      database: embedded ? "embedded PGlite over the wire (pool 1)" : "PostgreSQL (throwaway database)",
      rate_per_merchant: rate,
      seconds,
      worker_concurrency: concurrency ?? "default",
      peak_rss_mb: Math.round(peakRss / 1048576),
      cpus: os.cpus().length,
      load_average: os.loadavg().map((l) => Math.round(l * 10) / 10),
    }),
  );
  clearInterval(rssTimer);
  for (const m of merchants) m.receiver.close();
  await worker.stop();
}

async function cleanUp() {
  await closeDb().catch(() => {});
  embedded?.stop();
  await throwaway?.drop().catch(() => {});
}

main().then(
  async () => {
    await cleanUp();
    process.exit(0);
  },
  async (error) => {
    console.error(error);
    await cleanUp();
    process.exit(1);
  },
);
