/**
 * `npm start` and the Docker image: the production server (docs/architecture.md, "The request path").
 *
 *   node --import tsx server/main.ts
 *
 * CAURI_WORKERS > 1 runs that many copies on one port through node:cluster (a Node.js process
 * uses one core); each worker is a full instance, as safe as several machines.
 */
import cluster from "node:cluster";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { closeDb } from "@/db/client";
import { closeRateLimits } from "@/lib/rate-limit/limits";
import { stopBackgroundWork } from "@/lib/jobs/runner";
import { flushLogs, log } from "@/lib/log";
import { createAppServer } from "./http-server";
import { serverOptions } from "./options";
import { servePage } from "./page-outage";

const options = serverOptions();
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

async function serve(): Promise<void> {
  const { default: next } = await import("next");
  const app = next({ dev: false, dir: root, hostname: options.hostname, port: options.port });
  await app.prepare();
  const handle = app.getRequestHandler();
  const { server, drain } = createAppServer(options, (req, res) => servePage(req, res, handle));
  server.listen(options.port, options.hostname, () => {
    console.log(`> Ready on http://${options.hostname}:${options.port} (pid ${process.pid}, /v1 ${options.dispatch === "direct" ? "dispatched directly" : "through Next.js"})`);
  });
  let stopping = false;
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      void drain()
        .then(async () => {
          stopBackgroundWork();
          flushLogs();
          await closeRateLimits();
          await closeDb();
        })
        .finally(() => process.exit(0));
    });
  }
}

function supervise(): void {
  let stopping = false;
  let alive = 0;
  const fork = () => {
    alive++;
    cluster.fork();
  };
  for (let i = 0; i < options.workers; i++) fork();
  cluster.on("exit", (worker, code, signal) => {
    alive--;
    if (stopping) {
      if (alive === 0) process.exit(0);
      return;
    }
    // A crashed worker is replaced; the others keep serving meanwhile.
    log("error", "worker exited, starting another", { pid: worker.process.pid, code, signal });
    fork();
  });
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    });
  }
}

if (options.workers > 1 && cluster.isPrimary) supervise();
else await serve();
