import type { IncomingMessage, ServerResponse } from "node:http";
import { runInRequestScope, type RequestScope } from "@/db/availability";
import { LANG_COOKIE, resolveLocale } from "@/lib/i18n/locale";
import { log } from "@/lib/log";
import { audienceOf } from "@/lib/outage/copy";
import { OUTAGE_RETRY_AFTER_SECONDS, outagePage } from "@/lib/outage/page";

type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;
type Method = "writeHead" | "flushHeaders" | "write" | "end";
const METHODS: Method[] = ["writeHead", "flushHeaders", "write", "end"];

function cookie(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(";") ?? []) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=");
  }
  return undefined;
}

type Writer = (...args: unknown[]) => unknown;

function sendOutage(req: IncomingMessage, res: ServerResponse, url: URL, write: Record<Method, Writer>): void {
  const locale = resolveLocale({ searchParamLang: url.searchParams.get("lang") ?? undefined, cookieLang: cookie(req.headers.cookie, LANG_COOKIE), acceptLanguage: req.headers["accept-language"] });
  const body = outagePage(locale, audienceOf(url.pathname), url);
  for (const name of res.getHeaderNames()) res.removeHeader(name);
  write.writeHead.call(res, 503, {
    "Content-Type": "text/html; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
    "Cache-Control": "no-store",
    "Retry-After": String(OUTAGE_RETRY_AFTER_SECONDS),
    "Content-Language": locale,
    "X-Request-Id": String(req.headers["x-request-id"] ?? ""),
  });
  write.end.call(res, body);
}

/**
 * Serves one request through Next.js inside a request scope (db/availability.ts): its queries run
 * under the database deadline, and when the database was found unreachable and Next.js is about to
 * answer 500 (the page failed), the outage page goes out instead, with 503 and Retry-After. The App
 * Router gives a page no way to choose its status, so the decision is taken here, at the first byte
 * Next.js writes, the way a compression middleware takes over a response's writes.
 */
export function servePage(req: IncomingMessage, res: ServerResponse, handle: Handler): Promise<void> {
  const scope: RequestScope = { databaseUnavailable: false };
  const own = res as unknown as Record<Method, Writer>;
  // Whatever wraps these after us (Next.js's compression) calls through ours: they stay in place.
  const original = Object.fromEntries(METHODS.map((method) => [method, own[method]])) as Record<Method, Writer>;
  let outage: boolean | undefined;
  const decide = (status: number) => {
    outage = scope.databaseUnavailable && status === 500;
    if (!outage) return;
    const url = new URL(req.url ?? "/", "http://localhost");
    log("warn", "database unavailable, outage page sent", { path: url.pathname, request_id: req.headers["x-request-id"] });
    sendOutage(req, res, url, original);
  };
  for (const method of METHODS) {
    own[method] = function (this: ServerResponse, ...args: unknown[]) {
      if (outage === undefined) decide(method === "writeHead" && typeof args[0] === "number" ? args[0] : res.statusCode);
      if (!outage) return original[method].apply(this, args);
      // The outage page went out: what Next.js still writes for this response goes nowhere.
      (args.find((a) => typeof a === "function") as (() => void) | undefined)?.();
      return method === "write" ? true : method === "flushHeaders" ? undefined : res;
    };
  }
  return runInRequestScope(scope, () => handle(req, res));
}
