import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";

// Runs lib/log.ts in its own process, as a server or the ops CLI does, and reads what it wrote.
function run(script: string, env: Record<string, string> = {}) {
  const code = `import { log } from "./lib/log.ts";\n${script}`;
  const out = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", code], {
    cwd: process.cwd(),
    env: { ...process.env, CAURI_LOG: "", ...env },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  return out.split("\n").filter(Boolean).map((line) => JSON.parse(line) as { level: string; msg: string; n?: number });
}

describe("log", () => {
  it("writes every batched line, in order, even when the process exits in the same turn", () => {
    const lines = run(`for (let n = 0; n < 50; n++) log("info", "step", { n }); process.exit(0);`);
    expect(lines.map((l) => l.n)).toEqual(Array.from({ length: 50 }, (_, n) => n));
  });

  it("writes the lines of a process that ends by itself", () => {
    expect(run(`log("warn", "one"); log("info", "two");`).map((l) => l.msg)).toEqual(["one", "two"]);
  });

  it("sends info lines to stderr when CAURI_LOG_STREAM=stderr, keeping stdout clean (the ops CLI's --json)", () => {
    expect(run(`log("info", "hidden"); process.stdout.write("{}\\n");`, { CAURI_LOG_STREAM: "stderr" })).toEqual([{}]);
  });

  it("writes nothing when CAURI_LOG=silent", () => {
    expect(run(`log("info", "quiet"); log("error", "quiet too");`, { CAURI_LOG: "silent" })).toEqual([]);
  });
});
