/**
 * `npm run bench`: the production build against a throwaway PostgreSQL database, loaded by
 * autocannon from a separate process, next to PostgreSQL's own ceiling measured with pgbench.
 *
 *   1. GET  /v1/payments/{id}       keyed reads (the read path)
 *   2. GET  /v1/payments?limit=20   with BENCH_ROWS (100,000) payments in the table
 *   3. POST /v1/payments            a fresh X-Idempotency-Key and customer per request (the write
 *                                   path), at several concurrencies; then all for one customer
 *   4. POST /v1/payments            one X-Idempotency-Key replayed
 *   5. pgbench                      a transaction shaped like the write path, at several client counts
 *
 * The table goes to stdout and bench/results/latest.md; progress goes to stderr.
 *
 * Knobs: BENCH_DURATION (seconds per phase, 10), BENCH_WARMUP (seconds before each phase, 2),
 * BENCH_CONNECTIONS (32), BENCH_WRITE_CONNECTIONS (the write path's sweep, "4,8,16,32"),
 * BENCH_PGBENCH_CLIENTS ("4,8,16,32"), BENCH_ROWS (100000), BENCH_PORT (3300),
 * NEXT_DIST_DIR (.next-bench), BENCH_SKIP_BUILD=1 (reuse the build), DATABASE_URL (the server on
 * which the throwaway database is created; postgres://postgres@127.0.0.1:5432/postgres),
 * BENCH_CPU_PROF=<dir> (the server writes a V8 CPU profile there when it stops), BENCH_PHASES (a
 * subset of "read,list,write,replay,pgbench", while profiling one path).
 */
