import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";

/** The database URL the suite's server uses: DATABASE_URL, or the embedded server of CAURI_DATA_DIR. */
export function suiteDatabaseUrl(): string {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const dir = process.env.CAURI_DATA_DIR ?? ".data";
  const { port } = JSON.parse(readFileSync(path.join(dir, "pglite-server.json"), "utf8")) as { port: number };
  return `postgres://postgres:postgres@127.0.0.1:${port}/postgres?sslmode=disable`;
}

/** A port for an extra app process: `variable` when set, else the suite's port plus `offset` (so each run keeps to its own range). */
export function extraPort(variable: string, offset: number): number {
  return Number(process.env[variable] ?? Number(process.env.E2E_PORT ?? 3100) + offset);
}

export type Instance = {
  url: string;
  process: ChildProcess;
  stop: (signal?: NodeJS.Signals) => Promise<void>;
  /** SIGKILL to the launcher and the server it spawned, like a machine losing power; resolves once nothing answers on the port. */
  crash: () => Promise<void>;
};

/** Starts one more app process (the production standalone build) and waits until it answers. */
export async function startInstance(port: number, env: Record<string, string> = {}): Promise<Instance> {
  const embedded = !process.env.DATABASE_URL;
  const child = spawn("npx", ["tsx", "scripts/launch.ts", "start"], {
    // Like the suite's server (playwright.config.ts): test receivers listen on 127.0.0.1.
    env: { ...process.env, PORT: String(port), CAURI_SEED_DEMO: "false", WEBHOOK_ALLOW_PRIVATE_TARGETS: "true", ...(embedded ? { DATABASE_POOL_MAX: "1", DATABASE_PREPARE: "false" } : {}), ...env },
    // Its error lines (an unhandled error's message and stack) reach the test output; the rest is noise.
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error(`instance on ${port} did not start`);
    await new Promise((r) => setTimeout(r, 300));
  }
  const stop = async (signal: NodeJS.Signals = "SIGTERM") => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once("exit", r));
    // The launcher and the server it spawned form one process group.
    process.kill(-child.pid!, signal);
    await exited;
  };
  return {
    url,
    process: child,
    stop,
    crash: async () => {
      await stop("SIGKILL");
      // The launcher going is not enough: the standalone server it spawned must be gone too.
      const until = Date.now() + 10_000;
      while (await accepts(port)) {
        if (Date.now() > until) throw new Error(`something still serves port ${port} after SIGKILL`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
  };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** A TCP proxy in front of the database that a test can cut and restore, like a database restart. */
export async function startDatabaseProxy(targetUrl: string) {
  const target = new URL(targetUrl);
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  // Frozen: connections are accepted and bytes are read by nobody, as with a SIGSTOPped server.
  let frozen = false;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        sockets.add(client).add(upstream);
        client.pipe(upstream).pipe(client);
        if (frozen) {
          client.pause();
          upstream.pause();
        }
        const close = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        client.on("error", close).on("close", close);
        upstream.on("error", close).on("close", close);
      });
      server.listen(port, "127.0.0.1", () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });
  await listen();
  const proxied = new URL(targetUrl);
  proxied.hostname = "127.0.0.1";
  proxied.port = String(port);
  return {
    url: proxied.toString(),
    cut: async () => {
      for (const s of sockets) s.destroy();
      sockets.clear();
      await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
      server = null;
    },
    restore: listen,
    freeze: () => {
      frozen = true;
      for (const s of sockets) s.pause();
    },
    thaw: () => {
      frozen = false;
      for (const s of sockets) s.resume();
    },
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
    },
  };
}
