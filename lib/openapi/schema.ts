import { isDeepStrictEqual } from "node:util";
import { z } from "zod";
import type { JsonSchema } from "./types";

/**
 * zod → JSON Schema (draft 2020-12, OpenAPI 3.1's dialect) with zod 4's native converter.
 * Request bodies and query strings are described as the client sends them (`io: "input"`:
 * defaults optional, preprocessing skipped); responses as the server sends them (`io: "output"`).
 * Schemas named with `.meta({ id: "Payment" })` become shared `components.schemas` entries.
 * Anything that cannot be represented is recorded as a problem (and described as `{}`), so the
 * document is always complete and the test lists what to fix.
 */
export class SchemaConverter {
  readonly components: Record<string, JsonSchema> = {};
  readonly problems: string[] = [];

  convert(schema: z.ZodType, io: "input" | "output", where: string): JsonSchema {
    let json: JsonSchema;
    try {
      json = z.toJSONSchema(schema, {
        io,
        target: "draft-2020-12",
        unrepresentable: ({ message, path }) => {
          this.problems.push(`${where}: ${message}${path.length ? ` (at ${path.join(".")})` : ""}`);
          return {};
        },
      }) as JsonSchema;
    } catch (error) {
      this.problems.push(`${where}: ${error instanceof Error ? error.message : String(error)}`);
      return {};
    }
    const { $schema: _dialect, $defs, ...rest } = json as JsonSchema & { $defs?: Record<string, JsonSchema> };
    const renamed = new Map<string, string>();
    for (const [name, def] of Object.entries($defs ?? {})) renamed.set(name, this.claimName(name, def, io, where));
    // Rewrite after every name is known, since definitions refer to one another.
    for (const [name, def] of Object.entries($defs ?? {})) {
      const key = renamed.get(name)!;
      this.components[key] = rewriteRefs(def, renamed) as JsonSchema;
    }
    return rewriteRefs(rest, renamed) as JsonSchema;
  }

  private claimName(name: string, def: JsonSchema, io: "input" | "output", where: string): string {
    const candidates = /^__schema\d+$/.test(name) ? [] : [name, io === "input" ? `${name}Input` : `${name}Output`];
    for (const candidate of candidates) {
      const existing = this.components[candidate];
      if (existing === undefined || isDeepStrictEqual(existing, def)) return candidate;
    }
    // An unnamed reused schema (a cycle) or two different schemas under one id: keep them apart.
    let i = 2;
    while (this.components[`${name}${i}`] !== undefined) i++;
    if (candidates.length) this.problems.push(`${where}: two different schemas share the id "${name}"`);
    return `${name}${i}`;
  }
}

function rewriteRefs(value: unknown, renamed: Map<string, string>): unknown {
  if (Array.isArray(value)) return value.map((v) => rewriteRefs(v, renamed));
  if (!value || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (k === "$ref" && typeof v === "string" && v.startsWith("#/$defs/")) {
      const name = decodeURIComponent(v.slice("#/$defs/".length));
      out[k] = `#/components/schemas/${renamed.get(name) ?? name}`;
    } else out[k] = rewriteRefs(v, renamed);
  }
  return out;
}

/** The top-level properties of an object schema and which are required (for parameters and error codes). */
export function objectFields(schema: JsonSchema): { name: string; schema: JsonSchema; required: boolean }[] {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, s]) => ({ name, schema: s, required: required.has(name) }));
}
