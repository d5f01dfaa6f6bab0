import type { z } from "zod";
import { errorCatalogue, type ErrorCode } from "@/lib/core/errors";
import { IDEMPOTENCY_MAX_LENGTH } from "@/lib/idempotency/keys";
import { rateLimits } from "@/lib/rate-limit/limits";
import type { DefinedRoute, RouteDoc } from "@/lib/http/route";
import { publicBaseUrl } from "@/lib/config";
import { apiDescription, TAGS } from "./description";
import { codeTable, groupByStatus, routeErrorCodes, STATUS_NAMES } from "./errors";
import { objectFields, SchemaConverter } from "./schema";
import { isNotAllowedHandler } from "@/lib/http/method-not-allowed";
import { webhookHeaderParameters, webhookOperations } from "./webhooks";
import { actionOfMethod, permissionName } from "@/lib/platform/key-permissions";
import { HTTP_METHODS, type HttpMethod, type JsonSchema, type OpenApiDocument, type Operation, type RouteEntry } from "./types";

export const API_VERSION = "1.0.0";

export type BuildOptions = {
  /** Absolute origin put in `servers` (the request's origin when served). */
  serverUrl?: string;
  /** Markdown appended to info.description: the decisions made where the contract is silent. */
  decisions?: string;
};

export type BuildResult = { document: OpenApiDocument; problems: string[] };

const isDefinedRoute = (value: unknown): value is DefinedRoute =>
  typeof value === "function" && typeof (value as Partial<DefinedRoute>).definition === "object";

const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });

/** The path as the document shows it: each parameter under its documented name (RouteDoc.pathParams). */
export function documentedPath(path: string, doc: RouteDoc | undefined): string {
  return path.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const renamed = doc?.pathParams?.[name]?.name;
    return renamed ? `{${renamed}}` : whole;
  });
}

/** Action routes read no body; client libraries send `{}` anyway, which is accepted (and ignored). */
const emptyBody = {
  required: false,
  description: "None. An empty object `{}`, which some client libraries send, is accepted.",
  content: { "application/json": { schema: { type: "object", maxProperties: 0 } } },
};

export function operationId(method: HttpMethod, path: string): string {
  const words = path
    .split("/")
    .filter((s) => s && s !== "v1")
    .map((segment) => {
      const param = /^\{(.+)\}$/.exec(segment);
      const text = param ? `by-${param[1]}` : segment;
      return text
        .split(/[^A-Za-z0-9]+/)
        .filter(Boolean)
        .map((w) => w[0].toUpperCase() + w.slice(1))
        .join("");
    });
  return method.toLowerCase() + words.join("");
}

const acceptsUndefined = (schema: z.ZodType) => schema.safeParse(undefined).success;

function rateLimitNote(definition: DefinedRoute["definition"]): string {
  const own = definition.limit ? ` and ${rateLimits[definition.limit]} per minute for this operation` : "";
  const subject = definition.auth === "key" ? "API key" : definition.auth === "optional" ? "API key (per client IP without a key)" : "client IP";
  return `**Rate limit**: ${rateLimits.default} requests per minute per ${subject}${own}; over it, 429 \`RATE_LIMIT_EXCEEDED\` with \`Retry-After\`.`;
}

function permissionNote(permission: string, optional: boolean): string {
  const when = optional ? " when called with a key" : "";
  return `**Permission**: \`${permission}\` for a restricted key${when} (a standard key has every permission); without it, 403 \`API_KEY_PERMISSION_DENIED\`. See [restricted keys](/docs/reference#restricted-keys).`;
}

