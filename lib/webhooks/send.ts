import http from "node:http";
import https from "node:https";
import net from "node:net";
import type { HeaderPairs } from "@/db/schema";
import { RESPONSE_EXCERPT_BYTES, RESPONSE_HEADER_VALUE_CHARS, RESPONSE_HEADERS_MAX } from "./policy";
import { bareHost, blockedAddressReason, connectLookup, isLocalHostname, systemResolver, type Resolver } from "./targets";

export type SendResult = {
  ok: boolean;
  /** The HTTP status received, or null when none was (network error, timeout, refused target). */
  statusCode: number | null;
  /** What went wrong, in a short sentence, or null on a 2xx. */
  error: string | null;
  /** The first RESPONSE_EXCERPT_BYTES of the answer's body, as text. */
  excerpt: string | null;
  durationMs: number;
  /** The headers sent, in order (null when nothing was sent: a refused URL). */
  requestHeaders: HeaderPairs | null;
  /** The headers received, bounded (null when no answer came). */
  responseHeaders: HeaderPairs | null;
};

export type SendOptions = {
  timeoutMs: number;
  allowPrivateTargets: boolean;
  /** Name resolution (default: the system's); tests give their own answers. */
  resolver?: Resolver;
};

const TIMED_OUT = "timed out after";

/** Whether an attempt got no answer within its timeout (it held its slot for the whole time). */
export const timedOut = (result: SendResult) => !result.ok && result.statusCode === null && (result.error?.startsWith(TIMED_OUT) ?? false);

export const USER_AGENT = "Cauri-Webhooks/1.0 (+https://standardwebhooks.com)";
export const WEBHOOK_CONTENT_TYPE = "application/json";

// PostgreSQL text cannot hold NUL; an excerpt is for people to read.
export const cleanExcerpt = (bytes: Buffer) => bytes.subarray(0, RESPONSE_EXCERPT_BYTES).toString("utf8").replace(/\u0000/g, "");

/** A receiver's headers as kept: in order, at most RESPONSE_HEADERS_MAX, names and values cut at RESPONSE_HEADER_VALUE_CHARS. */
function boundedHeaders(raw: string[]): HeaderPairs {
  const pairs: HeaderPairs = [];
  for (let i = 0; i + 1 < raw.length && pairs.length < RESPONSE_HEADERS_MAX; i += 2) {
    pairs.push([raw[i].slice(0, RESPONSE_HEADER_VALUE_CHARS), raw[i + 1].slice(0, RESPONSE_HEADER_VALUE_CHARS).replace(/\u0000/g, "")]);
  }
  return pairs;
}

/**
 * One POST of a webhook, as the retry policy sees it: success is a 2xx received within the
 * timeout; a 3xx is a failure (redirects are never followed); the whole exchange, connection
 * included, is cut at `timeoutMs`. Unless private targets are allowed, the connection is refused
 * when the host is, or resolves at connect time to, a non-public address. Never throws.
 */
export function postWebhook(urlText: string, body: string, headers: Record<string, string>, options: SendOptions): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.max(0, Math.round(performance.now() - started));
  let requestHeaders: HeaderPairs | null = null;
  let responseHeaders: HeaderPairs | null = null;
  const fail = (error: string, statusCode: number | null = null, excerpt: string | null = null): SendResult => ({
    ok: false,
    statusCode,
    error,
    excerpt,
    durationMs: elapsed(),
    requestHeaders,
    responseHeaders,
  });

  let url: URL;
  try {
    url = new URL(urlText);
  } catch {
    return Promise.resolve(fail("invalid URL"));
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return Promise.resolve(fail(`unsupported protocol ${url.protocol}`));
  const host = bareHost(url.hostname);
  if (!options.allowPrivateTargets) {
    if (isLocalHostname(host)) return Promise.resolve(fail(`target not allowed: ${host} is a local host name`));
    if (net.isIP(host)) {
      const reason = blockedAddressReason(host);
      if (reason) return Promise.resolve(fail(`target not allowed: ${reason}`));
    }
  }

  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const chunks: Buffer[] = [];
    let received = 0;
    let statusCode: number | null = null;
    const finish = (result: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve(result);
    };
    const fromResponse = () => {
      const excerpt = cleanExcerpt(Buffer.concat(chunks));
      const code = statusCode!;
      if (code >= 200 && code < 300) return finish({ ok: true, statusCode: code, error: null, excerpt, durationMs: elapsed(), requestHeaders, responseHeaders });
      const error = code >= 300 && code < 400 ? `HTTP ${code}: redirects are not followed` : `HTTP ${code}`;
      finish(fail(error, code, excerpt));
    };

    const client = url.protocol === "https:" ? https : http;
    const sent = { "content-type": WEBHOOK_CONTENT_TYPE, "content-length": String(Buffer.byteLength(body)), "user-agent": USER_AGENT, ...headers };
    requestHeaders = Object.entries(sent);
    const request = client.request(
      url,
      {
        method: "POST",
        agent: false,
        headers: sent,
        ...(options.allowPrivateTargets && !options.resolver ? {} : { lookup: connectLookup(options.resolver ?? systemResolver, options.allowPrivateTargets) as unknown as net.LookupFunction }),
      },
      (response) => {
        statusCode = response.statusCode ?? 0;
        responseHeaders = boundedHeaders(response.rawHeaders);
        response.on("data", (chunk: Buffer) => {
          if (received < RESPONSE_EXCERPT_BYTES) chunks.push(chunk);
          received += chunk.length;
          // Enough to show; the status decides, the rest of the body is not waited for.
          if (received >= RESPONSE_EXCERPT_BYTES) fromResponse();
        });
        response.on("end", fromResponse);
        response.on("error", () => fromResponse());
        response.on("aborted", () => fromResponse());
      },
    );
    const timer = setTimeout(() => {
      // A status already received within the time decides; otherwise the attempt timed out.
      if (statusCode !== null) return fromResponse();
      finish(fail(`${TIMED_OUT} ${options.timeoutMs} ms`));
    }, options.timeoutMs);
    request.on("error", (error: NodeJS.ErrnoException) => {
      if (settled) return;
      if (statusCode !== null) return fromResponse();
      const code = error.code === "EBLOCKEDTARGET" ? "target not allowed" : error.code;
      finish(fail(code ? `${code}: ${error.message}` : error.message));
    });
    request.end(body);
  });
}
