import type { JsonSchema, OpenApiDocument, Operation } from "./types";

/**
 * The generated OpenAPI document reshaped for /docs/reference: operations grouped by tag, with
 * their parameters, body and answer fields flattened to rows ("customer.phone", "items[].id")
 * and their error codes with the catalogue's messages. Server-rendered from this, the reference
 * needs no client script.
 */

export type FieldRow = { name: string; type: string; required: boolean; description?: string };
export type ErrorRow = { status: number; code: string; message: string };
export type OperationView = {
  id: string;
  method: string;
  path: string;
  summary: string;
  description?: string;
  authenticated: boolean;
  /** What a restricted key needs (`payments:write`), from `x-cauri-permission`; none for public operations. */
  permission?: string;
  parameters: (FieldRow & { in: string })[];
  body?: FieldRow[];
  response?: { status: number; contentType: string; fields: FieldRow[] };
  errors: ErrorRow[];
};
export type TagView = { name: string; slug: string; description?: string; operations: OperationView[] };

const MAX_DEPTH = 4;
// zod's z.number().int() bounds: true of every integer, so not worth a reader's attention.
const SAFE = 9007199254740991;

export const tagSlug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

function resolve(doc: OpenApiDocument, schema: JsonSchema): JsonSchema {
  const ref = schema.$ref;
  if (typeof ref !== "string") return schema;
  const name = ref.split("/").at(-1)!;
  return doc.components.schemas[name] ?? {};
}

/** A short, readable type: `"XOF"`, `PENDING | SUCCESS`, `integer, 100 – 5000000`, `array of object`. */
export function typeLabel(doc: OpenApiDocument, raw: JsonSchema): string {
  const schema = resolve(doc, raw);
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => (typeof v === "string" ? v : JSON.stringify(v))).join(" | ");
  const variants = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (variants) return [...new Set(variants.map((v) => typeLabel(doc, v)))].join(" | ");
  const type = Array.isArray(schema.type) ? schema.type.join(" | ") : typeof schema.type === "string" ? schema.type : "any";
  if (type === "array") return `array of ${typeLabel(doc, (schema.items as JsonSchema) ?? {})}`;
  const limits: string[] = [];
  if (typeof schema.format === "string") limits.push(schema.format);
  const range = (min: unknown, max: unknown, unit: string) => {
    const lo = typeof min === "number" && Math.abs(min) !== SAFE ? min : undefined;
    const hi = typeof max === "number" && Math.abs(max) !== SAFE ? max : undefined;
    if (lo !== undefined && hi !== undefined) limits.push(`${lo} – ${hi}${unit}`);
    else if (lo !== undefined) limits.push(`≥ ${lo}${unit}`);
    else if (hi !== undefined) limits.push(`≤ ${hi}${unit}`);
  };
  range(schema.minimum, schema.maximum, "");
  range(schema.minLength, schema.maxLength, " chars");
  range(schema.minItems, schema.maxItems, " items");
  if (schema.default !== undefined) limits.push(`default ${JSON.stringify(schema.default)}`);
  return limits.length ? `${type}, ${limits.join(", ")}` : type;
}

/** The fields of an object schema and of its nested objects and arrays of objects, as rows. */
export function fieldRows(doc: OpenApiDocument, raw: JsonSchema, prefix = "", depth = 0): FieldRow[] {
  const schema = resolve(doc, raw);
  if (schema.type === "array" && schema.items) return fieldRows(doc, schema.items as JsonSchema, `${prefix}[]`, depth);
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  if (!properties || depth >= MAX_DEPTH) return [];
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return Object.entries(properties).flatMap(([key, child]) => {
    const name = prefix ? `${prefix}.${key}` : key;
    const resolved = resolve(doc, child);
    const description = typeof resolved.description === "string" ? resolved.description : undefined;
    const row: FieldRow = { name, type: typeLabel(doc, resolved), required: required.has(key), ...(description ? { description } : {}) };
    return [row, ...fieldRows(doc, resolved, name, depth + 1)];
  });
}

