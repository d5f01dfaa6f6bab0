import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/** Serves a PGlite in a temp data dir over the wire from a child process, like scripts/launch.ts does for `npm run dev`. */
export async function embeddedDatabase(): Promise<{ url: string; stop: () => void }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "cauri-bench-"));
  const script = `
    import { serveEmbeddedDatabase } from "./scripts/embedded-db.ts";
    import { migratePglite } from "./db/migrate.ts";
    const server = await serveEmbeddedDatabase((client) => migratePglite(client));
    console.log("URL " + server.url);
    process.on("SIGTERM", async () => { await server.stop(); process.exit(0); });
  `;
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    env: { ...process.env, CAURI_DATA_DIR: dir },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (c: Buffer) => {
      out += c.toString();
      const m = /URL (\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    child.on("exit", (code) => reject(new Error(`embedded database exited with ${code}`)));
  });
  return {
    url,
    stop: () => {
      child.kill("SIGTERM");
      setTimeout(() => rmSync(dir, { recursive: true, force: true }), 500);
    },
  };
}

export const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
