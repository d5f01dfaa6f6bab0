import { CliError, usageError } from "../errors.js";
import type { Command, Token } from "../command.js";
import { readEnvelope, type Api } from "../api.js";
import { clock, paintStatus, type Output } from "../output.js";
import { SseParser } from "../sse.js";

/** A --forward-to URL and the event types it takes (null: every type the session receives). */
export type Route = { url: string; events: string[] | null };

type Session = { id: string; secret: string; enabled_events: string[]; stream_url: string };
type Delivery = { delivery_id: string; event_id: string; event_type: string; body: string; headers: Record<string, string> };
export type Attempt = { url: string; status_code: number | null; error: string | null; duration_ms: number; response_excerpt?: string };

const FORWARD_TIMEOUT_MS = 10_000;
/** Keepalives arrive every 15 s: three missed means the connection is dead even if the socket says otherwise. */
const SILENCE_MS = 45_000;
const MAX_BACKOFF_S = 15;

/**
 * Each --forward-to takes the --events that follows it (before the next --forward-to); one
 * without --events takes every type. `--events a,b --events c` adds up.
 */
export function routesFrom(tokens: Token[]): Route[] {
  const routes: Route[] = [];
  for (const token of tokens) {
    if (token.kind !== "option") continue;
    if (token.name === "forward-to") {
      let url: URL;
      try {
        url = new URL(token.value ?? "");
      } catch {
        throw usageError(`--forward-to ${JSON.stringify(token.value ?? "")} is not a URL (e.g. http://localhost:4242/webhooks).`);
      }
      if (url.protocol !== "http:" && url.protocol !== "https:") throw usageError(`--forward-to must be an http:// or https:// URL, not ${url.protocol}`);
      routes.push({ url: url.toString(), events: null });
    } else if (token.name === "events") {
      const route = routes.at(-1);
      if (!route) throw usageError("--events goes after the --forward-to it filters (e.g. --forward-to http://localhost:4242/webhooks --events payment.success).");
      const types = (token.value ?? "").split(",").map((t) => t.trim()).filter(Boolean);
      if (!types.length) throw usageError("--events expects a comma-separated list of event types (e.g. payment.success,payment.failed).");
      route.events = [...(route.events ?? []), ...types];
    }
  }
  return routes;
}

/** `*` takes everything, `payment.*` a family, anything else one type. */
export const routeTakes = (route: Route, type: string): boolean =>
  route.events === null || route.events.some((e) => e === "*" || e === type || (e.endsWith(".*") && type.startsWith(e.slice(0, -1))));

/** What the session asks the service for: the union of the routes' types, or everything when one route takes all or a family. */
export function sessionEvents(routes: Route[]): string[] | undefined {
  if (routes.some((r) => r.events === null || r.events.some((e) => e.includes("*")))) return undefined;
  return [...new Set(routes.flatMap((r) => r.events!))];
}

async function forward(url: string, delivery: Delivery): Promise<Attempt> {
  const started = performance.now();
  try {
    const response = await fetch(url, { method: "POST", headers: delivery.headers, body: delivery.body, redirect: "manual", signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS) });
    const excerpt = (await response.text().catch(() => "")).slice(0, 500);
    return { url, status_code: response.status, error: null, duration_ms: Math.round(performance.now() - started), response_excerpt: excerpt };
  } catch (error) {
    const e = error as Error & { cause?: { code?: string; message?: string } };
    const why = e.name === "TimeoutError" ? `no answer within ${FORWARD_TIMEOUT_MS / 1000}s` : (e.cause?.code ?? e.cause?.message ?? e.message);
    return { url, status_code: null, error: why, duration_ms: Math.round(performance.now() - started) };
  }
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
  });

class Listener {
  private queue: Promise<void> = Promise.resolve();
  private lastId: string | undefined;
  /** A delivery not yet reported is streamed again after a reconnection: it is forwarded once. */
  private readonly taken = new Set<string>();
  private announced = false;

  constructor(
    private readonly api: Api,
    private readonly out: Output,
    private readonly session: Session,
    private readonly routes: Route[],
    private readonly stop: AbortSignal,
  ) {}

  /** Streams until stopped, reconnecting with backoff (1, 2, 4 … 15 s) when the connection drops. */
  async run(): Promise<void> {
    let failures = 0;
    while (!this.stop.aborted) {
      const connected = await this.connect();
      if (this.stop.aborted) break;
      failures = connected ? 1 : failures + 1;
      const wait = Math.min(MAX_BACKOFF_S, 2 ** (failures - 1));
      for (let left = wait; left > 0 && !this.stop.aborted; left--) {
        this.out.progress(`Connection to ${this.api.baseUrl} lost; reconnecting in ${left}s (attempt ${failures})…`);
        await sleep(1_000, this.stop);
      }
    }
    await this.queue;
  }

