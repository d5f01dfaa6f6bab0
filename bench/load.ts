/**
 * The load generator of bench/run.ts, in its own process so that autocannon never shares an event
 * loop with the coordinator (which samples the server's memory and CPU meanwhile). Reads one
 * LoadSpec as JSON on stdin, runs it, writes one LoadResult as JSON on stdout.
 */
import { randomUUID } from "node:crypto";
import autocannon from "autocannon";

export type LoadSpec = {
  url: string;
  connections: number;
  /** Seconds. */
  duration: number;
  method: "GET" | "POST";
  /** A single path, or several cycled over request by request. */
  paths: string[];
  headers: Record<string, string>;
  body?: string;
  /** "fresh": a new X-Idempotency-Key per request; "fixed": the same one on every request. */
  idempotency?: "fresh" | "fixed";
  /** A new customer_phone in the JSON body per request: each payment for another customer. */
  freshCustomer?: boolean;
  /** API keys taken in turn, `perKey` requests each (within their rate limits), instead of `headers.authorization`. */
  keys?: string[];
  perKey?: number;
};

export type LoadResult = {
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
  statuses: Record<string, number>;
};

async function readStdin(): Promise<string> {
  let text = "";
  for await (const chunk of process.stdin) text += chunk;
  return text;
}

async function main() {
  const spec = JSON.parse(await readStdin()) as LoadSpec;
  const fixedKey = randomUUID();
  const body = spec.body && spec.freshCustomer ? (JSON.parse(spec.body) as Record<string, unknown>) : null;
  let next = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    autocannon(
      {
        url: spec.url,
        connections: spec.connections,
        duration: spec.duration,
        requests: [
          {
            method: spec.method,
            path: spec.paths[0],
            headers: spec.headers,
            body: spec.body,
            setupRequest: (request) => {
              const headers = { ...request.headers };
              if (spec.idempotency) headers["x-idempotency-key"] = spec.idempotency === "fresh" ? randomUUID() : fixedKey;
              const n = next++;
              if (spec.keys?.length) headers.authorization = `Bearer ${spec.keys[Math.floor(n / (spec.perKey ?? 1)) % spec.keys.length]}`;
              const fresh = body ? { body: JSON.stringify({ ...body, customer_phone: `+2237${String(n % 10_000_000).padStart(7, "0")}` }) } : {};
              return { ...request, ...fresh, path: spec.paths[n % spec.paths.length], headers };
            },
          },
        ],
      },
      (error, r) => (error ? reject(error) : resolve(r)),
    );
  });
  const statuses: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) statuses[code] = stat.count ?? 0;
  const out: LoadResult = {
    requests: result.requests.total,
    seconds: result.duration,
    rps: Math.round((result.requests.total / result.duration) * 10) / 10,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    non2xx: result.non2xx,
    // autocannon's errors already include its timeouts.
    errors: result.errors,
    statuses,
  };
  process.stdout.write(JSON.stringify(out));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
