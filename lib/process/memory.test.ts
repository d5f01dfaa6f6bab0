import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SERVER_HEAP_MB, SERVER_MALLOC_ARENAS, serverMemorySettings } from "./memory";

describe("server memory settings", () => {
  it("caps the V8 heap and the malloc arenas when the operator set neither", () => {
    expect(serverMemorySettings({})).toEqual({ NODE_OPTIONS: `--max-old-space-size=${SERVER_HEAP_MB}`, MALLOC_ARENA_MAX: String(SERVER_MALLOC_ARENAS) });
  });

  it("keeps the operator's other Node options beside the heap limit", () => {
    expect(serverMemorySettings({ NODE_OPTIONS: "--import ./probe.mjs" }).NODE_OPTIONS).toBe(`--max-old-space-size=${SERVER_HEAP_MB} --import ./probe.mjs`);
  });

  it("leaves a heap limit or an arena count the operator chose as it is", () => {
    expect(serverMemorySettings({ NODE_OPTIONS: "--max-old-space-size=1024" }).NODE_OPTIONS).toBe("--max-old-space-size=1024");
    expect(serverMemorySettings({ NODE_OPTIONS: "--max_old_space_size=768 --trace-gc" }).NODE_OPTIONS).toBe("--max_old_space_size=768 --trace-gc");
    expect(serverMemorySettings({ MALLOC_ARENA_MAX: "4" }).MALLOC_ARENA_MAX).toBe("4");
  });

  it("is what the Docker image runs with too", () => {
    const dockerfile = readFileSync(new URL("../../Dockerfile", import.meta.url), "utf8");
    const runStage = dockerfile.slice(dockerfile.indexOf("AS run"));
    expect(runStage).toContain(`NODE_OPTIONS=--max-old-space-size=${SERVER_HEAP_MB}`);
    expect(runStage).toContain(`MALLOC_ARENA_MAX=${SERVER_MALLOC_ARENAS}`);
  });
});
