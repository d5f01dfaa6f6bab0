import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { route } from "@/lib/http/route";
import { input } from "@/lib/core/validation";
import { readDecisions } from "./description";
import { buildOpenApiDocument, operationId } from "./document";
import { findRouteFiles, renderRouteIndex } from "./route-files";
import { createResponseValidator, matchPathTemplate } from "./validate";

const noop = async () => ({});
const thing = z.object({ id: z.string(), amount: z.number().int() });

const create = route(
  {
    auth: "key",
    resource: "payments",
    limit: "payments.create",
    idempotency: "required",
    conflictCode: "DUPLICATE_PAYMENT",
    status: 201,
    body: input(z.object({ amount: z.number().int().min(100), phone: z.string(), note: z.string().optional(), label: z.string() }), {
      amount: "INVALID_AMOUNT",
      phone: { missing: "MISSING_PHONE", invalid: "INVALID_PHONE" },
    }),
    doc: { summary: "Create a thing", tags: ["Things"], response: thing, responseExtra: { message: z.string() }, errors: ["PLAN_MONTHLY_VOLUME_EXCEEDED"] },
  },
  noop,
);
const list = route(
  {
    auth: "key",
    resource: "payments",
    query: input(z.object({ page: z.coerce.number().int().min(1).default(1), limit: z.coerce.number().int().max(100).default(20), status: z.enum(["A", "B"]).optional() })),
    doc: { summary: "List things", response: z.object({ things: z.array(thing) }) },
  },
  noop,
);
const sandbox = route({ auth: "key", resource: "sandbox", testOnly: true, idempotency: "optional", doc: { summary: "Sandbox tool", response: thing, errors: ["NOT_FOUND"] } }, noop);
const publicRead = route({ auth: "none", doc: { summary: "Public read", response: thing, errors: ["NOT_FOUND"] } }, noop);
const image = route({ auth: "none", doc: { summary: "QR code", produces: ["image/png"] } }, noop);
const undocumented = route({ auth: "key", resource: "payments" }, noop);
const noResponse = route({ auth: "key", resource: "payments", doc: { summary: "No response schema" } }, noop);
const unconvertible = route({ auth: "key", resource: "payments", doc: { summary: "Dates", response: z.object({ at: z.date() }) } }, noop);
const raw = async () => new Response("hi");

const routes = [
  { path: "/v1/things", file: "app/v1/things/route.ts", module: { POST: create, GET: list } },
  { path: "/v1/things/{id}", file: "app/v1/things/[id]/route.ts", module: { GET: publicRead } },
  { path: "/v1/things/{id}/qr", file: "app/v1/things/[id]/qr/route.ts", module: { GET: image } },
  { path: "/v1/sandbox/things/{id}", file: "app/v1/sandbox/things/[id]/route.ts", module: { POST: sandbox } },
];
const { document, problems } = buildOpenApiDocument(routes, { decisions: "- **Keys**: decided." });
const codesOf = (op: { responses: Record<string, Record<string, unknown>> }, status: number) =>
  ((op.responses[String(status)].content as Record<string, { schema: { properties: { error: { properties: { code: { enum: string[] } } } } } }>)["application/json"].schema.properties.error.properties.code.enum);

