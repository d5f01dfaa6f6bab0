import { errorCatalogue, type ErrorCode } from "@/lib/core/errors";
import type { DefinedRoute } from "@/lib/http/route";
import type { FieldCodes } from "@/lib/core/validation";
import { objectFields } from "./schema";
import type { JsonSchema } from "./types";

type Definition = DefinedRoute["definition"];

/** Codes a field can produce in `parseInput`: its mapped codes, or MISSING_FIELD / INVALID_FIELD. */
function fieldCodes(schema: JsonSchema, codes: FieldCodes | undefined): ErrorCode[] {
  const out: ErrorCode[] = [];
  for (const field of objectFields(schema)) {
    const mapped = codes?.[field.name];
    if (typeof mapped === "string") out.push(mapped);
    else if (mapped) {
      out.push(mapped.invalid);
      if (field.required) out.push(mapped.missing ?? mapped.invalid);
    } else {
      out.push("INVALID_FIELD");
      if (field.required) out.push("MISSING_FIELD");
    }
  }
  // Nested paths mapped by their full dotted name ("customer.phone") are codes too.
  for (const [key, mapped] of Object.entries(codes ?? {})) {
    if (!key.includes(".")) continue;
    if (typeof mapped === "string") out.push(mapped);
    else out.push(mapped.invalid, ...(mapped.missing ? [mapped.missing] : []));
  }
  // A problem of the object as a whole (a cross-field refinement) names no field.
  out.push("INVALID_FIELD");
  return out;
}

/**
 * Every code a route can answer, derived from what route() does with its options (auth and live
 * gates, a restricted key's permission, test-only, rate limits, body and query validation, idempotency, failures) plus the
 * domain codes its `doc.errors` declares. Sorted by status, then code.
 */
export function routeErrorCodes(definition: Definition, shapes: { body?: JsonSchema; query?: JsonSchema; pathParams?: string[] }): ErrorCode[] {
  const codes = new Set<ErrorCode>();
  const add = (...list: ErrorCode[]) => list.forEach((c) => codes.add(c));
  const keyed = definition.auth === "key" || definition.auth === "optional";
  if (keyed) add("UNAUTHORIZED", "INVALID_API_KEY", "PRODUCTION_KEY_DISABLED", "PAID_SUBSCRIPTION_REQUIRED");
  if (keyed && definition.resource) add("API_KEY_PERMISSION_DENIED");
  if (definition.testOnly) add("TEST_MODE_ONLY");
  add("RATE_LIMIT_EXCEEDED");
  if (definition.idempotency && keyed) {
    if (definition.idempotency === "required") add("IDEMPOTENCY_KEY_REQUIRED");
    add("IDEMPOTENCY_KEY_TOO_LONG", definition.conflictCode ?? "IDEMPOTENCY_CONFLICT", "IDEMPOTENCY_IN_PROGRESS");
  }
  if (definition.body) {
    add("INVALID_JSON", "INVALID_BODY", "UNSUPPORTED_CONTENT_TYPE");
    add(...fieldCodes(shapes.body ?? {}, definition.body.codes));
  }
  if (definition.query) add(...fieldCodes(shapes.query ?? {}, definition.query.codes));
  // A path parameter names a resource: an unknown id, or another merchant's or mode's, is 404.
  if (shapes.pathParams?.length) add("NOT_FOUND");
  add(...(definition.doc?.errors ?? []));
  add("INTERNAL_ERROR", "SERVICE_UNAVAILABLE");
  return [...codes].sort((a, b) => errorCatalogue[a].status - errorCatalogue[b].status || (a < b ? -1 : 1));
}

export const STATUS_NAMES: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  402: "Payment Required",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  410: "Gone",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Content",
  423: "Locked",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

/** Codes grouped by HTTP status, in status order. */
export function groupByStatus(codes: ErrorCode[]): Map<number, ErrorCode[]> {
  const groups = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const status = errorCatalogue[code].status;
    groups.set(status, [...(groups.get(status) ?? []), code]);
  }
  return new Map([...groups.entries()].sort(([a], [b]) => a - b));
}

/** A Markdown table of codes and what each means (the catalogue's message). */
export function codeTable(codes: ErrorCode[]): string {
  const escape = (s: string) => s.replace(/\|/g, "\\|").replace(/\n/g, " ");
  return ["| code | meaning |", "| --- | --- |", ...codes.map((c) => `| \`${c}\` | ${escape(errorCatalogue[c].message)} |`)].join("\n");
}
