import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { dataDir } from "./embedded-db";

/**
 * Where `npm run dev` / `npm start` serves, kept in the data directory while it runs, so the ops
 * CLI (another process, without PORT) builds the links it mails (invitations, password resets)
 * on the app that is running, not on port 3000.
 */
const appFile = () => path.join(dataDir(), "app-server.json");

export function recordRunningApp(url: string, pid: number = process.pid): () => void {
  mkdirSync(dataDir(), { recursive: true });
  writeFileSync(appFile(), JSON.stringify({ url, pid }) + "\n");
  return () => rmSync(appFile(), { force: true });
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
};

/** The running app's origin, or null when none runs on this data directory. */
export function runningAppUrl(): string | null {
  if (!existsSync(appFile())) return null;
  const { url, pid } = JSON.parse(readFileSync(appFile(), "utf8")) as { url: string; pid: number };
  return alive(pid) ? url : null;
}