describe("buildOpenApiDocument", () => {
  it("derives every error code of a keyed, idempotent, validated operation from its options, grouped by status", () => {
    const op = document.paths["/v1/things"].post;
    expect(Object.keys(op.responses).sort()).toEqual(["201", "400", "401", "403", "409", "415", "429", "500", "503"]);
    expect(codesOf(op, 400).sort()).toEqual(["IDEMPOTENCY_KEY_REQUIRED", "IDEMPOTENCY_KEY_TOO_LONG", "INVALID_AMOUNT", "INVALID_BODY", "INVALID_FIELD", "INVALID_JSON", "INVALID_PHONE", "MISSING_FIELD", "MISSING_PHONE"].sort());
    expect(codesOf(op, 401)).toEqual(["INVALID_API_KEY", "PRODUCTION_KEY_DISABLED", "UNAUTHORIZED"]);
    expect(codesOf(op, 403)).toEqual(["API_KEY_PERMISSION_DENIED", "PAID_SUBSCRIPTION_REQUIRED", "PLAN_MONTHLY_VOLUME_EXCEEDED"]);
    expect(codesOf(op, 409)).toEqual(["DUPLICATE_PAYMENT", "IDEMPOTENCY_IN_PROGRESS"]);
    expect(codesOf(op, 415)).toEqual(["UNSUPPORTED_CONTENT_TYPE"]);
    expect(codesOf(op, 429)).toEqual(["RATE_LIMIT_EXCEEDED"]);
    expect(op.responses["429"].headers).toHaveProperty("Retry-After");
    expect(op.responses["400"].description).toContain("| `INVALID_AMOUNT` |");
  });

  it("documents the success envelope with data, extra fields and the rate-limit and idempotency headers", () => {
    const op = document.paths["/v1/things"].post;
    const ok = op.responses["201"] as { headers: Record<string, unknown>; content: Record<string, { schema: Record<string, unknown> }> };
    expect(ok.content["application/json"].schema).toMatchObject({
      required: ["success", "data", "message"],
      properties: { success: { const: true }, data: { type: "object", required: ["id", "amount"] }, message: { type: "string" } },
    });
    expect(Object.keys(ok.headers)).toEqual(["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset", "X-Request-Id", "Idempotent-Replayed"]);
    expect(op["x-ratelimit"]).toEqual({ window_seconds: 60, default_per_minute: 100, name: "payments.create", per_minute: 10, scope: "api_key" });
    expect(op["x-idempotency"]).toEqual({ header: "X-Idempotency-Key", required: true, conflict_code: "DUPLICATE_PAYMENT" });
    expect(op.parameters).toContainEqual(expect.objectContaining({ name: "X-Idempotency-Key", in: "header", required: true }));
    expect(op.security).toEqual([{ bearerAuth: [] }]);
    expect(op.requestBody).toMatchObject({ required: true, content: { "application/json": { schema: { required: ["amount", "phone", "label"] } } } });
    expect(op.description).toContain("10 per minute for this operation");
  });

  it("turns the query spec into query parameters, as clients send them", () => {
    const op = document.paths["/v1/things"].get;
    expect(op.parameters).toEqual([
      { name: "page", in: "query", required: false, schema: expect.objectContaining({ type: "integer", minimum: 1, default: 1 }) },
      { name: "limit", in: "query", required: false, schema: expect.objectContaining({ type: "integer", maximum: 100, default: 20 }) },
      { name: "status", in: "query", required: false, schema: { type: "string", enum: ["A", "B"] } },
    ]);
    expect(op.description).toContain("**Pagination**");
    expect(codesOf(op, 400).sort()).toEqual(["INVALID_FIELD"]);
    expect(op.tags).toEqual(["Things"]);
  });

  it("documents path parameters, public auth, test-only routes and optional idempotency", () => {
    const pub = document.paths["/v1/things/{id}"].get;
    expect(pub.parameters).toEqual([{ name: "id", in: "path", required: true, schema: { type: "string" } }]);
    expect(pub.security).toEqual([]);
    expect(Object.keys(pub.responses).sort()).toEqual(["200", "404", "429", "500", "503"]);
    expect(pub["x-ratelimit"]).toMatchObject({ scope: "client_ip" });

    const tool = document.paths["/v1/sandbox/things/{id}"].post;
    expect(codesOf(tool, 403)).toEqual(["API_KEY_PERMISSION_DENIED", "PAID_SUBSCRIPTION_REQUIRED", "TEST_MODE_ONLY"]);
    expect(codesOf(tool, 400)).toEqual(["IDEMPOTENCY_KEY_TOO_LONG"]);
    expect(tool.parameters).toContainEqual(expect.objectContaining({ name: "X-Idempotency-Key", required: false }));
    expect(tool["x-test-mode-only"]).toBe(true);
    expect(tool.description).toContain("TEST_MODE_ONLY");
    expect(tool.tags).toEqual(["Sandbox"]);
  });

  it("documents optional auth as public-or-key, with the key's errors", () => {
    const optional = route({ auth: "optional", doc: { summary: "Read", response: thing, errors: ["NOT_FOUND"] } }, noop);
    const built = buildOpenApiDocument([{ path: "/v1/o/{id}", file: "app/v1/o/[id]/route.ts", module: { GET: optional } }]);
    const op = built.document.paths["/v1/o/{id}"].get;
    expect(op.security).toEqual([{}, { bearerAuth: [] }]);
    expect(codesOf(op, 401)).toEqual(["INVALID_API_KEY", "PRODUCTION_KEY_DISABLED", "UNAUTHORIZED"]);
    expect(op.description).toContain("**Auth**: optional");
  });

  it("documents non-JSON answers by their content type", () => {
    const op = document.paths["/v1/things/{id}/qr"].get;
    expect(op.responses["200"].content).toEqual({ "image/png": { schema: { type: "string", format: "binary" } } });
  });

  it("gives stable, readable operation ids", () => {
    expect(operationId("GET", "/v1/payments/{id}/status")).toBe("getPaymentsByIdStatus");
    expect(operationId("POST", "/v1/sandbox/clock/advance")).toBe("postSandboxClockAdvance");
    expect(operationId("GET", "/v1/webhook-event-types")).toBe("getWebhookEventTypes");
    expect(document.paths["/v1/things"].post.operationId).toBe("postThings");
  });

  it("puts the decisions in info.description", () => {
    expect(document.info.description).toContain("## Decisions where the contract is silent\n- **Keys**: decided.");
  });

  it("names each keyed operation's permission for restricted keys: the extension, a line of the description, the 403 code", () => {
    expect(document.paths["/v1/things"].post["x-cauri-permission"]).toBe("payments:write");
    expect(document.paths["/v1/things"].get["x-cauri-permission"]).toBe("payments:read");
    expect(document.paths["/v1/sandbox/things/{id}"].post["x-cauri-permission"]).toBe("sandbox:write");
    expect(document.paths["/v1/things"].post.description).toContain("**Permission**: `payments:write` for a restricted key (a standard key has every permission); without it, 403 `API_KEY_PERMISSION_DENIED`.");
    expect(codesOf(document.paths["/v1/things"].get, 403)).toContain("API_KEY_PERMISSION_DENIED");
    // Public operations need no key, so no permission.
    expect(document.paths["/v1/things/{id}"].get).not.toHaveProperty("x-cauri-permission");
    expect(document.paths["/v1/things/{id}"].get.description).not.toContain("**Permission**");
    expect(document.paths["/v1/things/{id}"].get.responses).not.toHaveProperty("403");
  });

  it("lists a keyed route that names no resource as a problem", () => {
    const bare = route({ auth: "key", doc: { summary: "Bare", response: thing } }, noop);
    const optional = route({ auth: "optional", doc: { summary: "Optional", response: thing } }, noop);
    const built = buildOpenApiDocument([{ path: "/v1/bare", file: "app/v1/bare/route.ts", module: { GET: bare, POST: optional } }]);
    expect(built.problems).toEqual([
      "GET /v1/bare (app/v1/bare/route.ts): route() has no `resource` (what a restricted key needs, lib/platform/key-permissions.ts)",
      "POST /v1/bare (app/v1/bare/route.ts): route() has no `resource` (what a restricted key needs, lib/platform/key-permissions.ts)",
    ]);
    expect(built.document.paths["/v1/bare"].get).not.toHaveProperty("x-cauri-permission");
  });

  it("has no problems when every route is documented", () => {
    expect(problems).toEqual([]);
  });

  it("lists routes without route(), without doc, without a response schema, or with a schema JSON cannot describe", () => {
    const bad = buildOpenApiDocument([
      { path: "/v1/a", file: "app/v1/a/route.ts", module: { GET: undocumented, POST: raw, PUT: noResponse, PATCH: unconvertible } },
    ]);
    expect(bad.problems).toEqual([
      "GET /v1/a (app/v1/a/route.ts): route() has no `doc` (summary, response schema, domain errors)",
      "POST /v1/a (app/v1/a/route.ts): not declared with route() — it has no definition to document",
      "PUT /v1/a (app/v1/a/route.ts): doc has no `response` schema of `data` (use z.never() for a route that never succeeds)",
      "PATCH /v1/a (app/v1/a/route.ts) response: Date cannot be represented in JSON Schema (at properties.at)",
    ]);
    // Still a complete document: the undocumented routes appear with what their options tell.
    expect(Object.keys(bad.document.paths["/v1/a"]).sort()).toEqual(["get", "patch", "put"]);
  });

  it("documents a route that never succeeds (response: z.never()) by its errors only", () => {
    const refused = route({ auth: "key", resource: "withdrawals", doc: { summary: "Refused", response: z.never(), errors: ["PAYOUTS_UNAVAILABLE"] } }, noop);
    const built = buildOpenApiDocument([{ path: "/v1/r", file: "app/v1/r/route.ts", module: { POST: refused } }]);
    expect(built.problems).toEqual([]);
    expect(Object.keys(built.document.paths["/v1/r"].post.responses)).toEqual(["401", "403", "429", "500", "503"]);
  });

  it("hoists schemas named with .meta({id}) into components and refers to them", () => {
    const Named = z.object({ id: z.string() }).meta({ id: "NamedThing" });
    const r = route({ auth: "key", resource: "payments", doc: { summary: "Named", response: z.object({ a: Named, b: z.array(Named) }) } }, noop);
    const built = buildOpenApiDocument([{ path: "/v1/n", file: "app/v1/n/route.ts", module: { GET: r } }]);
    expect(built.problems).toEqual([]);
    expect(built.document.components.schemas.NamedThing).toMatchObject({ type: "object", required: ["id"] });
    const data = (built.document.paths["/v1/n"].get.responses["200"].content as Record<string, { schema: { properties: { data: { properties: Record<string, unknown> } } } }>)["application/json"].schema.properties.data;
    expect(data.properties.a).toEqual({ $ref: "#/components/schemas/NamedThing" });
    const check = createResponseValidator(built.document);
    expect(check("GET", "/v1/n", 200, { success: true, data: { a: { id: "x" }, b: [{ id: "y" }] } })).toMatchObject({ ok: true });
    expect(check("GET", "/v1/n", 200, { success: true, data: { a: { id: 1 }, b: [] } })).toMatchObject({ ok: false });
  });
});

