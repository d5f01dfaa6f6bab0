import { usageError } from "./errors.js";

/** One `--set path=value`: the dotted path into the creation body and the parsed value. */
export type Override = { path: string[]; value: unknown };

/**
 * `amount=2500` → 2500, `metadata.order=42` → {metadata: {order: 42}}, `phone=+22370000001` stays
 * a string (a leading + or 0 is part of a number people type, not arithmetic), `true`/`false`/
 * `null` are themselves, `{…}`/`[…]` are JSON; anything else is the text as typed.
 */
export function parseValue(raw: string): unknown {
  if (/^-?(0|[1-9]\d*)(\.\d+)?$/.test(raw)) return Number(raw);
  if (raw === "true") return true;
  if (raw === "false") return false;
  if (raw === "null") return null;
  if (/^[[{]/.test(raw)) {
    try {
      return JSON.parse(raw);
    } catch {
      throw usageError(`--set: ${raw} looks like JSON but is not valid JSON.`);
    }
  }
  return raw;
}

export function parseOverride(text: string): Override {
  const eq = text.indexOf("=");
  if (eq <= 0) throw usageError(`--set expects field=value (e.g. --set amount=2500), not ${JSON.stringify(text)}.`);
  const path = text.slice(0, eq).split(".");
  if (path.some((part) => part === "" || part === "__proto__" || part === "constructor" || part === "prototype")) {
    throw usageError(`--set: ${JSON.stringify(text.slice(0, eq))} is not a field path (e.g. metadata.order).`);
  }
  return { path, value: parseValue(text.slice(eq + 1)) };
}

/** Writes `value` at `path` in `body` (a copy), creating the objects on the way. */
export function applyOverride<T extends Record<string, unknown>>(body: T, { path, value }: Override): T {
  const copy: Record<string, unknown> = structuredClone(body);
  let node = copy;
  for (const part of path.slice(0, -1)) {
    const next = node[part];
    node[part] = next && typeof next === "object" && !Array.isArray(next) ? next : {};
    node = node[part] as Record<string, unknown>;
  }
  node[path.at(-1)!] = value;
  return copy as T;
}
