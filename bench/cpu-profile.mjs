/**
 * Preloaded by bench/run.ts when BENCH_CPU_PROF is set (NODE_OPTIONS refuses --cpu-prof): profiles
 * the processes that serve requests only, from start to exit, and writes a .cpuprofile that Chrome DevTools
 * or speedscope open.
 */
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector";
import path from "node:path";

// The server runs in scripts/cluster-server.mjs itself when CAURI_WORKERS is 1, else in workers
// forked with server.js as their script (the cluster primary only forwards connections).
const script = process.argv[1] ?? "";
const serves = script.endsWith(path.join("standalone", "server.js")) || (script.endsWith("cluster-server.mjs") && (process.env.CAURI_WORKERS ?? "1") === "1");
if (serves && process.env.BENCH_CPU_PROF) {
  const session = new Session();
  session.connect();
  session.post("Profiler.enable");
  session.post("Profiler.start");
  // The callback of an in-process session runs synchronously, so the profile is written before the process ends.
  process.on("exit", () => {
    session.post("Profiler.stop", (error, result) => {
      if (!error) writeFileSync(path.join(process.env.BENCH_CPU_PROF, `server-${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
