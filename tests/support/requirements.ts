import { spawnSync } from "node:child_process";
import net from "node:net";

/**
 * What some tests need beyond Node: a Redis server, an interpreter to run a documentation
 * sample with. The fast lane (`npm run test:fast`, docs/testing.md) runs where only Node is
 * installed, so such a test is skipped there with the reason printed. CI (CI=true, `.ci/run`
 * installs everything) must never skip silently: there a missing requirement fails the test.
 */
export type Requirement = "redis" | "php" | "python" | "curl" | "openssl";

const how: Record<Requirement, string> = {
  redis: "a Redis server at REDIS_URL (default redis://127.0.0.1:6379; start redis-server)",
  php: "php on PATH (apt-get install php-cli)",
  python: "python3 on PATH (apt-get install python3)",
  curl: "curl on PATH (apt-get install curl)",
  openssl: "openssl on PATH (apt-get install openssl)",
};

const commands: Record<Exclude<Requirement, "redis">, string> = { php: "php", python: "python3", curl: "curl", openssl: "openssl" };

export const redisUrl = () => process.env.REDIS_URL || "redis://127.0.0.1:6379";

function redisAnswers(): Promise<boolean> {
  const url = new URL(redisUrl());
  return new Promise((resolve) => {
    const socket = net.connect({ host: url.hostname, port: Number(url.port || 6379) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(2_000, () => done(false));
    socket.once("error", () => done(false));
    // A PING answered, not merely an open port.
    socket.once("connect", () => socket.write("PING\r\n"));
    socket.once("data", (data) => done(data.toString().startsWith("+PONG") || data.toString().startsWith("-NOAUTH")));
  });
}

const known = new Map<Requirement, Promise<boolean>>();

function present(requirement: Requirement): Promise<boolean> {
  let answer = known.get(requirement);
  if (!answer) {
    answer = requirement === "redis" ? redisAnswers() : Promise.resolve(!spawnSync(commands[requirement], ["--version"]).error);
    known.set(requirement, answer);
  }
  return answer;
}

const printed = new Set<string>();

/**
 * Whether every requirement is met. Missing ones are printed once per file as
 * "skipped: needs …"; under CI this throws instead, failing the file by name.
 * For a whole describe block: `describe.skipIf(!(await available("redis")))(…)`.
 */
export async function available(...requirements: Requirement[]): Promise<boolean> {
  const missing: Requirement[] = [];
  for (const r of requirements) if (!(await present(r))) missing.push(r);
  if (missing.length === 0) return true;
  const needs = missing.map((r) => how[r]).join(", ");
  if (process.env.CI && process.env.CI !== "false" && process.env.CI !== "0") {
    throw new Error(`missing requirement under CI: needs ${needs}. CI runs the whole suite and skips nothing (.ci/run installs these).`);
  }
  if (!printed.has(needs)) {
    printed.add(needs);
    console.warn(`skipped: needs ${needs} (npm test on CI has it; see docs/testing.md)`);
  }
  return false;
}

/**
 * Inside a test: skips it, with the reason as its note, when a requirement is missing (fails
 * under CI, see `available`).
 */
export async function requires(context: { skip: (condition: boolean, note?: string) => void }, ...requirements: Requirement[]): Promise<void> {
  const ok = await available(...requirements);
  context.skip(!ok, `needs ${requirements.join(", ")}`);
}
