/**
 * `npm run bench`: the production build against a throwaway PostgreSQL database, loaded by
 * autocannon from a separate process, next to PostgreSQL's own ceilings measured with pgbench.
 * Every phase runs twice: /v1 dispatched directly to its route handler (production), then
 * through Next.js's router (CAURI_V1_DISPATCH=next, as `next dev` serves it), and both figures
 * are printed side by side.
 *
 *   1. GET  /v1/payments/{id}       keyed reads (the read path)
 *   2. POST /v1/payments            a fresh X-Idempotency-Key and customer per request (the write path)
 *   3. GET  /v1/payments?limit=20   with BENCH_ROWS (100,000) payments in the table
 *   4. GET  /v1/payments?limit=20   again, right after BENCH_ROWS more payments fell due for expiry
 *   5. POST /v1/payments            one X-Idempotency-Key replayed
 *   6. fairness                     others' reads alone, then while one key is hammered by 64 connections
 *   7. mixed                        reads, lists, creations, replays and checkout pages at once for
 *                                   BENCH_MIXED_SECONDS on a freshly started server, its memory sampled
 *                                   every second (direct only)
 *   8. scale                        reads and creations with SCALE_SMALL (10,000) payments in the table, then
 *                                   again once it holds SCALE_LARGE (1,000,000): cost must not grow with the data
 *   9. pgbench                      a key-plus-row read and a creation-shaped transaction, at several client counts
 *
 * Real rate limits and the request log are on: the load is spread over many API keys of the
 * bench merchant (bench/key-pool.ts), each used within its limits.
 *
 * Knobs: BENCH_DURATION (seconds per phase, 10), BENCH_WARMUP (seconds before each phase, 2),
 * BENCH_CONNECTIONS (32), BENCH_PGBENCH_CLIENTS ("8,16,32"), BENCH_ROWS (100000), BENCH_PORT
 * (3300), NEXT_DIST_DIR (.next-bench), BENCH_SKIP_BUILD=1 (reuse the build), DATABASE_URL (the
 * server on which the throwaway database is created; postgres://postgres@127.0.0.1:5432/postgres),
 * BENCH_CPU_PROF=<dir> (the server writes a V8 CPU profile there when it stops), BENCH_PHASES (a
 * subset of "read,list,write,replay,fairness,mixed,scale,pgbench"; the default leaves out scale, whose
 * seeding takes minutes), BENCH_SCALE_SMALL / BENCH_SCALE_LARGE (10000 / 1000000), BENCH_DISPATCH ("direct,next"),
 * BENCH_MIXED_SECONDS (180), BENCH_HEAP_SNAPSHOTS=1 (the server writes a heap snapshot as the mixed
 * phase starts and another when its load ends, into bench/results/).
 */