import { execFile, execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import postgres from "postgres";
import type { LoadResult, LoadSpec } from "./load";
import { createThrowawayDatabase } from "../scripts/throwaway-database";

const env = process.env;
const duration = Number(env.BENCH_DURATION ?? 10);
const warmup = Number(env.BENCH_WARMUP ?? 2);
const connections = Number(env.BENCH_CONNECTIONS ?? 32);
const writeConnections = (env.BENCH_WRITE_CONNECTIONS ?? "4,8,16,32").split(",").map(Number);
const pgbenchClients = (env.BENCH_PGBENCH_CLIENTS ?? "4,8,16,32").split(",").map(Number);
const rows = Number(env.BENCH_ROWS ?? 100_000);
const port = Number(env.BENCH_PORT ?? 3300);
const distDir = env.NEXT_DIST_DIR ?? ".next-bench";
const serverUrl = env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const baseUrl = `http://127.0.0.1:${port}`;
const selected = new Set((env.BENCH_PHASES ?? "read,list,write,replay,pgbench").split(","));

const WRITE_PHASE = "POST /v1/payments (fresh key, new customer)";

// The targets.
const WRITE_SHARE_TARGET = 0.5;
const WRITE_P99_TARGET_MS = 50;
const READ_RPS_TARGET = 3000;

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

/** `pids`: the server's processes (one, or a cluster primary and its CAURI_WORKERS workers). */
type Server = { launcher: ChildProcess; pids: () => number[]; stop: () => Promise<void> };

const sumOf = (pids: number[], read: (pid: number) => number) =>
  pids.reduce((total, pid) => {
    try {
      return total + read(pid);
    } catch {
      return total; // a process that has just exited
    }
  }, 0);

async function startServer(databaseUrl: string): Promise<Server> {
  const serverEnv: NodeJS.ProcessEnv = {
    ...env,
    DATABASE_URL: databaseUrl,
    NEXT_DIST_DIR: distDir,
    PORT: String(port),
    HOSTNAME: "127.0.0.1",
    CAURI_BENCH_UNLIMITED: "1",
    CAURI_LOG: "silent",
    CAURI_SEED_DEMO: "false",
    NODE_ENV: "production",
  };
  if (env.BENCH_CPU_PROF) {
    mkdirSync(env.BENCH_CPU_PROF, { recursive: true });
    serverEnv.BENCH_CPU_PROF = path.resolve(env.BENCH_CPU_PROF);
    serverEnv.NODE_OPTIONS = `${env.NODE_OPTIONS ?? ""} --import ${path.join(import.meta.dirname, "cpu-profile.mjs")}`.trim();
  }
  // Its own process group, so that stopping it reaches npx, tsx, the launcher and the server.
  const launcher = spawn("npx", ["tsx", "scripts/launch.ts", "start"], { env: serverEnv, stdio: ["ignore", 2, 2], detached: true });
  let exited = false;
  launcher.on("exit", () => (exited = true));
  const stop = async () => {
    if (exited) return;
    try {
      process.kill(-launcher.pid!, "SIGTERM");
    } catch {
      return;
    }
    for (let i = 0; i < 100 && !exited; i++) await sleep(100);
    if (!exited) process.kill(-launcher.pid!, "SIGKILL");
  };
  try {
    const deadline = Date.now() + 180_000;
    for (;;) {
      if (exited) throw new Error("the server exited before it was ready");
      if (Date.now() > deadline) throw new Error("the server was not ready within 3 minutes");
      // Next.js renames its process "next-server (v…)" once started; the cluster primary keeps its command line.
      const pids = () => descendants(launcher.pid!).filter((p) => /standalone\/server\.js|next-server/.test(cmdline(p)));
      const ok = pids().length > 0 && (await fetch(`${baseUrl}/healthz`).then((r) => r.ok).catch(() => false));
      if (ok) return { launcher, pids, stop };
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

async function createMerchant(databaseUrl: string): Promise<{ merchantId: string; applicationId: string; key: string }> {
  const { stdout } = await run("npm", ["run", "--silent", "ops", "--", "merchant", "create", "--name", "Bench", "--json"], {
    env: { ...env, DATABASE_URL: databaseUrl, CAURI_LOG: "silent" },
    timeout: 120_000,
  });
  const created = JSON.parse(stdout) as { merchant_id: string; application_id: string; test_key: string };
  return { merchantId: created.merchant_id, applicationId: created.application_id, key: created.test_key };
}

/** One real creation through the API: proves the key works and that the rate limits are lifted. */
async function preflight(key: string): Promise<void> {
  const response = await fetch(`${baseUrl}/v1/payments`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json", "x-idempotency-key": `preflight-${Date.now()}` },
    body: paymentBody,
  });
  if (response.status !== 201) throw new Error(`preflight POST /v1/payments answered ${response.status}: ${await response.text()}`);
  if (response.headers.get("ratelimit-limit") !== "1000000") throw new Error("the server enforces rate limits: CAURI_BENCH_UNLIMITED=1 did not reach it");
}

/** Settled payments straight into the table (the API would take minutes), newest one second apart. */
async function seedPayments(sql: postgres.Sql, merchantId: string, applicationId: string): Promise<string[]> {
  await sql`
    insert into payments (id, merchant_id, application_id, mode, status, amount, customer_phone, fee_total, adapter,
                          gateway_used, routing_reason, client_reference, expires_at, settled_at, created_at, updated_at)
    select 'txn_bench' || lpad(g::text, 17, '0'), ${merchantId}, ${applicationId}, 'test',
           (array['SUCCESS', 'FAILED', 'EXPIRED', 'CANCELLED'])[1 + g % 4], 100 + (g * 37) % 500000, '+22370000009',
           greatest(25, ceil((100 + (g * 37) % 500000) * 0.02))::int, 'simulator', 'service_simulator', 'bench seed',
           'seed-' || g, t + interval '15 minutes', t + interval '1 minute', t, t + interval '1 minute'
    from generate_series(1, ${rows}) g, lateral (select now() - interval '1 day' - g * interval '1 second' as t) at`;
  // As autovacuum would on a live table: statistics, and the visibility map that lets the list's
  // count run as an index-only scan instead of visiting 100,000 heap rows.
  await sql`vacuum analyze payments`;
  // The server's compaction job folds the seed's 100,000 count deltas within 5 s; then, as autovacuum
  // would, clear the deleted delta rows so list totals do not step over them.
  await sleep(6_000);
  await sql`vacuum analyze payment_count_deltas, payment_counts`;
  const sample = await sql<{ id: string }[]>`select id from payments where merchant_id = ${merchantId} order by random() limit 1000`;
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

async function measure(name: string, spec: Omit<LoadSpec, "url" | "duration">, server: Server, sql: postgres.Sql, dbName: string): Promise<Phase> {
  if (warmup > 0) await load({ ...spec, url: baseUrl, duration: warmup });
  const xactsBefore = await committedXacts(sql, dbName);
  const pids = server.pids();
  const rss = () => sumOf(pids, (pid) => statusKb(pid, "VmRSS"));
  let peakKb = rss();
  const sampler = setInterval(() => (peakKb = Math.max(peakKb, rss())), 100);
  const cpuBefore = sumOf(pids, processCpuMs);
  const boxBefore = boxCpu();
  progress(`${name}: ${spec.connections} connections, ${duration} s`);
  const result = await load({ ...spec, url: baseUrl, duration }).finally(() => clearInterval(sampler));
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
 * The write path's shape in one transaction: the payment, an outbox event and the idempotency
 * upsert, on copies of the real tables (same columns, defaults and indexes).
 */
const PGBENCH_SCRIPT = `
BEGIN;
INSERT INTO pgb_idempotency_keys (application_id, mode, key, request_hash, state, owner, locked_until, created_at, expires_at)
  VALUES ('app_bench', 'test', md5(random()::text), md5(random()::text), 'in_progress', md5(random()::text), now() + interval '30 seconds', now(), now() + interval '1 day')
  ON CONFLICT (application_id, mode, key) DO UPDATE SET state = 'done', response_status = 201, response_body = '{}';
INSERT INTO pgb_payments (id, merchant_id, application_id, mode, status, amount, customer_phone, fee_total, adapter, gateway_used, routing_reason, expires_at, created_at, updated_at)
  VALUES ('txn_' || md5(random()::text), 'mer_bench', 'app_bench', 'test', 'PENDING', 12500, '+22370000009', 250, 'simulator', 'service_simulator', 'pgbench', now() + interval '15 minutes', now(), now());
INSERT INTO pgb_events (id, merchant_id, application_id, mode, type, object_id, payload)
  VALUES ('evt_' || md5(random()::text), 'mer_bench', 'app_bench', 'test', 'payment.created', 'txn_bench', '{"type": "payment.created", "data": {"object": {"amount": 12500}}}');
COMMIT;
`;

type PgbenchRow = { clients: number; tps: number };

async function pgbenchCeiling(sql: postgres.Sql, databaseUrl: string): Promise<PgbenchRow[] | null> {
  const binary = pgbenchBinary();
  if (!binary) {
    progress("pgbench not found (Debian: apt-get install postgresql-client): the ceiling is skipped");
    return null;
  }
  for (const [copy, table] of [
    ["pgb_payments", "payments"],
    ["pgb_events", "events"],
    ["pgb_idempotency_keys", "idempotency_keys"],
  ]) {
    await sql.unsafe(`create table ${copy} (like ${table} including all)`);
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), "cauri-pgbench-"));
  const script = path.join(dir, "write-path.sql");
  writeFileSync(script, PGBENCH_SCRIPT);
  const url = new URL(databaseUrl);
  const connection = ["-h", url.hostname, "-p", url.port || "5432", "-U", decodeURIComponent(url.username || "postgres")];
  const out: PgbenchRow[] = [];
  try {
    for (const clients of pgbenchClients) {
      progress(`pgbench: ${clients} clients, ${duration} s`);
      const { stdout } = await run(binary, [...connection, "-n", "-M", "prepared", "-c", String(clients), "-j", String(Math.min(clients, os.cpus().length)), "-T", String(duration), "-f", script, url.pathname.slice(1)], {
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

// ---------------------------------------------------------------------------------------------
// Report

function report(box: ReturnType<typeof machine>, postgresVersion: string, phases: Phase[], pgbench: PgbenchRow[] | null, serverPeakMb: number): string {
  const lines: string[] = [];
  lines.push(`# Benchmark ${new Date().toISOString()}`, "");
  lines.push(`Machine: ${box.cpu}, ${box.cores} cores, ${box.ramGb} GB RAM, load average at start ${box.load.join(" / ")} (1 / 5 / 15 min); Node ${box.node}; ${postgresVersion}.`);
  if (Number(box.load[0]) > box.cores) lines.push("", `**The load average exceeds the core count: other work shared the machine, so read the figures as a floor.**`);
  lines.push(
    "",
    `Production build, PostgreSQL on the same machine, autocannon in its own process, ${duration} s per phase after ${warmup} s of warm-up, rate limits lifted (CAURI_BENCH_UNLIMITED=1), JSON request log silenced (CAURI_LOG=silent), CAURI_WORKERS=${env.CAURI_WORKERS ?? "1"} (RSS and CPU are summed over the server's processes).`,
    "",
  );
  lines.push("| phase | connections | req/s | p50 (ms) | p99 (ms) | max (ms) | non-2xx | errors | server peak RSS (MB) | server CPU (ms/req) | PG xacts/req | box CPU busy |");
  lines.push("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
  for (const p of phases) {
    lines.push(`| ${p.name} | ${p.connections} | ${p.rps} | ${p.p50} | ${p.p99} | ${p.max} | ${p.non2xx} | ${p.errors} | ${p.peakRssMb} | ${p.cpuMsPerRequest} | ${p.xactsPerRequest} | ${p.boxBusyPct} % |`);
  }
  lines.push("", `Server peak RSS over the whole run (VmHWM, summed over its processes): ${serverPeakMb} MB.`, "");

  const writes = phases.filter((p) => p.name === WRITE_PHASE);
  const ceiling = pgbench ? Math.max(...pgbench.map((r) => r.tps)) : null;
  if (pgbench) {
    lines.push("PostgreSQL's ceiling, pgbench (`-M prepared`), one transaction = idempotency upsert + payment insert + outbox insert:", "");
    lines.push("| clients | tps |", "| ---: | ---: |");
    for (const r of pgbench) lines.push(`| ${r.clients} | ${r.tps} |`);
    lines.push("");
  }

  lines.push("Targets:", "");
  if (writes.length === 0) {
    lines.push("- Write path: not measured");
  } else if (ceiling) {
    // The best write throughput among the concurrencies that keep p99 within the target.
    const eligible = writes.filter((w) => w.p99 < WRITE_P99_TARGET_MS && w.non2xx === 0 && w.errors === 0);
    const best = [...(eligible.length > 0 ? eligible : writes)].sort((a, b) => b.rps - a.rps)[0];
    const share = best.rps / ceiling;
    const met = eligible.length > 0 && share >= WRITE_SHARE_TARGET;
    lines.push(
      `- Write path ≥ ${WRITE_SHARE_TARGET * 100} % of the pgbench ceiling (${ceiling} tps) with p99 < ${WRITE_P99_TARGET_MS} ms: ${best.rps} req/s = ${(share * 100).toFixed(1)} % at ${best.connections} connections, p99 ${best.p99} ms: **${met ? "met" : "not met"}**`,
    );
  } else {
    lines.push("- Write path vs the pgbench ceiling: no ceiling measured");
  }
  const read = phases.find((p) => p.name.startsWith("GET /v1/payments/{id}"));
  if (read) {
    const readMet = read.rps >= READ_RPS_TARGET && read.non2xx === 0 && read.errors === 0;
    lines.push(
      `- Read path ≥ ${READ_RPS_TARGET} req/s on 2 cores: ${read.rps} req/s on ${box.cores} cores: **${readMet ? "met" : "not met"}**${box.cores !== 2 ? " (not a 2-core machine: indicative only)" : ""}`,
    );
  } else {
    lines.push("- Read path: not measured");
  }
  if (phases.some((p) => p.non2xx > 0 || p.errors > 0)) lines.push("", "**Some requests failed (non-2xx or errors): see the table.**");
  return lines.join("\n") + "\n";
}

// ---------------------------------------------------------------------------------------------

let cleanup: (() => Promise<void>) | null = null;

async function main() {
  const box = machine();
  if (env.BENCH_SKIP_BUILD === "1") {
    if (!existsSync(path.join(distDir, "standalone", "server.js"))) throw new Error(`BENCH_SKIP_BUILD=1 but ${distDir}/standalone/server.js is missing`);
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
  progress(`database ${database.name}; starting the server on ${baseUrl}`);
  server = await startServer(database.url);
  const [{ version }] = await sql<{ version: string }[]>`select version()`;
  const postgresVersion = version.split(" on ")[0];

  const merchant = await createMerchant(database.url);
  await preflight(merchant.key);
  progress(`seeding ${rows} payments`);
  const ids = await seedPayments(sql, merchant.merchantId, merchant.applicationId);

  const auth = { authorization: `Bearer ${merchant.key}` };
  const write = { method: "POST" as const, paths: ["/v1/payments"], headers: { ...auth, "content-type": "application/json" }, body: paymentBody };
  const phases: Phase[] = [];
  const measureHere = (name: string, spec: Omit<LoadSpec, "url" | "duration">) => measure(name, spec, server!, sql, database.name);
  const [{ n: listed }] = await sql<{ n: number }[]>`select count(*)::int as n from payments where merchant_id = ${merchant.merchantId}`;
  if (selected.has("read")) phases.push(await measureHere("GET /v1/payments/{id}", { method: "GET", paths: ids.map((id) => `/v1/payments/${id}`), headers: auth, connections }));
  // Before the creations, so that the list reads the seeded table.
  if (selected.has("list")) phases.push(await measureHere(`GET /v1/payments?limit=20 (${listed.toLocaleString("en")} payments)`, { method: "GET", paths: ["/v1/payments?limit=20"], headers: auth, connections }));
  if (selected.has("write")) {
    for (const c of writeConnections) phases.push(await measureHere(WRITE_PHASE, { ...write, idempotency: "fresh", freshCustomer: true, connections: c }));
    // Every payment for one customer: their customer row is upserted by each, one transaction at a time.
    phases.push(await measureHere("POST /v1/payments (fresh key, one customer)", { ...write, idempotency: "fresh", connections }));
  }
  if (selected.has("replay")) phases.push(await measureHere("POST /v1/payments (one key replayed)", { ...write, idempotency: "fixed", connections }));
  const serverPeakMb = Math.round(sumOf(server.pids(), (pid) => statusKb(pid, "VmHWM")) / 1024);

  const pgbench = selected.has("pgbench") ? await pgbenchCeiling(sql, database.url) : null;
  const markdown = report(box, postgresVersion, phases, pgbench, serverPeakMb);
  process.stdout.write(`\n${markdown}`);
  const resultsDir = path.join(import.meta.dirname, "results");
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