describe("createResponseValidator", () => {
  const check = createResponseValidator(document);

  it("accepts a body that matches the documented schema", () => {
    expect(check("POST", "/v1/things", 201, { success: true, data: { id: "t_1", amount: 100 }, message: "ok" })).toEqual({ ok: true, operation: "POST /v1/things" });
    expect(check("POST", "/v1/things", 400, { success: false, error: { code: "INVALID_AMOUNT", message: "no", param: "amount" } })).toMatchObject({ ok: true });
  });

  it("refuses extra or missing fields, wrong types, undocumented statuses and codes the operation does not list", () => {
    expect(check("POST", "/v1/things", 201, { success: true, data: { id: "t_1", amount: 100, secret: 1 }, message: "ok" })).toMatchObject({ ok: false, reason: expect.stringContaining("secret") });
    expect(check("POST", "/v1/things", 201, { success: true, data: { id: "t_1" }, message: "ok" })).toMatchObject({ ok: false });
    expect(check("POST", "/v1/things", 201, { success: true, data: { id: "t_1", amount: "100" }, message: "ok" })).toMatchObject({ ok: false });
    expect(check("POST", "/v1/things", 404, { success: false, error: { code: "NOT_FOUND", message: "x" } })).toMatchObject({ ok: false, reason: expect.stringContaining("does not document status 404") });
    expect(check("POST", "/v1/things", 400, { success: false, error: { code: "NOT_FOUND", message: "x" } })).toMatchObject({ ok: false });
    expect(check("DELETE", "/v1/things", 200, {})).toMatchObject({ ok: false, reason: "DELETE /v1/things is not documented" });
    expect(check("GET", "/v1/nothing", 200, {})).toMatchObject({ ok: false });
  });

  it("matches concrete paths to templates, literal segments first", () => {
    const templates = ["/v1/payments/{id}", "/v1/payments/search", "/v1/payments/{id}/status"];
    expect(matchPathTemplate(templates, "/v1/payments/search")).toBe("/v1/payments/search");
    expect(matchPathTemplate(templates, "/v1/payments/txn_1")).toBe("/v1/payments/{id}");
    expect(matchPathTemplate(templates, "/v1/payments/txn_1/status?x=1")).toBe("/v1/payments/{id}/status");
    expect(matchPathTemplate(templates, "/v1/payments/")).toBeUndefined();
  });
});

