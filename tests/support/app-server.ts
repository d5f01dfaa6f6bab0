import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";
import { createAppServer } from "@/server/http-server";
import { serverOptions } from "@/server/options";

export type AppServer = {
  /** `http://127.0.0.1:<port>`, set once the file's beforeAll has run. */
  readonly base: string;
  /** Drops every open connection (a long-lived stream among them), as a restart or a proxy would. */
  dropConnections: () => void;
};

/**
 * The production server module on a real port for the whole test file: /v1 served in-process,
 * everything else answered 404 (no Next.js). Programs the tests spawn (samples, the CLI) reach it
 * like an integrator's would; they must be spawned without blocking this process's event loop.
 */
export function appServerForFile(): AppServer {
  let base = "";
  let server: ReturnType<typeof createAppServer>["server"] | undefined;
  beforeAll(async () => {
    ({ server } = createAppServer(serverOptions(), async (_req, res) => {
      res.writeHead(404).end();
    }));
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server?.closeAllConnections();
    server?.close();
  });
  return {
    get base() {
      return base;
    },
    dropConnections: () => server?.closeAllConnections(),
  };
}
