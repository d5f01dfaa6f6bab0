/**
 * Preloaded by bench/run.ts (BENCH_MEMORY_DIR) into the processes that serve requests: once a
 * second it appends process.memoryUsage() to memory-<pid>.jsonl there, so the bench can set the
 * V8 heap and the memory V8 does not hold (external, array buffers, the rest of RSS) beside the
 * RSS it reads from /proc. On SIGUSR2 it writes a heap snapshot into BENCH_SNAPSHOT_DIR (Chrome
 * DevTools opens it).
 */
import { appendFileSync, renameSync } from "node:fs";
import path from "node:path";
import { getHeapStatistics, writeHeapSnapshot } from "node:v8";

// As bench/cpu-profile.mjs: server/main.ts itself when CAURI_WORKERS is 1, else its cluster workers.
const script = process.argv[1] ?? "";
const serves = script.endsWith(path.join("server", "main.ts")) && ((process.env.CAURI_WORKERS ?? "1") === "1" || Boolean(process.env.NODE_UNIQUE_ID));
const dir = process.env.BENCH_MEMORY_DIR;
if (serves && dir) {
  const file = path.join(dir, `memory-${process.pid}.jsonl`);
  const timer = setInterval(() => {
    const { rss, heapTotal, heapUsed, external, arrayBuffers } = process.memoryUsage();
    const heapLimit = getHeapStatistics().heap_size_limit;
    appendFileSync(file, `${JSON.stringify({ at: Date.now(), rss, heapTotal, heapUsed, external, arrayBuffers, heapLimit })}\n`);
  }, 1_000);
  timer.unref();
  let snapshots = 0;
  process.on("SIGUSR2", () => {
    // Written under a temporary name and renamed when complete, so the bench waits for the final name.
    const file = path.join(process.env.BENCH_SNAPSHOT_DIR ?? dir, `server-${process.pid}-${++snapshots}.heapsnapshot`);
    renameSync(writeHeapSnapshot(`${file}.partial`), file);
  });
}
