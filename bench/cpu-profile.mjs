/**
 * Preloaded by bench/run.ts when BENCH_CPU_PROF is set (NODE_OPTIONS refuses --cpu-prof): profiles
 * the processes that serve requests only, from start to exit, and writes a .cpuprofile that Chrome DevTools
 * or speedscope open.
 */
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector";
import path from "node:path";

// server/main.ts serves in its own process when CAURI_WORKERS is 1, else in the workers it forks
// (cluster workers have NODE_UNIQUE_ID; the primary only forwards connections).
const script = process.argv[1] ?? "";
const serves = script.endsWith(path.join("server", "main.ts")) && ((process.env.CAURI_WORKERS ?? "1") === "1" || Boolean(process.env.NODE_UNIQUE_ID));
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