import { execFile, execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import postgres from "postgres";
import { fairness, type FairnessResult } from "./fairness";
import { keyPool } from "./key-pool";
import type { LoadResult, LoadSpec } from "./load";
import { createThrowawayDatabase } from "../scripts/throwaway-database";

const env = process.env;
const duration = Number(env.BENCH_DURATION ?? 10);
const warmup = Number(env.BENCH_WARMUP ?? 2);
const connections = Number(env.BENCH_CONNECTIONS ?? 32);
const pgbenchClients = (env.BENCH_PGBENCH_CLIENTS ?? "8,16,32").split(",").map(Number);
const rows = Number(env.BENCH_ROWS ?? 100_000);
const port = Number(env.BENCH_PORT ?? 3300);
const distDir = env.NEXT_DIST_DIR ?? ".next-bench";
const serverUrl = env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const baseUrl = `http://127.0.0.1:${port}`;
const resultsDir = path.join(import.meta.dirname, "results");
const selected = new Set((env.BENCH_PHASES ?? "read,list,write,replay,fairness,mixed,pgbench").split(","));
const mixedSeconds = Number(env.BENCH_MIXED_SECONDS ?? 180);
const dispatches = (env.BENCH_DISPATCH ?? "direct,next").split(",") as Dispatch[];

type Dispatch = "direct" | "next";

// Issue 28's targets (the list and fairness ones are issue 14's).
const READ_SHARE_TARGET = 0.25;
const READ_P99_TARGET_MS = 50;
const WRITE_SHARE_TARGET = 0.25;
const WRITE_P99_TARGET_MS = 100;
const WRITE_CPU_MS_TARGET = 1;
// One transaction per creation; the background jobs' own (a few a second) are counted in too.
const WRITE_XACTS_TARGET = 1.05;
const SCALE_SHARE_TARGET = 0.9;
const scaleSmall = Number(env.BENCH_SCALE_SMALL ?? 10_000);
const scaleLarge = Number(env.BENCH_SCALE_LARGE ?? 1_000_000);
const LIST_SHARE_OF_READ_TARGET = 0.5;
const LIST_DUE_SHARE_TARGET = 0.9;
const FAIRNESS_TARGET = 0.8;
// Requests per key and phase: under the default 100 a minute, and the 10 creations a minute.
const READS_PER_KEY = 90;
const WRITES_PER_KEY = 9;
// Rates no phase is expected to pass; they size the key slices handed to a phase.
const READ_RPS_BOUND = 6_000;
const WRITE_RPS_BOUND = 2_500;

const progress = (message: string) => process.stderr.write(`[bench] ${message}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const run = promisify(execFile);

// ---------------------------------------------------------------------------------------------
// The machine

function machine() {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? "unknown",
    cores: cpus.length,
    ramGb: Math.round(os.totalmem() / 2 ** 30),
    load: os.loadavg().map((l) => l.toFixed(2)),
    node: process.version,
  };
}

/** Jiffies the whole box spent busy and in total, from /proc/stat. */
function boxCpu(): { busy: number; total: number } {
  const fields = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
  const idle = fields[3] + (fields[4] ?? 0);
  const total = fields.reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

const CLOCK_TICKS = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;

/** CPU milliseconds a process has used (user + system), from /proc/<pid>/stat. */
function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

function statusKb(pid: number, field: "VmRSS" | "VmHWM"): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) : 0;
}

/** The descendants of `root`, from /proc (the launcher runs npx → tsx → node → the server). */
function descendants(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // The process ended while we read.
    }
  }
  const out: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    for (const child of children.get(queue.shift()!) ?? []) {
      out.push(child);
      queue.push(child);
    }
  }
  return out;
}

function cmdline(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
  } catch {
    return "";
  }
}

// ---------------------------------------------------------------------------------------------
// Build, database, server

async function spawnToEnd(command: string, args: string[], childEnv: NodeJS.ProcessEnv): Promise<void> {
  const child = spawn(command, args, { env: childEnv, stdio: ["ignore", 2, 2] });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on("error", reject);
    child.on("exit", resolve);
  });
  if (code !== 0) throw new Error(`${command} ${args.join(" ")} exited with ${code}`);
}

/** next build may rewrite tsconfig.json's include for its dist dir; the checkout keeps its own. */
async function build(): Promise<void> {
  const tsconfig = readFileSync("tsconfig.json", "utf8");
  try {
    await spawnToEnd("npm", ["run", "build"], { ...env, NEXT_DIST_DIR: distDir });
  } finally {
    if (readFileSync("tsconfig.json", "utf8") !== tsconfig) writeFileSync("tsconfig.json", tsconfig);
  }
}

/**
 * `pids`: the server's processes (one, or a cluster primary and its CAURI_WORKERS workers);
 * `memoryDir`: where those that serve write their memory figures (bench/memory-probe.mjs).
 */
type Server = { launcher: ChildProcess; pids: () => number[]; memoryDir: string; stop: () => Promise<void> };

const sumOf = (pids: number[], read: (pid: number) => number) =>
  pids.reduce((total, pid) => {
    try {
      return total + read(pid);
    } catch {
      return total; // a process that has just exited
    }
  }, 0);

async function startServer(databaseUrl: string, dispatch: Dispatch): Promise<Server> {
  const serverEnv: NodeJS.ProcessEnv = {
    ...env,
    CAURI_V1_DISPATCH: dispatch,
    DATABASE_URL: databaseUrl,
    NEXT_DIST_DIR: distDir,
    PORT: String(port),
    HOSTNAME: "127.0.0.1",
    CAURI_SEED_DEMO: "false",
    NODE_ENV: "production",
  };
  const memoryDir = mkdtempSync(path.join(os.tmpdir(), "cauri-bench-memory-"));
  serverEnv.BENCH_MEMORY_DIR = memoryDir;
  serverEnv.BENCH_SNAPSHOT_DIR = resultsDir;
  const preloads = [path.join(import.meta.dirname, "memory-probe.mjs")];
  if (env.BENCH_CPU_PROF) {
    mkdirSync(env.BENCH_CPU_PROF, { recursive: true });
    serverEnv.BENCH_CPU_PROF = path.resolve(env.BENCH_CPU_PROF);
    preloads.push(path.join(import.meta.dirname, "cpu-profile.mjs"));
  }
  serverEnv.NODE_OPTIONS = [env.NODE_OPTIONS ?? "", ...preloads.map((p) => `--import ${p}`)].join(" ").trim();
  // Its own process group, so that stopping it reaches npx, tsx, the launcher and the server.
  // The request log is on, written to /dev/null: its cost is the server's, not a terminal's.
  const launcher = spawn("npx", ["tsx", "scripts/launch.ts", "start"], { env: serverEnv, stdio: ["ignore", "ignore", 2], detached: true });
  let exited = false;
  launcher.on("exit", () => (exited = true));
  const halt = async () => {
    if (exited) return;
    try {
      process.kill(-launcher.pid!, "SIGTERM");
    } catch {
      return;
    }
    for (let i = 0; i < 100 && !exited; i++) await sleep(100);
    if (!exited) process.kill(-launcher.pid!, "SIGKILL");
  };
  const stop = async () => {
    await halt();
    rmSync(memoryDir, { recursive: true, force: true });
  };
  try {
    const deadline = Date.now() + 180_000;
    for (;;) {
      if (exited) throw new Error("the server exited before it was ready");
      if (Date.now() > deadline) throw new Error("the server was not ready within 3 minutes");
      // server/main.ts: the server itself, or a cluster primary and its workers (Next.js may rename them "next-server").
      const pids = () => descendants(launcher.pid!).filter((p) => /server\/main\.ts|next-server/.test(cmdline(p)));
      const ok = pids().length > 0 && (await fetch(`${baseUrl}/healthz`).then((r) => r.ok).catch(() => false));
      if (ok) return { launcher, pids, memoryDir, stop };
      await sleep(250);
    }
  } catch (error) {
    await stop();
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Data

const paymentBody = JSON.stringify({
  amount: 12_500,
  payment_method: "OPERATOR_MONEY",
  customer_phone: "+22370000009",
  return_url: "https://shop.example.ml/merci",
  client_reference: "bench",
  description: "Benchmark payment",
});

/** A merchant straight into the tables (its own payments, so each dispatch reads the same shape). */
async function createBenchMerchant(sql: postgres.Sql, tag: string): Promise<{ merchantId: string; applicationId: string }> {
  const merchantId = `mer_bench_${tag}_${Date.now()}`;
  const applicationId = `app_bench_${tag}_${Date.now()}`;
  await sql`insert into merchants (id, name) values (${merchantId}, ${`Bench ${tag}`})`;
  await sql`insert into applications (id, merchant_id, name) values (${applicationId}, ${merchantId}, 'Bench')`;
  return { merchantId, applicationId };
}

/** One real creation through the API: proves the key works. */
async function preflight(key: string): Promise<void> {
  const response = await fetch(`${baseUrl}/v1/payments`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json", "x-idempotency-key": `preflight-${Date.now()}` },
    body: paymentBody,
  });
  if (response.status !== 201) throw new Error(`preflight POST /v1/payments answered ${response.status}: ${await response.text()}`);
}

/**
 * BENCH_ROWS payments straight into the table (the API would take minutes), one second apart:
 * settled ones, or PENDING ones whose expiry has passed (`due`), which the expiry job then sweeps.
 */
async function seedPayments(sql: postgres.Sql, merchant: { merchantId: string; applicationId: string }, prefix: string, due: boolean, count = rows, from = 1): Promise<string[]> {
  await sql`
    insert into payments (id, merchant_id, application_id, mode, status, amount, customer_phone, fee_total, adapter,
                          gateway_used, routing_reason, client_reference, expires_at, settled_at, created_at, updated_at)
    select ${prefix} || lpad(g::text, 12, '0'), ${merchant.merchantId}, ${merchant.applicationId}, 'test',
           case when ${due} then 'PENDING' else (array['SUCCESS', 'FAILED', 'EXPIRED', 'CANCELLED'])[1 + g % 4] end,
           100 + (g * 37) % 500000, '+22370000009',
           greatest(25, ceil((100 + (g * 37) % 500000) * 0.02))::int, 'simulator', 'service_simulator', 'bench seed',
           'seed-' || g, t + interval '15 minutes', case when ${due} then null else t + interval '1 minute' end, t, t + interval '1 minute'
    from generate_series(${from}::int, ${from + count - 1}::int) g, lateral (select now() - interval '1 day' - g * interval '1 second' as t) at`;
  // As autovacuum would on a live table: statistics, and the visibility map that lets the list's
  // count run as an index-only scan instead of visiting 100,000 heap rows.
  await sql`vacuum analyze payments`;
  // The server's compaction job folds the seed's count deltas (one per row) every 5 s; wait until
  // it has, then, as autovacuum would, clear the deleted delta rows so list totals do not step over
  // them, and write the seed's pages out now: a phase measures requests, not the seed's aftermath.
  const settled = Date.now() + 180_000;
  while (Date.now() < settled) {
    await sleep(2_000);
    const [{ left }] = await sql<{ left: boolean }[]>`select exists (select 1 from payment_count_deltas where merchant_id = ${merchant.merchantId}) as left`;
    if (!left) break;
  }
  await sql`vacuum analyze payment_count_deltas, payment_counts`;
  await sql`checkpoint`;
  const sample = await sql<{ id: string }[]>`select id from payments where merchant_id = ${merchant.merchantId} and id like ${`${prefix}%`} order by random() limit 1000`;
  return sample.map((r) => r.id);
}

// ---------------------------------------------------------------------------------------------
// Load phases

type Phase = LoadResult & { name: string; connections: number; peakRssMb: number; cpuMsPerRequest: number; boxBusyPct: number; xactsPerRequest: number };

function load(spec: LoadSpec): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", path.join(import.meta.dirname, "load.ts")], { stdio: ["pipe", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve(JSON.parse(out) as LoadResult) : reject(new Error(`load generator exited with ${code}`))));
    child.stdin.end(JSON.stringify(spec));
  });
}

async function committedXacts(sql: postgres.Sql, name: string): Promise<number> {
  // Backends report their counters at most once a second.
  await sleep(1500);
  const [row] = await sql<{ n: string }[]>`select xact_commit + xact_rollback as n from pg_stat_database where datname = ${name}`;
  return Number(row.n);
}

type KeyPool = ReturnType<typeof keyPool>;
/** Where a phase takes its API keys: `perKey` requests each, sized for `rpsBound` requests a second. */
type Keys = { pool: KeyPool; perKey: number; rpsBound: number };

const keysFor = (keys: Keys, seconds: number) => keys.pool.take(Math.ceil((keys.rpsBound * seconds) / keys.perKey));

async function measure(name: string, spec: Omit<LoadSpec, "url" | "duration" | "keys" | "perKey">, keys: Keys, server: Server, sql: postgres.Sql, dbName: string): Promise<Phase> {
  if (warmup > 0) await load({ ...spec, url: baseUrl, duration: warmup, keys: await keysFor(keys, warmup), perKey: keys.perKey });
  const measured = { ...spec, keys: await keysFor(keys, duration), perKey: keys.perKey };
  const xactsBefore = await committedXacts(sql, dbName);
  const pids = server.pids();
  const rss = () => sumOf(pids, (pid) => statusKb(pid, "VmRSS"));
  let peakKb = rss();
  const sampler = setInterval(() => (peakKb = Math.max(peakKb, rss())), 100);
  const cpuBefore = sumOf(pids, processCpuMs);
  const boxBefore = boxCpu();
  progress(`${name}: ${spec.connections} connections, ${duration} s`);
  const result = await load({ ...measured, url: baseUrl, duration }).finally(() => clearInterval(sampler));
  const cpu = sumOf(pids, processCpuMs) - cpuBefore;
  const box = boxCpu();
  // The coordinator's own queries (this one and the one before) are one transaction each.
  const xacts = (await committedXacts(sql, dbName)) - xactsBefore - 1;
  return {
    ...result,
    name,
    connections: spec.connections,
    peakRssMb: Math.round(peakKb / 1024),
    cpuMsPerRequest: result.requests > 0 ? Math.round((cpu / result.requests) * 100) / 100 : 0,
    boxBusyPct: Math.round(((box.busy - boxBefore.busy) / Math.max(box.total - boxBefore.total, 1)) * 100),
    xactsPerRequest: result.requests > 0 ? Math.round((xacts / result.requests) * 100) / 100 : 0,
  };
}

// ---------------------------------------------------------------------------------------------
// Mixed load and memory

/** Rates the mixed phase's streams are not expected to pass (it shares the cores five ways); they size the key slices. */
const MIXED_RPS_BOUND = { read: 1_200, list: 600, write: 300, replay: 400 };

type MemoryFigures = { rssMb: number; heapUsedMb: number; heapTotalMb: number; externalMb: number; arrayBuffersMb: number };
/** `heapLimitMb`: V8's heap size limit in the (first) serving process, which --max-old-space-size sets. */
type MemorySample = MemoryFigures & { second: number; heapLimitMb: number };
type Mixed = {
  seconds: number;
  requests: number;
  rps: number;
  failed: number;
  streams: { name: string; rps: number; p99: number; failed: number }[];
  start: MemorySample;
  peak: MemoryFigures;
  end: MemorySample;
  /** VmHWM at the end of the load, summed over the server's processes. */
  hwmMb: number;
  /** As the server's environment had it (`npm start` sets it, lib/process/memory.ts). */
  mallocArenas: string;
  timeline: MemorySample[];
};

const mb = (bytes: number) => Math.round(bytes / 2 ** 20);

/** The newest process.memoryUsage() line of each serving process (bench/memory-probe.mjs), summed. */
function heapFigures(memoryDir: string): Omit<MemorySample, "rssMb" | "second"> {
  const sum = { heapUsedMb: 0, heapTotalMb: 0, externalMb: 0, arrayBuffersMb: 0, heapLimitMb: 0 };
  for (const file of existsSync(memoryDir) ? readdirSync(memoryDir) : []) {
    const lines = readFileSync(path.join(memoryDir, file), "utf8").trimEnd().split("\n");
    const last = lines.at(-1);
    if (!last) continue;
    const m = JSON.parse(last) as { heapUsed: number; heapTotal: number; external: number; arrayBuffers: number; heapLimit: number };
    sum.heapLimitMb ||= mb(m.heapLimit);
    sum.heapUsedMb += mb(m.heapUsed);
    sum.heapTotalMb += mb(m.heapTotal);
    sum.externalMb += mb(m.external);
    sum.arrayBuffersMb += mb(m.arrayBuffers);
  }
  return sum;
}

function memorySample(server: Server, pids: number[], second: number): MemorySample {
  return { second, rssMb: Math.round(sumOf(pids, (pid) => statusKb(pid, "VmRSS")) / 1024), ...heapFigures(server.memoryDir) };
}

function mallocArenas(pids: number[]): string {
  for (const pid of pids) {
    try {
      const found = readFileSync(`/proc/${pid}/environ`, "utf8").split("\0").find((v) => v.startsWith("MALLOC_ARENA_MAX="));
      if (found) return found.split("=")[1];
    } catch {
      // The process ended while we read.
    }
  }
  return "unset (glibc: 8 per core)";
}

/** Asks the serving processes for a heap snapshot and waits until each has written it. */
async function heapSnapshot(server: Server, label: string): Promise<void> {
  mkdirSync(resultsDir, { recursive: true });
  const before = new Set(readdirSync(resultsDir));
  // Only the processes the probe runs in handle SIGUSR2 (it would end a cluster primary): those with a memory file.
  const serving = server.pids().filter((pid) => existsSync(path.join(server.memoryDir, `memory-${pid}.jsonl`)));
  for (const pid of serving) process.kill(pid, "SIGUSR2");
  const deadline = Date.now() + 120_000;
  for (;;) {
    // The probe renames each snapshot to its final name once it is complete.
    const fresh = readdirSync(resultsDir).filter((f) => f.endsWith(".heapsnapshot") && !before.has(f));
    if (fresh.length >= serving.length) {
      progress(`heap snapshot (${label}): ${fresh.map((f) => path.join("bench/results", f)).join(", ")}`);
      return;
    }
    if (Date.now() > deadline) throw new Error("no heap snapshot within 2 minutes");
    await sleep(500);
  }
}

/**
 * Reads, lists, creations, replays and checkout pages at once, as a live instance serves them,
 * for BENCH_MIXED_SECONDS; the server's RSS (from /proc) and V8 heap (from the probe) are sampled
 * every second, so growth that a 10-second phase hides shows here.
 */
async function mixedPhase(server: Server, ids: string[], pool: KeyPool): Promise<Mixed> {
  const write = { method: "POST" as const, paths: ["/v1/payments"], headers: { "content-type": "application/json" }, body: paymentBody };
  const streams: { name: string; spec: Omit<LoadSpec, "url" | "duration"> }[] = [];
  const keyed = async (name: keyof typeof MIXED_RPS_BOUND, spec: Omit<LoadSpec, "url" | "duration" | "keys" | "perKey">, perKey: number) =>
    streams.push({ name, spec: { ...spec, perKey, keys: await pool.take(Math.ceil((MIXED_RPS_BOUND[name] * mixedSeconds) / perKey)) } });
  await keyed("read", { method: "GET", paths: ids.map((id) => `/v1/payments/${id}`), headers: {}, connections: 8 }, READS_PER_KEY);
  await keyed("list", { method: "GET", paths: ["/v1/payments?limit=20"], headers: {}, connections: 4 }, READS_PER_KEY);
  await keyed("write", { ...write, idempotency: "fresh", freshCustomer: true, connections: 4 }, WRITES_PER_KEY);
  await keyed("replay", { ...write, idempotency: "fixed", connections: 2 }, READS_PER_KEY);
  streams.push({ name: "checkout page", spec: { method: "GET", paths: ids.map((id) => `/checkout/${id}`), headers: {}, connections: 2 } });

  const pids = server.pids();
  if (env.BENCH_HEAP_SNAPSHOTS === "1") await heapSnapshot(server, "start");
  const timeline: MemorySample[] = [];
  const started = Date.now();
  const sample = () => timeline.push(memorySample(server, pids, Math.round((Date.now() - started) / 1000)));
  sample();
  let told = 0;
  const sampler = setInterval(() => {
    sample();
    const last = timeline.at(-1)!;
    if (last.second < told + 30) return;
    told = last.second;
    progress(`mixed: ${last.second} s, RSS ${last.rssMb} MB, heap ${last.heapUsedMb} / ${last.heapTotalMb} MB, external ${last.externalMb} MB`);
  }, 1_000);
  progress(`mixed: ${streams.map((s) => `${s.name} ×${s.spec.connections}`).join(", ")}, ${mixedSeconds} s`);
  const results = await Promise.all(streams.map((s) => load({ ...s.spec, url: baseUrl, duration: mixedSeconds }))).finally(() => clearInterval(sampler));
  sample();
  const hwmMb = Math.round(sumOf(pids, (pid) => statusKb(pid, "VmHWM")) / 1024);
  if (env.BENCH_HEAP_SNAPSHOTS === "1") await heapSnapshot(server, "end");
  const requests = results.reduce((n, r) => n + r.requests, 0);
  const peakOf = (key: keyof MemoryFigures) => Math.max(...timeline.map((t) => t[key]));
  return {
    seconds: mixedSeconds,
    requests,
    rps: Math.round(requests / mixedSeconds),
    failed: results.reduce((n, r) => n + r.non2xx + r.errors, 0),
    streams: results.map((r, i) => ({ name: streams[i].name, rps: r.rps, p99: r.p99, failed: r.non2xx + r.errors })),
    start: timeline[0],
    peak: { rssMb: peakOf("rssMb"), heapUsedMb: peakOf("heapUsedMb"), heapTotalMb: peakOf("heapTotalMb"), externalMb: peakOf("externalMb"), arrayBuffersMb: peakOf("arrayBuffersMb") },
    end: timeline.at(-1)!,
    hwmMb,
    mallocArenas: mallocArenas(pids),
    timeline,
  };
}

function mixedReport(m: Mixed): string[] {
  const row = (label: string, f: MemoryFigures) => `| ${label} | ${f.rssMb} | ${f.heapUsedMb} / ${f.heapTotalMb} | ${f.externalMb} | ${f.arrayBuffersMb} | ${f.rssMb - f.heapTotalMb - f.externalMb} |`;
  const minute = m.timeline.filter((t) => t.second > 0 && t.second % 60 === 0);
  return [
    `Memory under mixed load (direct, a freshly started server): ${m.seconds} s, ${m.requests.toLocaleString("en")} requests (${m.rps} req/s, ${m.failed} failed): ${m.streams.map((s) => `${s.name} ${s.rps} req/s (p99 ${s.p99} ms, ${s.failed} failed)`).join("; ")}.`,
    "",
    "| server memory (MB) | RSS | V8 heap used / total | external | of which array buffers | RSS outside heap and external |",
    "| --- | ---: | ---: | ---: | ---: | ---: |",
    row("start", m.start),
    row("peak (each column its own)", m.peak),
    row("end", m.end),
    "",
    `Peak RSS ${m.peak.rssMb} MB (VmHWM ${m.hwmMb} MB), start ${m.start.rssMb} MB, end ${m.end.rssMb} MB; V8 heap limit ${m.start.heapLimitMb} MB, MALLOC_ARENA_MAX ${m.mallocArenas}.${minute.length ? ` RSS each minute: ${minute.map((t) => t.rssMb).join(", ")} MB.` : ""}`,
    "",
  ];
}

// ---------------------------------------------------------------------------------------------
// Scale: the same reads and creations over a small table, then a large one

type Scale = { small: { rows: number; read: Phase; write: Phase }; large: { rows: number; read: Phase; write: Phase } };

async function scalePhase(server: Server, sql: postgres.Sql, dbName: string): Promise<Scale> {
  const merchant = await createBenchMerchant(sql, "scale");
  const pool = keyPool(sql, merchant.merchantId, merchant.applicationId);
  await preflight((await pool.take(1))[0]);
  const reads: Keys = { pool, perKey: READS_PER_KEY, rpsBound: READ_RPS_BOUND };
  const writes: Keys = { pool, perKey: WRITES_PER_KEY, rpsBound: WRITE_RPS_BOUND };
  const write = { method: "POST" as const, paths: ["/v1/payments"], headers: { "content-type": "application/json" }, body: paymentBody, idempotency: "fresh" as const, freshCustomer: true, connections };
  const both = async (label: string, ids: string[]) => ({
    read: await measure(`scale ${label}: read`, { method: "GET", paths: ids.map((id) => `/v1/payments/${id}`), headers: {}, connections }, reads, server, sql, dbName),
    write: await measure(`scale ${label}: write`, write, writes, server, sql, dbName),
  });
  progress(`scale: seeding ${scaleSmall.toLocaleString("en")} payments`);
  const smallIds = await seedPayments(sql, merchant, "txn_sc", false, scaleSmall);
  const small = { rows: scaleSmall, ...(await both(scaleSmall.toLocaleString("en"), smallIds)) };
  const [{ n }] = await sql<{ n: string }[]>`select count(*)::text as n from payments`;
  const more = Math.max(scaleLarge - Number(n), 0);
  progress(`scale: seeding ${more.toLocaleString("en")} more payments (the table then holds ${scaleLarge.toLocaleString("en")})`);
  const largeIds = await seedPayments(sql, merchant, "txn_sc", false, more, scaleSmall + 1);
  const large = { rows: scaleLarge, ...(await both(scaleLarge.toLocaleString("en"), [...smallIds.slice(0, 500), ...largeIds.slice(0, 500)])) };
  return { small, large };
}

function scaleReport(scale: Scale): string[] {
  const row = (label: string, a: Phase, b: Phase) => `| ${label} | ${a.rps} | ${a.p99} | ${b.rps} | ${b.p99} | ${pct(b.rps / Math.max(a.rps, 1))} |`;
  return [
    `Cost with the data (direct): the same phases with ${scale.small.rows.toLocaleString("en")} payments in the table, then ${scale.large.rows.toLocaleString("en")}.`,
    "",
    `| phase | req/s at ${scale.small.rows.toLocaleString("en")} | p99 | req/s at ${scale.large.rows.toLocaleString("en")} | p99 | large ÷ small |`,
    "| --- | ---: | ---: | ---: | ---: | ---: |",
    row(PHASE_TITLES.read, scale.small.read, scale.large.read),
    row(PHASE_TITLES.write, scale.small.write, scale.large.write),
    "",
  ];
}

// ---------------------------------------------------------------------------------------------
// pgbench

function pgbenchBinary(): string | null {
  try {
    return execFileSync("which", ["pgbench"], { encoding: "utf8" }).trim() || null;
  } catch {
    const versions = existsSync("/usr/lib/postgresql") ? readdirSync("/usr/lib/postgresql").sort((a, b) => Number(b) - Number(a)) : [];
    return versions.map((v) => `/usr/lib/postgresql/${v}/bin/pgbench`).find((p) => existsSync(p)) ?? null;
  }
}

/**
 * A creation's shape in one transaction: the idempotency row with its answer, the customer's
 * upsert and the payment, on copies of the real tables (same columns, defaults and indexes).
 */
const PGBENCH_SCRIPT = `
\\set n random(1, 1000000000)
BEGIN;
INSERT INTO pgb_idempotency_keys (application_id, mode, key, request_hash, state, owner, locked_until, created_at, expires_at, response_status, response_body)
  VALUES ('app_bench', 'test', md5(random()::text), md5(random()::text), 'done', md5(random()::text), now() + interval '30 seconds', now(), now() + interval '1 day', 201, '{"success": true, "data": {"amount": 12500}}')
  ON CONFLICT DO NOTHING;
INSERT INTO pgb_customers (id, merchant_id, mode, phone, created_at, updated_at)
  VALUES ('cus_' || md5(random()::text), 'mer_bench', 'test', '+2237' || lpad((:n % 10000000)::text, 7, '0'), now(), now())
  ON CONFLICT (merchant_id, mode, phone) DO UPDATE SET updated_at = greatest(excluded.updated_at, pgb_customers.updated_at);
INSERT INTO pgb_payments (id, merchant_id, application_id, mode, status, amount, customer_phone, fee_total, adapter, gateway_used, routing_reason, expires_at, created_at, updated_at)
  VALUES ('txn_' || md5(random()::text), 'mer_bench', 'app_bench', 'test', 'PENDING', 12500, '+22370000009', 250, 'simulator', 'service_simulator', 'pgbench', now() + interval '15 minutes', now(), now());
COMMIT;
`;

/** A keyed read's shape: the API key by its hash, then one payment by its id (random among BENCH_ROWS). */
const pgbenchReadScript = (keyHash: string, prefix: string) => `
\\set n random(1, ${rows})
SELECT * FROM api_keys WHERE key_hash = '${keyHash}' AND revoked_at IS NULL;
SELECT * FROM payments WHERE id = '${prefix}' || lpad(:n::text, 12, '0');
`;

type PgbenchRow = { clients: number; tps: number };
type Ceilings = { read: PgbenchRow[]; write: PgbenchRow[] };

async function pgbenchRun(binary: string, databaseUrl: string, script: string): Promise<PgbenchRow[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "cauri-pgbench-"));
  const file = path.join(dir, "script.sql");
  writeFileSync(file, script);
  const url = new URL(databaseUrl);
  const connection = ["-h", url.hostname, "-p", url.port || "5432", "-U", decodeURIComponent(url.username || "postgres")];
  const out: PgbenchRow[] = [];
  try {
    for (const clients of pgbenchClients) {
      progress(`pgbench: ${clients} clients, ${duration} s`);
      const { stdout } = await run(binary, [...connection, "-n", "-M", "prepared", "-c", String(clients), "-j", String(Math.min(clients, os.cpus().length)), "-T", String(duration), "-f", file, url.pathname.slice(1)], {
        env: { ...env, PGPASSWORD: decodeURIComponent(url.password) || env.PGPASSWORD },
      });
      const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout);
      if (!tps) throw new Error(`pgbench printed no tps:\n${stdout}`);
      out.push({ clients, tps: Math.round(Number(tps[1])) });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return out;
}

async function pgbenchCeilings(sql: postgres.Sql, databaseUrl: string, readScript: string): Promise<Ceilings | null> {
  const binary = pgbenchBinary();
  if (!binary) {
    progress("pgbench not found (Debian: apt-get install postgresql-client): the ceilings are skipped");
    return null;
  }
  for (const [copy, table] of [
    ["pgb_payments", "payments"],
    ["pgb_customers", "customers"],
    ["pgb_idempotency_keys", "idempotency_keys"],
  ]) {
    await sql.unsafe(`create table ${copy} (like ${table} including all)`);
  }
  return { read: await pgbenchRun(binary, databaseUrl, readScript), write: await pgbenchRun(binary, databaseUrl, PGBENCH_SCRIPT) };
}

// ---------------------------------------------------------------------------------------------
// Report

type PhaseName = "read" | "list" | "list-due" | "write" | "replay";
const PHASE_TITLES: Record<PhaseName, string> = {
  read: "GET /v1/payments/{id}",
  list: `GET /v1/payments?limit=20 (${rows.toLocaleString("en")} payments)`,
  "list-due": `GET /v1/payments?limit=20 (${rows.toLocaleString("en")} more falling due for expiry)`,
  write: "POST /v1/payments (fresh key, new customer)",
  replay: "POST /v1/payments (one key replayed)",
};
type Results = Record<Dispatch, Partial<Record<PhaseName, Phase>>>;

const best = (rowsOf: PgbenchRow[] | undefined) => (rowsOf?.length ? Math.max(...rowsOf.map((r) => r.tps)) : null);
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const clean = (p: Phase) => p.non2xx === 0 && p.errors === 0;

function report(box: ReturnType<typeof machine>, postgresVersion: string, results: Results, ceilings: Ceilings | null, fair: FairnessResult | null, serverPeakMb: number, mixed: Mixed | null, scale: Scale | null): string {
  const lines: string[] = [];
  lines.push(`# Benchmark ${new Date().toISOString()}`, "");
  lines.push(`Machine: ${box.cpu}, ${box.cores} cores, ${box.ramGb} GB RAM, load average at start ${box.load.join(" / ")} (1 / 5 / 15 min); Node ${box.node}; ${postgresVersion}.`);
  if (Number(box.load[0]) > box.cores) lines.push("", `**The load average exceeds the core count: other work shared the machine, so read the figures as a floor.**`);
  lines.push(
    "",
    `Production build (\`npm start\`), PostgreSQL on the same machine, autocannon in its own process, ${duration} s per phase after ${warmup} s of warm-up, ${connections} connections, real rate limits (load spread over API keys, each within its limits), request log on (to /dev/null), CAURI_WORKERS=${env.CAURI_WORKERS ?? "1"}. "direct": /v1 dispatched to its route handler by server/; "through Next.js": the same handlers behind Next.js's router (CAURI_V1_DISPATCH=next).`,
    "",
  );
  const measuredPhases = (Object.keys(PHASE_TITLES) as PhaseName[]).filter((name) => results.direct[name] || results.next[name]);
  if (measuredPhases.length > 0) lines.push("| phase | direct req/s | p50 | p99 | non-2xx | CPU ms/req | PG xacts/req | box busy | through Next.js req/s | p99 | non-2xx | direct ÷ Next.js |", "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
  for (const name of measuredPhases) {
    const d = results.direct[name];
    const n = results.next[name];
    const cell = (p: Phase | undefined, f: (p: Phase) => string | number) => (p ? String(f(p)) : "–");
    lines.push(
      `| ${PHASE_TITLES[name]} | ${cell(d, (p) => p.rps)} | ${cell(d, (p) => p.p50)} | ${cell(d, (p) => p.p99)} | ${cell(d, (p) => p.non2xx + p.errors)} | ${cell(d, (p) => p.cpuMsPerRequest)} | ${cell(d, (p) => p.xactsPerRequest)} | ${cell(d, (p) => `${p.boxBusyPct} %`)} | ${cell(n, (p) => p.rps)} | ${cell(n, (p) => p.p99)} | ${cell(n, (p) => p.non2xx + p.errors)} | ${d && n && n.rps > 0 ? `${(d.rps / n.rps).toFixed(2)}×` : "–"} |`,
    );
  }
  if (measuredPhases.length > 0) lines.push("", `Server peak RSS (VmHWM, summed over its processes, direct run): ${serverPeakMb} MB.`, "");
  if (mixed) lines.push(...mixedReport(mixed));

  if (scale) lines.push(...scaleReport(scale));
  if (ceilings) {
    lines.push("PostgreSQL's ceilings, pgbench (`-M prepared`): a keyed read = the key by hash + one payment by id; a write = a creation's rows (the idempotency row with its answer, the customer's upsert, the payment) in one transaction.", "");
    lines.push("| clients | read tps | write tps |", "| ---: | ---: | ---: |");
    ceilings.read.forEach((r, i) => lines.push(`| ${r.clients} | ${r.tps} | ${ceilings.write[i]?.tps ?? "–"} |`));
    lines.push("");
  }
  if (fair) {
    lines.push(
      `Fairness (direct): other merchants' reads ${fair.alone} req/s alone (p99 ${fair.p99Alone} ms), ${fair.withHammer} req/s while one key is hammered by 64 connections (p99 ${fair.p99WithHammer} ms): they keep ${pct(fair.ratio)}.`,
      "",
    );
  }

  const target = (label: string, met: boolean | null, detail: string) => lines.push(`- ${label}: ${detail}: **${met === null ? "not measured" : met ? "met" : "not met"}**`);
  lines.push("Targets (issues 14 and 28, direct dispatch):", "");
  const read = results.direct.read;
  const readCeiling = best(ceilings?.read);
  target(
    `GET /v1/payments/{id} ≥ ${pct(READ_SHARE_TARGET)} of pgbench's keyed-read ceiling, p99 ≤ ${READ_P99_TARGET_MS} ms`,
    read && readCeiling ? clean(read) && read.rps / readCeiling >= READ_SHARE_TARGET && read.p99 <= READ_P99_TARGET_MS : null,
    read && readCeiling ? `${read.rps} req/s = ${pct(read.rps / readCeiling)} of ${readCeiling} tps, p99 ${read.p99} ms` : "–",
  );
  const write = results.direct.write;
  const writeCeiling = best(ceilings?.write);
  target(
    `POST /v1/payments ≥ ${pct(WRITE_SHARE_TARGET)} of pgbench's write ceiling, p99 ≤ ${WRITE_P99_TARGET_MS} ms`,
    write && writeCeiling ? clean(write) && write.rps / writeCeiling >= WRITE_SHARE_TARGET && write.p99 <= WRITE_P99_TARGET_MS : null,
    write && writeCeiling ? `${write.rps} req/s = ${pct(write.rps / writeCeiling)} of ${writeCeiling} tps, p99 ${write.p99} ms` : "–",
  );
  target(
    `POST /v1/payments: server CPU ≤ ${WRITE_CPU_MS_TARGET} ms and PostgreSQL transactions ≤ ${WRITE_XACTS_TARGET} per creation (background jobs included)`,
    write ? write.cpuMsPerRequest <= WRITE_CPU_MS_TARGET && write.xactsPerRequest <= WRITE_XACTS_TARGET : null,
    write ? `${write.cpuMsPerRequest} ms, ${write.xactsPerRequest} transactions` : "–",
  );
  for (const kind of ["read", "write"] as const) {
    target(
      `${PHASE_TITLES[kind]} with ${scaleLarge.toLocaleString("en")} payments ≥ ${pct(SCALE_SHARE_TARGET)} of its rate with ${scaleSmall.toLocaleString("en")}`,
      scale ? clean(scale.large[kind]) && scale.large[kind].rps / scale.small[kind].rps >= SCALE_SHARE_TARGET : null,
      scale ? `${scale.large[kind].rps} req/s = ${pct(scale.large[kind].rps / Math.max(scale.small[kind].rps, 1))} of ${scale.small[kind].rps}` : "–",
    );
  }
  const list = results.direct.list;
  target(
    `GET /v1/payments?limit=20 ≥ ${pct(LIST_SHARE_OF_READ_TARGET)} of the read path`,
    list && read ? clean(list) && list.rps / read.rps >= LIST_SHARE_OF_READ_TARGET : null,
    list && read ? `${list.rps} req/s = ${pct(list.rps / read.rps)} of ${read.rps}` : "–",
  );
  const due = results.direct["list-due"];
  target(
    `the same list while ${rows.toLocaleString("en")} payments fall due (≥ ${pct(LIST_DUE_SHARE_TARGET)} of its rate)`,
    due && list ? clean(due) && due.rps / list.rps >= LIST_DUE_SHARE_TARGET : null,
    due && list ? `${due.rps} req/s = ${pct(due.rps / list.rps)} of ${list.rps}` : "–",
  );
  target(`one key hammered by 64 connections costs others ≤ ${pct(1 - FAIRNESS_TARGET)}`, fair ? fair.ratio >= FAIRNESS_TARGET : null, fair ? `they keep ${pct(fair.ratio)}` : "–");
  const failed = (["direct", "next"] as const).flatMap((d) => Object.values(results[d]).filter((p) => !clean(p)));
  if (failed.length > 0) lines.push("", "**Some requests failed (non-2xx or errors): see the table.**");
  return lines.join("\n") + "\n";
}

// ---------------------------------------------------------------------------------------------

let cleanup: (() => Promise<void>) | null = null;

async function main() {
  const box = machine();
  if (env.BENCH_SKIP_BUILD === "1") {
    if (!existsSync(path.join(distDir, "BUILD_ID"))) throw new Error(`BENCH_SKIP_BUILD=1 but ${distDir} holds no build`);
    progress(`build skipped (BENCH_SKIP_BUILD=1), using ${distDir}`);
  } else {
    progress(`building into ${distDir}`);
    await build();
  }

  const database = await createThrowawayDatabase(serverUrl, `cauri_bench_${process.pid}`);
  let server: Server | null = null;
  const sql = postgres(database.url, { max: 1, onnotice: () => {} });
  cleanup = async () => {
    cleanup = null;
    await server?.stop().catch(() => {});
    await sql.end({ timeout: 5 }).catch(() => {});
    await database.drop().catch((error: unknown) => progress(`could not drop ${database.name}: ${String(error)}`));
    progress(`dropped ${database.name}`);
  };
  const [{ version }] = await sql<{ version: string }[]>`select version()`;
  const postgresVersion = version.split(" on ")[0];

  const results: Results = { direct: {}, next: {} };
  let fair: FairnessResult | null = null;
  let serverPeakMb = 0;
  let mixed: Mixed | null = null;
  let readScript: string | null = null;
  // First, on the empty database: "with 10,000 payments in the table" means the whole table.
  let scale: Scale | null = null;
  if (selected.has("scale")) {
    progress(`scale: starting the server (/v1 direct) on ${baseUrl}`);
    server = await startServer(database.url, "direct");
    scale = await scalePhase(server, sql, database.name);
    await server.stop();
    server = null;
  }
  for (const dispatch of dispatches) {
    progress(`database ${database.name}; starting the server (/v1 ${dispatch}) on ${baseUrl}`);
    server = await startServer(database.url, dispatch);
    const merchant = await createBenchMerchant(sql, dispatch);
    const pool = keyPool(sql, merchant.merchantId, merchant.applicationId);
    await preflight((await pool.take(1))[0]);
    const prefix = `txn_b${dispatch[0]}`;
    progress(`seeding ${rows} payments`);
    const ids = await seedPayments(sql, merchant, prefix, false);
    if (!readScript) {
      const [key] = await sql<{ key_hash: string }[]>`select key_hash from api_keys where merchant_id = ${merchant.merchantId} limit 1`;
      readScript = pgbenchReadScript(key.key_hash, prefix);
    }
    const reads: Keys = { pool, perKey: READS_PER_KEY, rpsBound: READ_RPS_BOUND };
    const writes: Keys = { pool, perKey: WRITES_PER_KEY, rpsBound: WRITE_RPS_BOUND };
    const here = (name: string, spec: Omit<LoadSpec, "url" | "duration" | "keys" | "perKey">, keys: Keys) => measure(name, spec, keys, server!, sql, database.name);
    const out = results[dispatch];
    const write = { method: "POST" as const, paths: ["/v1/payments"], headers: { "content-type": "application/json" }, body: paymentBody };

    if (selected.has("read")) out.read = await here(`${dispatch}: read`, { method: "GET", paths: ids.map((id) => `/v1/payments/${id}`), headers: {}, connections }, reads);
    // Before the lists: the expiry of the payments seeded due would otherwise run through it.
    if (selected.has("write")) out.write = await here(`${dispatch}: write`, { ...write, idempotency: "fresh", freshCustomer: true, connections }, writes);
    if (selected.has("list")) {
      out.list = await here(`${dispatch}: list`, { method: "GET", paths: ["/v1/payments?limit=20"], headers: {}, connections }, reads);
      progress(`seeding ${rows} payments due for expiry`);
      await seedPayments(sql, merchant, `${prefix}due`, true);
      out["list-due"] = await here(`${dispatch}: list while due`, { method: "GET", paths: ["/v1/payments?limit=20"], headers: {}, connections }, reads);
    }
    if (selected.has("replay")) out.replay = await here(`${dispatch}: replay`, { ...write, idempotency: "fixed", connections }, reads);
    if (dispatch === "direct") {
      serverPeakMb = Math.round(sumOf(server.pids(), (pid) => statusKb(pid, "VmHWM")) / 1024);
      if (selected.has("fairness")) {
        progress("fairness: others alone, then beside a hammered key");
        const [hammer, ...others] = await pool.take(81);
        fair = await fairness(baseUrl, hammer, others);
      }
      if (selected.has("mixed")) {
        // On a server of its own, so its start is a fresh process and its figures are its own.
        await server.stop();
        server = await startServer(database.url, dispatch);
        mixed = await mixedPhase(server, ids, pool);
      }
    }
    await server.stop();
    server = null;
  }

  const ceilings = selected.has("pgbench") && readScript ? await pgbenchCeilings(sql, database.url, readScript) : null;
  const markdown = report(box, postgresVersion, results, ceilings, fair, serverPeakMb, mixed, scale);
  process.stdout.write(`\n${markdown}`);
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(path.join(resultsDir, "latest.md"), markdown);
  progress(`written to ${path.relative(process.cwd(), path.join(resultsDir, "latest.md"))}`);
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    progress(`${signal}: cleaning up`);
    void (cleanup?.() ?? Promise.resolve()).finally(() => process.exit(130));
  });
}

main()
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  .finally(async () => {
    await cleanup?.();
  });