function errorRows(doc: OpenApiDocument, operation: Operation): ErrorRow[] {
  const catalogue = (doc["x-error-codes"] ?? {}) as Record<string, { message: string }>;
  const rows: ErrorRow[] = [];
  for (const [status, response] of Object.entries(operation.responses)) {
    if (Number(status) < 400) continue;
    const content = response.content as Record<string, { schema?: JsonSchema }> | undefined;
    const errorSchema = (content?.["application/json"]?.schema?.properties as Record<string, JsonSchema> | undefined)?.error;
    const codes = (((errorSchema?.properties as Record<string, JsonSchema> | undefined)?.code?.enum as string[] | undefined) ?? []).slice().sort();
    for (const code of codes) rows.push({ status: Number(status), code, message: catalogue[code]?.message ?? "" });
  }
  return rows;
}

function successView(doc: OpenApiDocument, operation: Operation): OperationView["response"] {
  const entry = Object.entries(operation.responses).find(([status]) => Number(status) < 300);
  if (!entry) return undefined;
  const [status, response] = entry;
  const content = (response.content ?? {}) as Record<string, { schema?: JsonSchema }>;
  const [contentType, media] = Object.entries(content)[0] ?? ["", {}];
  const schema = media?.schema ?? {};
  const envelope = schema.properties as Record<string, JsonSchema> | undefined;
  const data = envelope?.success && envelope.data ? envelope.data : schema;
  const fields = contentType.includes("json") ? fieldRows(doc, data) : [];
  return { status: Number(status), contentType, fields };
}

function operationView(doc: OpenApiDocument, method: string, path: string, operation: Operation): OperationView {
  const body = (operation.requestBody?.content as Record<string, { schema?: JsonSchema }> | undefined)?.["application/json"]?.schema;
  return {
    id: operation.operationId,
    method: method.toUpperCase(),
    path,
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    authenticated: operation.security.length > 0 && Object.keys(operation.security[0] ?? {}).length > 0,
    ...(typeof operation["x-cauri-permission"] === "string" ? { permission: operation["x-cauri-permission"] } : {}),
    parameters: operation.parameters.map((p) => {
      const schema = (p.schema ?? {}) as JsonSchema;
      return {
        name: String(p.name),
        in: String(p.in),
        required: Boolean(p.required),
        type: typeLabel(doc, schema),
        ...(typeof p.description === "string" ? { description: p.description } : {}),
      };
    }),
    ...(body ? { body: fieldRows(doc, body) } : {}),
    response: successView(doc, operation),
    errors: errorRows(doc, operation),
  };
}

/** Every tag that has operations, in the document's tag order, each operation in path order. */
export function referenceTags(doc: OpenApiDocument): TagView[] {
  const byTag = new Map<string, OperationView[]>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const tag = operation.tags[0] ?? "Other";
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationView(doc, method, path, operation)]);
    }
  }
  const declared = (doc.tags ?? []).map((t) => t.name);
  const names = [...declared.filter((n) => byTag.has(n)), ...[...byTag.keys()].filter((n) => !declared.includes(n))];
  return names.map((name) => {
    const description = doc.tags?.find((t) => t.name === name)?.description;
    return { name, slug: tagSlug(name), ...(description ? { description } : {}), operations: byTag.get(name)! };
  });
}

/** Each resource a restricted key is given, with the paths whose operations need it (`/v1/payments`, `/v1/opr`). */
export function permissionAreas(doc: OpenApiDocument): { resource: string; paths: string[] }[] {
  const byResource = new Map<string, Set<string>>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const operation of Object.values(methods)) {
      const permission = operation["x-cauri-permission"];
      if (typeof permission !== "string") continue;
      const resource = permission.split(":")[0];
      byResource.set(resource, (byResource.get(resource) ?? new Set()).add(`/${path.split("/").slice(1, 3).join("/")}`));
    }
  }
  return [...byResource].map(([resource, paths]) => ({ resource, paths: [...paths].sort() }));
}