describe("findRouteFiles", () => {
  it("maps folders to URL paths: [id] → {id}, groups vanish, catch-alls and private folders are skipped", () => {
    const root = mkdtempSync(path.join(tmpdir(), "cauri-routes-"));
    const touch = (rel: string) => {
      mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
      writeFileSync(path.join(root, rel), "export {};\n");
    };
    ["app/v1/payments/route.ts", "app/v1/payments/[id]/status/route.ts", "app/v1/(tools)/sandbox/clock/route.ts", "app/v1/[...path]/route.ts", "app/v1/x/[[...rest]]/route.ts", "app/v1/_lib/route.ts", "app/v1/openapi.json/route.ts", "app/v1/payments/schemas.ts"].forEach(touch);
    const files = findRouteFiles(root);
    expect(files).toEqual([
      { file: "app/v1/openapi.json/route.ts", path: "/v1/openapi.json" },
      { file: "app/v1/payments/route.ts", path: "/v1/payments" },
      { file: "app/v1/payments/[id]/status/route.ts", path: "/v1/payments/{id}/status" },
      { file: "app/v1/(tools)/sandbox/clock/route.ts", path: "/v1/sandbox/clock" },
    ]);
    expect(renderRouteIndex(files)).toContain('import * as r2 from "@/app/v1/payments/[id]/status/route";');
  });
});

describe("readDecisions", () => {
  it("takes the area files in the index's order, each under its title, headings two levels down, code blocks intact", () => {
    const root = mkdtempSync(path.join(tmpdir(), "cauri-decisions-"));
    const dir = path.join(root, "docs", "decisions");
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, "README.md"), ["# Decisions", "", "Not an area.", "", "- [Payments](payments.md)", "- [Keys](api.md): keys", ""].join("\n"));
    writeFileSync(path.join(dir, "api.md"), ["# The API in general", "", "- one", "", "## Keys", "- two", ""].join("\n"));
    writeFileSync(path.join(dir, "payments.md"), ["# Payments", "", "```sh", "# not a heading", "## nor this", "```", "## Fees", "- three", ""].join("\n"));
    writeFileSync(path.join(dir, "unlisted.md"), "# Unlisted\n\n- never read\n");
    expect(readDecisions(root)).toBe("### Payments\n\n```sh\n# not a heading\n## nor this\n```\n#### Fees\n- three\n\n### The API in general\n\n- one\n\n#### Keys\n- two");
    expect(readDecisions(path.join(root, "missing"))).toBeUndefined();
  });
});
