import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { SessionQueue } from "./embedded-session-queue";

/** Where the embedded database lives and how a second process finds the server holding it. */
export const dataDir = () => path.resolve(process.env.CAURI_DATA_DIR ?? ".data");
const serverFile = () => path.join(dataDir(), "pglite-server.json");

export type EmbeddedServer = { url: string; stop: () => Promise<void> };

export function embeddedUrl(port: number): string {
  return `postgres://postgres:postgres@127.0.0.1:${port}/postgres?sslmode=disable`;
}

async function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: "127.0.0.1" });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
    socket.setTimeout(500, () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** The URL of a running embedded server for this data directory, if one is up. */
export async function runningEmbeddedUrl(): Promise<string | null> {
  if (!existsSync(serverFile())) return null;
  const { port } = JSON.parse(readFileSync(serverFile(), "utf8")) as { port: number };
  return (await portAnswers(port)) ? embeddedUrl(port) : null;
}

/**
 * Opens the PGlite data directory and serves it over the PostgreSQL wire protocol, so the app
 * and the ops CLI reach it with the same `postgres` driver as production. `prepare` runs on
 * the PGlite instance itself (migrations, seed) before any client connects.
 */
export async function serveEmbeddedDatabase(prepare: (client: PGlite) => Promise<void>): Promise<EmbeddedServer> {
  mkdirSync(dataDir(), { recursive: true });
  const client = await PGlite.create(path.join(dataDir(), "pglite"));
  await prepare(client);
  const port = Number(process.env.CAURI_PGLITE_PORT ?? 0);
  const server = new PGLiteSocketServer({ db: client, port, host: "127.0.0.1", maxConnections: 8 });
  // Replaced before the first connection: each connection's handler takes the server's queue when it is created.
  (server as unknown as { queryQueue: SessionQueue }).queryQueue = new SessionQueue(client);
  await server.start();
  const address = (server as unknown as { server?: net.Server }).server?.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  writeFileSync(serverFile(), JSON.stringify({ port: actualPort, pid: process.pid }) + "\n");
  return {
    url: embeddedUrl(actualPort),
    stop: async () => {
      rmSync(serverFile(), { force: true });
      await server.stop();
      await client.close();
    },
  };
}
