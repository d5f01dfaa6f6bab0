import type { Command } from "../command.js";
import type { Api } from "../api.js";
import { clock, paintStatus } from "../output.js";

type RequestLog = { id: string; method: string; path: string; status: number; duration_ms: number; request_id: string; created_at: string };

const POLL_MS = 1_000;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
  });

const page = (api: Api, query: Record<string, string | number | undefined>) => api.call<RequestLog[]>("GET", "/v1/request-logs", { query });

export const logsTail: Command = {
  words: ["logs", "tail"],
  summary: "Show the API requests of your key's mode as they happen",
  usage: "cauri logs tail [--status <code|4xx>] [--path <prefix>]",
  description: "Polls the request log every second (GET /v1/request-logs) from the moment it starts; Ctrl-C to stop.",
  options: {
    status: { type: "string", placeholder: "<status>", description: "Only this status or class (404, 4xx, 5xx)" },
    path: { type: "string", placeholder: "<path>", description: "Only requests to this path (e.g. /v1/payments)" },
  },
  examples: ["cauri logs tail", "cauri logs tail --status 4xx --path /v1/payments", "cauri logs tail --json | jq 'select(.status >= 500)'"],
  run: async ({ api, out, values }) => {
    api.key();
    const filters = { status: values.status as string | undefined, path: values.path as string | undefined };
    const stop = new AbortController();
    const onSignal = () => stop.abort();
    process.once("SIGINT", onSignal);
    process.once("SIGTERM", onSignal);
    try {
      // Start after the newest request already logged, whatever it matched: only new requests are shown.
      let after = (await page(api, { limit: 1 })).data[0]?.id;
      out.warn(out.paint("dim", `Tailing requests on ${api.baseUrl}${filters.status ? ` status ${filters.status}` : ""}${filters.path ? ` path ${filters.path}` : ""}… (Ctrl-C to stop)`));
      while (!stop.signal.aborted) {
        let answer: Awaited<ReturnType<typeof page>>;
        try {
          // With `after` the log answers oldest first; the first time there is none, newest first.
          answer = await page(api, { ...filters, limit: 200, after });
        } catch (error) {
          if (stop.signal.aborted) break;
          throw error;
        }
        const logs = after ? answer.data : [...answer.data].reverse();
        for (const log of logs) {
          after = log.id;
          out.record(log);
          out.line(`${out.paint("dim", clock(new Date(log.created_at)))}  ${log.method.padEnd(6)} ${log.path}  [${paintStatus(out, log.status)}]  ${out.paint("dim", `${log.duration_ms}ms  ${log.request_id}`)}`);
        }
        if (!answer.has_more) await sleep(POLL_MS, stop.signal);
      }
    } finally {
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
    }
    return 0;
  },
};
