import { isDeepStrictEqual } from "node:util";
import { z } from "zod";
import { ALIASES, type Aliases } from "@/lib/core/aliases";
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

  /**
   * `body`: a request body, which the server reads as JSON: JSON `null` in a field the schema
   * leaves optional is read as "not sent" (lib/core/validation.ts), so such fields accept null.
   */
  convert(schema: z.ZodType, io: "input" | "output", where: string, options: { body?: boolean } = {}): JsonSchema {
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
    if (io === "input") describeInput(json, options.body === true);
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

/**
 * The top-level properties of an object schema and which are required (for parameters and error
 * codes). A field required unless its alias is sent (describeAliases) counts as required: missing
 * with its alias, it gets its "missing" code.
 */
export function objectFields(schema: JsonSchema): { name: string; schema: JsonSchema; required: boolean }[] {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const eitherOr = ((schema.allOf ?? []) as JsonSchema[]).flatMap((s) => ((s.anyOf as JsonSchema[] | undefined)?.[0]?.required ?? []) as string[]);
  const required = new Set([...((schema.required ?? []) as string[]), ...eitherOr]);
  return Object.entries(properties).map(([name, s]) => ({ name, schema: s, required: required.has(name) }));
}

const ANNOTATIONS = ["description", "default", "deprecated", "title", "examples"];
const withoutAnnotations = (schema: JsonSchema): JsonSchema => Object.fromEntries(Object.entries(schema).filter(([k]) => !ANNOTATIONS.includes(k)));
const notNull = { not: { type: "null" } };

/** Every object schema in an input (bodies, queries): its aliases described; in a body, its optional fields nullable. */
function describeInput(node: unknown, body: boolean): void {
  if (Array.isArray(node)) return node.forEach((item) => describeInput(item, body));
  if (!node || typeof node !== "object") return;
  const schema = node as JsonSchema;
  for (const value of Object.values(schema)) describeInput(value, body);
  const aliases = schema[ALIASES] as Aliases | undefined;
  if (aliases) {
    delete schema[ALIASES];
    describeAliases(schema, aliases, body);
  }
  if (body) nullableOptionals(schema);
}

function nullableOptionals(schema: JsonSchema): void {
  if (!schema.properties || typeof schema.properties !== "object") return;
  const required = new Set((schema.required ?? []) as string[]);
  const properties = schema.properties as Record<string, JsonSchema>;
  for (const [name, property] of Object.entries(properties)) if (!required.has(name)) properties[name] = nullable(property);
}

/** Each alias as a deprecated property; a required field is then required unless its alias is sent (and neither may be null). */
function describeAliases(schema: JsonSchema, aliases: Aliases, body: boolean): void {
  const properties = ((schema.properties ??= {}) as Record<string, JsonSchema>);
  let required = (schema.required ?? []) as string[];
  const alternatives: JsonSchema[] = [];
  const requireEither = (field: string, alias: JsonSchema) => {
    if (!required.includes(field)) return;
    required = required.filter((r) => r !== field);
    alternatives.push({ anyOf: [{ required: [field], properties: { [field]: notNull } }, alias] });
  };
  for (const [alias, target] of Object.entries(aliases)) {
    if (typeof target === "string") {
      properties[alias] = { ...withoutAnnotations(properties[alias] ?? properties[target] ?? {}), deprecated: true, description: `Deprecated alias of \`${target}\`, read when \`${target}\` is not sent.` };
      requireEither(target, { required: [alias], properties: { [alias]: notNull } });
    } else {
      const fields = Object.entries(target);
      const nested: JsonSchema = {
        type: "object",
        deprecated: true,
        description: `Deprecated: ${fields.map(([key, field]) => `\`${alias}.${key}\` for \`${field}\``).join(", ")}, each read when the flat field is not sent.`,
        properties: Object.fromEntries(fields.map(([key, field]) => [key, withoutAnnotations(properties[field] ?? {})])),
      };
      if (body) nullableOptionals(nested);
      properties[alias] = nested;
      for (const [key, field] of fields) requireEither(field, { required: [alias], properties: { [alias]: { type: "object", required: [key], properties: { [key]: notNull } } } });
    }
  }
  schema.required = required;
  if (alternatives.length) schema.allOf = [...((schema.allOf as JsonSchema[] | undefined) ?? []), ...alternatives];
}

/** The schema, also accepting null (annotations stay outside, where documentation tools look). */
function nullable(schema: JsonSchema): JsonSchema {
  const accepts = (s: JsonSchema) => s.type === "null" || (Array.isArray(s.type) && s.type.includes("null"));
  if (Object.keys(withoutAnnotations(schema)).length === 0 || accepts(schema)) return schema;
  if (Array.isArray(schema.anyOf) && (schema.anyOf as JsonSchema[]).some(accepts)) return schema;
  const annotations = Object.fromEntries(Object.entries(schema).filter(([k]) => ANNOTATIONS.includes(k)));
  return { ...annotations, anyOf: [withoutAnnotations(schema), { type: "null" }] };
}
