import type { z } from "zod";
import { ApiError, type ErrorCode } from "./errors";

/** Maps a field (dotted path, or its first segment) to the contract's code for it. */
export type FieldCodes = Record<string, ErrorCode | { missing?: ErrorCode; invalid: ErrorCode }>;

export type InputSpec<S extends z.ZodType = z.ZodType> = { schema: S; codes?: FieldCodes };

/** A schema plus the error codes of its fields: one source for validation, errors and docs. */
export const input = <S extends z.ZodType>(schema: S, codes?: FieldCodes): InputSpec<S> => ({ schema, codes });

/** A custom issue flagged with this param says exactly what is wrong: its message follows the field's name. */
export const EXPLAINED = "explained";

/** Validates raw input; the first problem becomes an ApiError naming the field. */
export function parseInput<S extends z.ZodType>(spec: InputSpec<S>, raw: unknown): z.output<S> {
  rejectUnstorableInput(raw, spec.codes);
  let result = spec.schema.safeParse(raw, { reportInput: true });
  // JSON null is "absent" wherever the schema refuses null (client libraries send null for every
  // unset optional field); a field that takes null keeps it (e.g. to clear a value).
  for (let input = raw, pass = 0; !result.success && pass < MAX_NULL_PASSES; pass++) {
    const next = withoutRefusedNulls(input, result.error.issues);
    if (next === input) break;
    input = next;
    result = spec.schema.safeParse(input, { reportInput: true });
  }
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const path = issue.path.map(String).join(".");
  const field = path || "body";
  // Judged on the value the schema saw (after any preprocessing, e.g. nested aliases).
  const missing = issue.path.length > 0 && issue.code === "invalid_type" && (issue as { input?: unknown }).input === undefined;
  const mapped = spec.codes?.[path] ?? spec.codes?.[String(issue.path[0] ?? "")];
  let code: ErrorCode = missing ? "MISSING_FIELD" : "INVALID_FIELD";
  if (typeof mapped === "string") code = mapped;
  else if (mapped) code = (missing ? mapped.missing : undefined) ?? mapped.invalid;
  // A field-specific code carries its own catalogue message; a generic one names the field.
  const generic = code === "MISSING_FIELD" || code === "INVALID_FIELD";
  // A choice among fixed values names them, whatever the code (one code can serve several lists).
  const choices = issue.code === "invalid_value" && !missing ? issue.values.map(String) : null;
  const explained = issue.code === "custom" && issue.params?.[EXPLAINED] === true;
  const message = choices
    ? `${field} must be one of ${choices.join(", ")}.`
    : explained
      ? `${field} ${issue.message}.`
      : !generic
        ? undefined
        : missing
          ? `${field} is required.`
          : `${field}: ${issue.message}`;
  throw new ApiError(code, message, { param: field });
}

const NUL = "\u0000";
/** Each pass drops the nulls one parse refused; a nested object's nulls may take one more. */
const MAX_NULL_PASSES = 4;

/** A copy of `raw` without the null values at the paths `issues` refused, or `raw` itself if none is null. */
function withoutRefusedNulls(raw: unknown, issues: readonly z.core.$ZodIssue[]): unknown {
  // Fields of objects only: a null inside an array is an element, not an absent field.
  const nulls = issues.map((issue) => issue.path).filter((path) => path.length > 0 && valueAt(raw, path) === null && !Array.isArray(valueAt(raw, path.slice(0, -1))));
  if (nulls.length === 0) return raw;
  const copy = structuredClone(raw);
  for (const path of nulls) {
    const parent = valueAt(copy, path.slice(0, -1)) as Record<PropertyKey, unknown>;
    delete parent[path[path.length - 1]];
  }
  return copy;
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let at = value;
  for (const key of path) {
    if (at === null || typeof at !== "object") return undefined;
    at = (at as Record<PropertyKey, unknown>)[key];
  }
  return at;
}
/** Deeper JSON than this is refused before any schema sees it (recursion in validators and drivers). */
export const MAX_INPUT_DEPTH = 32;

/**
 * Checks raw input before its schema does, without recursion: PostgreSQL text and jsonb cannot
 * hold U+0000, so a NUL anywhere (values or keys) would fail deep in a query as a 500; and a
 * value nested thousands of levels deep overflows recursive code. Either is a 400 naming the
 * top-level field, with that field's own code when it has one (e.g. INVALID_METADATA).
 */
function rejectUnstorableInput(raw: unknown, codes?: FieldCodes): void {
  const refuse = (path: string[], problem: string): never => {
    const field = path[0] ?? "body";
    const mapped = codes?.[field];
    const code: ErrorCode = typeof mapped === "string" ? mapped : (mapped?.invalid ?? "INVALID_FIELD");
    throw new ApiError(code, `${path.join(".") || "body"} ${problem}`, { param: field });
  };
  const stack: { value: unknown; path: string[] }[] = [{ value: raw, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === "string") {
      if (value.includes(NUL)) refuse(path, "contains a NUL character (\\u0000), which text cannot hold. Remove it.");
      continue;
    }
    if (value === null || typeof value !== "object") continue;
    if (path.length >= MAX_INPUT_DEPTH) refuse(path, `is nested more than ${MAX_INPUT_DEPTH} levels deep.`);
    for (const [key, item] of Object.entries(value)) {
      if (key.includes(NUL)) refuse(path, "has a key with a NUL character (\\u0000). Remove it.");
      stack.push({ value: item, path: [...path, key] });
    }
  }
}

/**
 * The query parameter (name or value) that holds a NUL, or null: the edge refuses such a request
 * for every route and page (server/edge.ts), so no text from a query string reaches SQL with one.
 */
export function nulParameter(params: URLSearchParams): string | null {
  for (const [name, value] of params) if (name.includes(NUL) || value.includes(NUL)) return name.replaceAll(NUL, "\\u0000");
  return null;
}

/** The refusal of a query string that holds a NUL: the API's INVALID_FIELD, naming the parameter. */
export const nulInQuery = (param: string) =>
  new ApiError("INVALID_FIELD", `The query parameter ${param} contains a NUL character (%00), which text cannot hold. Remove it.`, { param });

/** A path with a NUL (`%00`) names nothing that can exist. */
export const nulInPath = () => new ApiError("NOT_FOUND", "The path contains a NUL character (%00); no resource has such an identifier.");

/** A path segment with a NUL (`%00`) names nothing that can exist. */
export function rejectNulInPath(params: Record<string, string>): void {
  for (const value of Object.values(params)) {
    if (value.includes(NUL)) throw nulInPath();
  }
}
