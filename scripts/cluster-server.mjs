/**
 * Runs the standalone Next.js server (`server.js` beside this file once `npm run build` has copied
 * it there) as CAURI_WORKERS processes sharing one port through node:cluster: a Node.js process uses
 * one core, so one worker per core is how one machine serves more requests. Every worker is a full
 * app instance (its own pool, key cache and background runner), which the service supports as it
 * supports several machines (README, "Several instances"). CAURI_WORKERS=1 (the default) runs the
 * server in this process, as if `node server.js` had been called.
 *
 * Plain JavaScript, so the Docker image runs it without the TypeScript toolchain.
 */
import cluster from "node:cluster";
import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { installClientIp, trustedProxies } from "./client-ip.mjs";
import { installMalformedUrlRepair } from "./malformed-url.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const server = path.resolve(process.argv[2] ?? path.join(here, "server.js"));
const requested = process.env.CAURI_WORKERS ?? "1";
const workers = requested === "auto" ? availableParallelism() : Number.parseInt(requested, 10);
if (!Number.isInteger(workers) || workers < 1) {
  console.error(`CAURI_WORKERS must be a positive integer or "auto", got "${requested}"`);
  process.exit(1);
}

// Request hooks every serving process installs before Next.js creates its server.
const hookModules = ["client-ip.mjs", "malformed-url.mjs"].map((name) => pathToFileURL(path.join(here, name)).href);
trustedProxies(); // an invalid CAURI_TRUSTED_PROXIES stops the start here, not in a worker crash loop

if (workers === 1) {
  installClientIp();
  installMalformedUrlRepair();
  await import(pathToFileURL(server).href);
} else if (cluster.isPrimary) {
  // Workers run server.js itself: the request hooks are installed in them by --import.
  cluster.setupPrimary({ exec: server, execArgv: [...process.execArgv, ...hookModules.flatMap((href) => ["--import", href])] });
  let stopping = false;
  let alive = 0;
  const fork = () => {
    alive++;
    cluster.fork();
  };
  for (let i = 0; i < workers; i++) fork();
  cluster.on("exit", (worker, code, signal) => {
    alive--;
    if (stopping) {
      if (alive === 0) process.exit(0);
      return;
    }
    // A crashed worker is replaced; the others keep serving meanwhile.
    console.error(JSON.stringify({ time: new Date().toISOString(), level: "error", msg: "worker exited, starting another", pid: worker.process.pid, code, signal }));
    fork();
  });
  for (const signal of ["SIGTERM", "SIGINT"]) {
    process.on(signal, () => {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    });
  }
}