  /** One connection; answers whether it got as far as the stream (so the backoff starts over). A refusal by the API ends the command. */
  private async connect(): Promise<boolean> {
    const connection = new AbortController();
    const abort = () => connection.abort();
    this.stop.addEventListener("abort", abort, { once: true });
    let watchdog: NodeJS.Timeout | undefined;
    const alive = () => {
      clearTimeout(watchdog);
      watchdog = setTimeout(abort, SILENCE_MS);
    };
    try {
      const headers = this.api.headers({ accept: "text/event-stream", ...(this.lastId ? { "last-event-id": this.lastId } : {}) });
      const response = await this.api.fetch(this.api.url(this.session.stream_url), { headers, signal: connection.signal });
      if (!response.ok || !response.body) await readEnvelope(response, this.api.baseUrl);
      alive();
      const parser = new SseParser((event) => this.onEvent(event.event, event.data, event.id), alive);
      const decoder = new TextDecoder();
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        alive();
        parser.feed(decoder.decode(chunk, { stream: true }));
      }
      return true;
    } catch (error) {
      // An answer of the API (session closed, key revoked) will not change by retrying.
      if (error instanceof CliError && error.status !== undefined && error.status < 500) throw error;
      if (!this.stop.aborted && error instanceof CliError) this.out.progress(error.message);
      return false;
    } finally {
      clearTimeout(watchdog);
      this.stop.removeEventListener("abort", abort);
    }
  }

  private onEvent(type: string, data: string, id: string | undefined) {
    if (type === "ready") return this.ready();
    if (type !== "delivery") return;
    let delivery: Delivery;
    try {
      delivery = JSON.parse(data) as Delivery;
    } catch {
      return this.out.warn(`Ignored an unreadable delivery (${data.slice(0, 80)}).`);
    }
    this.lastId = id ?? delivery.delivery_id;
    if (this.taken.has(delivery.delivery_id)) return;
    this.taken.add(delivery.delivery_id);
    this.queue = this.queue.then(() => this.deliver(delivery));
  }

  private ready() {
    this.out.done();
    if (this.announced) return this.out.warn(this.out.paint("dim", `${clock()}  Reconnected.`));
    this.announced = true;
    const { out, session } = this;
    out.record({ type: "ready", session_id: session.id, secret: session.secret, enabled_events: session.enabled_events, routes: this.routes });
    out.line(`${out.paint("green", "Ready!")} Your webhook signing secret is ${out.paint("bold", session.secret)} (valid for this session)`);
    for (const route of this.routes) out.line(out.paint("dim", `  ${route.events ? route.events.join(", ") : "every event"} → ${route.url}`));
    out.line(out.paint("dim", "Waiting for events… (Ctrl-C to stop)"));
  }

  private async deliver(delivery: Delivery) {
    const { out } = this;
    const targets = this.routes.filter((r) => routeTakes(r, delivery.event_type));
    const attempts = await Promise.all(targets.map((r) => forward(r.url, delivery)));
    const at = clock();
    if (!attempts.length) out.line(out.paint("dim", `${at}  ${delivery.event_type}  ${delivery.event_id}  (no --forward-to takes this type)`));
    for (const a of attempts) {
      const result = a.status_code === null ? `${paintStatus(out, null)} ${a.error}` : paintStatus(out, a.status_code);
      out.line(`${out.paint("dim", at)}  ${out.paint("cyan", delivery.event_type.padEnd(24))} ${delivery.event_id}  → POST ${a.url} [${result}] ${out.paint("dim", `${a.duration_ms}ms`)}`);
    }
    out.record({ type: "forward", delivery_id: delivery.delivery_id, event_id: delivery.event_id, event_type: delivery.event_type, attempts });
    if (!attempts.length) return;
    try {
      await this.api.call("POST", `/v1/webhooks/listen-sessions/${this.session.id}/results`, { body: { delivery_id: delivery.delivery_id, attempts } });
    } catch (error) {
      // Unreported, it is streamed again on the next connection: let it through then.
      this.taken.delete(delivery.delivery_id);
      out.warn(out.paint("yellow", `Could not record the attempt of ${delivery.delivery_id}: ${(error as Error).message}`));
    }
  }
}

export const listen: Command = {
  words: ["listen"],
  summary: "Forward your sandbox's webhook events to a local server, signed like real deliveries",
  usage: "cauri listen --forward-to <url> [--events <type,…>] [--forward-to <url> [--events <type,…>]]…",
  description: [
    "Opens a listen session (test keys only) and streams its events over one connection. Each event is POSTed",
    "byte for byte with its Standard Webhooks and X-Service-Signature headers, signed with the session's secret",
    "(printed at start: put it in your server's configuration). Each --forward-to takes the --events after it;",
    "without --events it takes every type. Every forward is recorded as a delivery attempt (GET /v1/webhooks/logs).",
    "The session closes on Ctrl-C; a dropped connection is re-established with backoff.",
  ].join("\n"),
  options: {
    "forward-to": { type: "string", multiple: true, placeholder: "<url>", description: "Where to POST events (e.g. http://localhost:4242/webhooks)" },
    events: { type: "string", multiple: true, placeholder: "<types>", description: "Comma-separated event types for the preceding --forward-to (payment.success, payment.*, *)" },
  },
  examples: [
    "cauri listen --forward-to http://localhost:4242/webhooks",
    "cauri listen --forward-to http://localhost:4242/payments --events payment.success,payment.failed \\\n      --forward-to http://localhost:4242/billing --events subscription.*",
    "cauri listen --forward-to http://localhost:4242/webhooks --json | jq .",
  ],
  run: async ({ api, out, tokens }) => {
    api.testKey("listen");
    const routes = routesFrom(tokens);
    if (!routes.length) throw usageError("cauri listen needs at least one --forward-to <url> (see cauri listen --help).");
    const events = sessionEvents(routes);
    out.progress(`Opening a listen session on ${api.baseUrl}…`);
    const session = (await api.call<Session>("POST", "/v1/webhooks/listen-sessions", { body: events ? { events } : {} })).data;

    const stop = new AbortController();
    const onSignal = () => stop.abort();
    process.once("SIGINT", onSignal);
    process.once("SIGTERM", onSignal);
    try {
      await new Listener(api, out, session, routes, stop.signal).run();
    } finally {
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
      await api.call("DELETE", `/v1/webhooks/listen-sessions/${session.id}`, { signal: AbortSignal.timeout(5_000) }).then(
        () => out.line(out.paint("dim", "Session closed.")),
        (error: Error) => out.warn(`Could not close the session ${session.id}: ${error.message}`),
      );
      out.record({ type: "closed", session_id: session.id });
    }
    return 0;
  },
};
