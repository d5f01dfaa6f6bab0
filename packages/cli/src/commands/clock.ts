import type { Command } from "../command.js";
import { formatDuration, parseDuration } from "../duration.js";
import { usageError } from "../errors.js";

type SandboxClock = { now: string; offset_seconds: number };

const show = (clock: SandboxClock) => `${clock.now} (${clock.offset_seconds ? `${formatDuration(clock.offset_seconds)} ahead of real time` : "real time"})`;

export const clockAdvance: Command = {
  words: ["clock", "advance"],
  summary: "Move your sandbox clock forward (expiries, billing, deadlines run)",
  usage: "cauri clock advance <duration>",
  description:
    "Test keys only. <duration>: 90s, 30m, 2h, 3d, 1w, 1h30m or seconds; at most 365 days per call. The clock never goes back. Every time rule of your test-mode objects then evaluates at the new time, and the due work runs before the answer.",
  examples: ["cauri clock advance 2h", "cauri clock advance 3d --json"],
  run: async ({ api, out, positionals }) => {
    const [text, ...extra] = positionals;
    if (!text) throw usageError("cauri clock advance needs a duration (e.g. 30m, 2h, 3d).");
    if (extra.length) throw usageError(`cauri clock advance takes one duration; unexpected: ${extra.join(" ")}`);
    const seconds = parseDuration(text);
    if (!seconds) throw usageError(`${JSON.stringify(text)} is not a duration: use 90s, 30m, 2h, 3d, 1w or 1h30m.`);
    api.testKey("clock advance");
    out.progress(`Advancing the sandbox clock by ${formatDuration(seconds)} and running the due work…`);
    const { data } = await api.call<SandboxClock>("POST", "/v1/sandbox/clock/advance", { body: { seconds } });
    out.done();
    out.record({ advanced_seconds: seconds, ...data });
    out.line(`${out.paint("green", "✔")} Sandbox clock advanced by ${formatDuration(seconds)}: now ${show(data)}`);
  },
};

export const clockShow: Command = {
  words: ["clock", "show"],
  summary: "Show your sandbox clock",
  usage: "cauri clock show",
  examples: ["cauri clock show"],
  run: async ({ api, out }) => {
    api.testKey("clock show");
    const { data } = await api.call<SandboxClock>("GET", "/v1/sandbox/clock");
    out.record(data);
    out.line(`Sandbox clock: ${show(data)}`);
  },
};