function idempotencyNote(definition: DefinedRoute["definition"]): string | null {
  if (!definition.idempotency || definition.auth === "none") return null;
  const conflict = definition.conflictCode ?? "IDEMPOTENCY_CONFLICT";
  const which = definition.idempotencyFields ? `the fields ${definition.idempotencyFields.map((f) => `\`${f}\``).join(", ")}` : "the body";
  return (
    `**Idempotency**: \`X-Idempotency-Key\` is ${definition.idempotency} (at most ${IDEMPOTENCY_MAX_LENGTH} characters). ` +
    `Retrying with the same key and ${which} replays the first answer for 24 hours (with \`Idempotent-Replayed: true\`); ` +
    `the same key with a different request is 409 \`${conflict}\`. See the [idempotency guide](/docs/idempotency).`
  );
}

/**
 * Builds the OpenAPI 3.1 document from the route handlers themselves: each handler's
 * `.definition` (auth, limits, idempotency, input specs, status, doc) is the single source of
 * parameters, bodies, responses and error codes. Nothing here is written per route.
 */
export function buildOpenApiDocument(routes: RouteEntry[], options: BuildOptions = {}): BuildResult {
  const converter = new SchemaConverter();
  const problems: string[] = [];
  const paths: OpenApiDocument["paths"] = {};
  const usedTags = new Set<string>();

  for (const entry of routes) {
    for (const method of HTTP_METHODS) {
      const handler = entry.module[method];
      if (handler === undefined || isNotAllowedHandler(handler)) continue;
      const where = `${method} ${entry.path} (${entry.file})`;
      if (!isDefinedRoute(handler)) {
        problems.push(`${where}: not declared with route() — it has no definition to document`);
        continue;
      }
      const definition = handler.definition;
      const doc = definition.doc;
      const path = documentedPath(entry.path, doc);
      const pathParams = [...entry.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      if (definition.auth !== "none" && !definition.resource) problems.push(`${where}: route() has no \`resource\` (what a restricted key needs, lib/platform/key-permissions.ts)`);
      const permission = definition.auth !== "none" && definition.resource ? permissionName(definition.resource, actionOfMethod(method)) : null;
      if (!doc) problems.push(`${where}: route() has no \`doc\` (summary, response schema, domain errors)`);
      else if (!doc.response && !doc.produces) problems.push(`${where}: doc has no \`response\` schema of \`data\` (use z.never() for a route that never succeeds)`);

      const body = definition.body ? converter.convert(definition.body.schema, "input", `${where} body`, { body: true }) : undefined;
      const query = definition.query ? converter.convert(definition.query.schema, "input", `${where} query`) : undefined;

      const parameters: Record<string, unknown>[] = pathParams.map((name) => {
        const documented = doc?.pathParams?.[name];
        return { name: documented?.name ?? name, in: "path", required: true, ...(documented ? { description: documented.description } : {}), schema: { type: "string" } };
      });
      const queryFields = query ? objectFields(query) : [];
      for (const field of queryFields) {
        const { description, ...schema } = field.schema as JsonSchema & { description?: string };
        parameters.push({ name: field.name, in: "query", required: field.required, ...(description ? { description } : {}), schema });
      }
      if (definition.idempotency && definition.auth !== "none") {
        parameters.push({
          name: "X-Idempotency-Key",
          in: "header",
          required: definition.idempotency === "required",
          description: `A unique key per operation (a UUID is ideal), at most ${IDEMPOTENCY_MAX_LENGTH} characters. Send the same key when you retry.`,
          schema: { type: "string", minLength: 1, maxLength: IDEMPOTENCY_MAX_LENGTH },
        });
      }

      const status = definition.status ?? 200;
      const successHeaders: Record<string, unknown> = {
        "RateLimit-Limit": headerRef("RateLimitLimit"),
        "RateLimit-Remaining": headerRef("RateLimitRemaining"),
        "RateLimit-Reset": headerRef("RateLimitReset"),
        "X-Request-Id": headerRef("RequestId"),
      };
      if (definition.idempotency && definition.auth !== "none") successHeaders["Idempotent-Replayed"] = headerRef("IdempotentReplayed");

      const envelope = () => {
        const data = doc?.response ? converter.convert(doc.response, "output", `${where} response`) : {};
        const properties: Record<string, unknown> = { success: { type: "boolean", const: true }, data };
        const required = ["success", "data"];
        for (const [name, schema] of Object.entries(doc?.responseExtra ?? {})) {
          properties[name] = converter.convert(schema, "output", `${where} response ${name}`);
          if (!acceptsUndefined(schema)) required.push(name);
        }
        return { type: "object", properties, required, additionalProperties: false };
      };
      const jsonSchema = () => (doc?.unwrapped && doc.response ? converter.convert(doc.response, "output", `${where} response`) : envelope());
      const success: Record<string, unknown> = {
        description: doc?.summary ?? "Success",
        headers: successHeaders,
        content: Object.fromEntries(
          (doc?.produces?.length ? doc.produces : ["application/json"]).map((type) => [type, { schema: type.includes("json") ? jsonSchema() : { type: "string", format: "binary" } }]),
        ),
      };

      // `response: z.never()` declares a route that never succeeds (refused or unavailable features).
      const neverSucceeds = doc?.response?._zod.def.type === "never";
      const responses: Operation["responses"] = neverSucceeds ? {} : { [String(status)]: success };
      const codes = routeErrorCodes(definition, { body, query, pathParams });
      for (const [errorStatus, list] of groupByStatus(codes)) {
        const headers: Record<string, unknown> = { "X-Request-Id": headerRef("RequestId") };
        if (errorStatus === 429 || errorStatus === 503) headers["Retry-After"] = headerRef("RetryAfter");
        responses[String(errorStatus)] = {
          description: `${STATUS_NAMES[errorStatus] ?? "Error"}: ${list.map((c) => `\`${c}\``).join(", ")}\n\n${codeTable(list)}`,
          headers,
          content: { "application/json": { schema: errorEnvelope(list) } },
        };
      }

      const tags = doc?.tags?.length ? doc.tags : [defaultTag(entry.path)];
      tags.forEach((t) => usedTags.add(t));
      const notes = [
        definition.auth === "optional"
          ? "**Auth**: optional. Without `Authorization` the route is public; with a key it answers as that key's merchant and mode (and a bad key is refused)."
          : definition.auth === "key"
          ? definition.testOnly
            ? "**Auth**: a test key (`sk_test_…`) only; a live key is refused with 403 `TEST_MODE_ONLY`."
            : "**Auth**: a secret key, `sk_test_…` (sandbox) or `sk_live_…` (production)."
          : "**Auth**: none (public).",
        permission ? permissionNote(permission, definition.auth === "optional") : null,
        rateLimitNote(definition),
        idempotencyNote(definition),
        queryFields.some((f) => f.name === "page") && queryFields.some((f) => f.name === "limit")
          ? "**Pagination**: `page` starts at 1; `limit` is the page size. The answer carries `pagination` with the totals."
          : null,
      ].filter(Boolean);

      const operation: Operation = {
        operationId: operationId(method, path),
        summary: doc?.summary ?? `${method} ${entry.path}`,
        description: [doc?.description, notes.join("\n\n")].filter(Boolean).join("\n\n"),
        tags,
        security: definition.auth === "key" ? [{ bearerAuth: [] }] : definition.auth === "optional" ? [{}, { bearerAuth: [] }] : [],
        parameters,
        responses,
        "x-ratelimit": {
          window_seconds: 60,
          default_per_minute: rateLimits.default,
          ...(definition.limit ? { name: definition.limit, per_minute: rateLimits[definition.limit] } : {}),
          scope: definition.auth === "key" ? "api_key" : definition.auth === "optional" ? "api_key_or_client_ip" : "client_ip",
        },
      };
      if (definition.idempotency && definition.auth !== "none") operation["x-idempotency"] = { header: "X-Idempotency-Key", required: definition.idempotency === "required", conflict_code: definition.conflictCode ?? "IDEMPOTENCY_CONFLICT" };
      if (permission) operation["x-cauri-permission"] = permission;
      if (definition.testOnly) operation["x-test-mode-only"] = true;
      if (body) {
        operation.requestBody = {
          required: objectFields(body).some((f) => f.required),
          content: { "application/json": { schema: body } },
        };
      } else if (method === "POST" || method === "PUT" || method === "PATCH") operation.requestBody = emptyBody;
      (paths[path] ??= {})[method.toLowerCase()] = operation;
    }
  }

  const webhooks = webhookOperations(converter);
  const document: OpenApiDocument = {
    openapi: "3.1.0",
    info: {
      title: "Cauri merchant payments API",
      version: API_VERSION,
      summary: "Collect mobile-money payments in Mali, hold them in escrow, withdraw balances.",
      description: apiDescription(options.decisions),
      contact: { name: "Cauri support", url: new URL("/docs", /^https?:\/\//.test(options.serverUrl ?? "") ? options.serverUrl : publicBaseUrl()).href },
    },
    servers: [{ url: options.serverUrl ?? "/", description: "One base URL for sandbox and production: the key decides the mode." }],
    security: [{ bearerAuth: [] }],
    tags: [...usedTags].sort().map((name) => ({ name, ...(TAGS[name] ? { description: TAGS[name] } : {}) })),
    paths,
    webhooks,
    components: {
      schemas: { ...converter.components, Error: errorEnvelope(Object.keys(errorCatalogue) as ErrorCode[]) },
      securitySchemes: {
        bearerAuth: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "sk_test_… | sk_live_…",
          description:
            "`Authorization: Bearer <secret key>`. A `sk_test_` key works in sandbox (free, simulated money); a `sk_live_` key in production, once production access is opened and a paid platform plan is current.",
        },
      },
      headers: {
        RateLimitLimit: { description: "Requests allowed in the current 60-second window (the tightest limit that applies).", schema: { type: "integer" } },
        RateLimitRemaining: { description: "Requests left in the window.", schema: { type: "integer" } },
        RateLimitReset: { description: "Seconds until the window resets.", schema: { type: "integer" } },
        RetryAfter: { description: "Seconds to wait before retrying.", schema: { type: "integer" } },
        RequestId: { description: "Identifies the request for support (echoes `X-Request-Id` when you send one).", schema: { type: "string" } },
        IdempotentReplayed: { description: "`true` when this answer is a replay of an earlier request with the same `X-Idempotency-Key`.", schema: { type: "string", enum: ["true"] } },
      },
      parameters: webhookHeaderParameters,
    },
    "x-error-codes": Object.fromEntries(Object.entries(errorCatalogue).map(([code, spec]) => [code, spec])),
  };
  return { document, problems: [...problems, ...converter.problems] };
}

function errorEnvelope(codes: ErrorCode[]): JsonSchema {
  return {
    type: "object",
    required: ["success", "error"],
    additionalProperties: false,
    properties: {
      success: { type: "boolean", const: false },
      error: {
        type: "object",
        required: ["code", "message"],
        additionalProperties: false,
        properties: {
          code: { type: "string", enum: codes },
          message: { type: "string", description: "For people: says what was wrong and how to fix it. Program against `code`." },
          param: { type: "string", description: "The request field at fault, for validation errors; for `API_KEY_PERMISSION_DENIED`, the permission the key lacks (`payments:write`)." },
          details: {
            type: "array",
            description: "Every problem, when one answer names several (a missing idempotency key and a wrong body): each with its own code and field.",
            items: {
              type: "object",
              required: ["code", "message"],
              additionalProperties: false,
              properties: { code: { type: "string", enum: codes }, message: { type: "string" }, param: { type: "string" } },
            },
          },
        },
      },
    },
  };
}

function defaultTag(path: string): string {
  const first = path.split("/").filter(Boolean)[1] ?? "API";
  return first.replace(/[-_.]/g, " ").replace(/^\w/, (c) => c.toUpperCase());
}

