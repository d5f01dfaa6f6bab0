import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { recordRunningApp, runningAppUrl } from "../scripts/running-app";

beforeEach(() => {
  vi.stubEnv("CAURI_DATA_DIR", mkdtempSync(path.join(tmpdir(), "cauri-app-")));
});
afterEach(() => {
  vi.unstubAllEnvs();
});

describe("the running app's address, for the ops CLI's links", () => {
  it("is the launched app's while it runs, and nothing once it stopped or its process is gone", () => {
    expect(runningAppUrl()).toBeNull();
    const forget = recordRunningApp("http://localhost:4300");
    expect(runningAppUrl()).toBe("http://localhost:4300");
    forget();
    expect(runningAppUrl()).toBeNull();
    // A process that ended without cleaning up (SIGKILL): its file names a pid that no longer runs.
    const gone = spawnSync(process.execPath, ["-e", "0"]).pid;
    recordRunningApp("http://localhost:4301", gone);
    expect(runningAppUrl()).toBeNull();
  });
});
