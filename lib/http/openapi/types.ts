/** A route file as the index lists it: its URL path and its exports (GET, POST, … handlers). */
export type RouteEntry = { path: string; file: string; module: Record<string, unknown> };

export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** A JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1) as plain data. */
export type JsonSchema = Record<string, unknown>;

export type OpenApiDocument = {
  openapi: string;
  info: Record<string, unknown>;
  servers?: { url: string; description?: string }[];
  security?: Record<string, string[]>[];
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  /** OpenAPI 3.1: the requests this service sends (event type → POST). */
  webhooks?: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, unknown>; headers: Record<string, unknown>; parameters?: Record<string, unknown> };
  [extension: `x-${string}`]: unknown;
};

export type Operation = {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  security: Record<string, string[]>[];
  parameters: Record<string, unknown>[];
  requestBody?: Record<string, unknown>;
  responses: Record<string, Record<string, unknown>>;
  [extension: `x-${string}`]: unknown;
};
