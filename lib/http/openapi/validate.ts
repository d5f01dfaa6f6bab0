import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { OpenApiDocument } from "./types";

export type ResponseCheck = { ok: true; operation: string } | { ok: false; reason: string };

const pointer = (...segments: string[]) => segments.map((s) => s.replace(/~/g, "~0").replace(/\//g, "~1")).join("/");

/** The documented path template a concrete path belongs to; literal segments win over parameters. */
export function matchPathTemplate(templates: string[], concrete: string): string | undefined {
  const parts = concrete.split("?")[0].split("/");
  let best: { template: string; literals: number } | undefined;
  for (const template of templates) {
    const t = template.split("/");
    if (t.length !== parts.length) continue;
    let literals = 0;
    let ok = true;
    for (let i = 0; i < t.length && ok; i++) {
      if (/^\{.+\}$/.test(t[i])) ok = parts[i] !== "";
      else if (t[i] === parts[i]) literals++;
      else ok = false;
    }
    if (ok && (!best || literals > best.literals)) best = { template, literals };
  }
  return best?.template;
}

/**
 * Checks real answers against the document's response schemas (draft 2020-12, with formats):
 * the path and method must be documented, the status must be one the operation lists, and the
 * body must match that status's schema, error codes included.
 */
export function createResponseValidator(document: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  addFormats(ajv);
  ajv.addSchema({ ...document, $id: "openapi.json" } as object);
  const compiled = new Map<string, ValidateFunction>();
  const templates = Object.keys(document.paths);

  return function check(method: string, path: string, status: number, body: unknown): ResponseCheck {
    const template = matchPathTemplate(templates, path);
    if (!template) return { ok: false, reason: `no documented path matches ${path}` };
    const verb = method.toLowerCase();
    const operation = document.paths[template][verb];
    if (!operation) return { ok: false, reason: `${method.toUpperCase()} ${template} is not documented` };
    const name = `${method.toUpperCase()} ${template}`;
    const response = operation.responses[String(status)] as { content?: Record<string, { schema?: unknown }> } | undefined;
    if (!response) return { ok: false, reason: `${name} does not document status ${status} (documented: ${Object.keys(operation.responses).join(", ")})` };
    const type = Object.keys(response.content ?? {}).find((t) => t.includes("json"));
    if (!type) return { ok: true, operation: name };
    const ref = `openapi.json#/${pointer("paths", template, verb, "responses", String(status), "content", type, "schema")}`;
    let validate = compiled.get(ref);
    if (!validate) {
      validate = ajv.compile({ $ref: ref });
      compiled.set(ref, validate);
    }
    if (validate(body)) return { ok: true, operation: name };
    const errors = (validate.errors ?? []).map((e) => `  ${e.instancePath || "(body)"} ${e.message}${e.params && "allowedValues" in e.params ? ` ${JSON.stringify(e.params.allowedValues)}` : ""}${e.params && "additionalProperty" in e.params ? `: ${e.params.additionalProperty}` : ""}`);
    return { ok: false, reason: `${name} → ${status}: the body does not match the documented schema:\n${errors.join("\n")}\nbody: ${String(JSON.stringify(body)).slice(0, 2000)}` };
  };
}

/**
 * Checks a webhook body against the document's `webhooks` entry for its type: what receivers
 * are promised, compared with what was sent.
 */
export function createWebhookValidator(document: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  addFormats(ajv);
  ajv.addSchema({ ...document, $id: "openapi.json" } as object);
  const compiled = new Map<string, ValidateFunction>();
  return function check(body: { type?: unknown }): ResponseCheck {
    const type = String(body.type);
    if (!document.webhooks?.[type]) return { ok: false, reason: `no documented webhook for type ${type}` };
    let validate = compiled.get(type);
    if (!validate) {
      validate = ajv.compile({ $ref: `openapi.json#/${pointer("webhooks", type, "post", "requestBody", "content", "application/json", "schema")}` });
      compiled.set(type, validate);
    }
    if (validate(body)) return { ok: true, operation: `webhook ${type}` };
    const errors = (validate.errors ?? []).map((e) => `  ${e.instancePath || "(body)"} ${e.message}${e.params && "additionalProperty" in e.params ? `: ${e.params.additionalProperty}` : ""}`);
    return { ok: false, reason: `webhook ${type}: the body does not match the documented schema:\n${errors.join("\n")}` };
  };
}

/**
 * Checks a request body against the document's `requestBody` for `method path`: what generated
 * clients and validators (Prism) would let through, to compare with what the server accepts.
 */
export function createRequestValidator(document: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  addFormats(ajv);
  ajv.addSchema({ ...document, $id: "openapi.json" } as object);
  const templates = Object.keys(document.paths);
  return function check(method: string, path: string, body: unknown): ResponseCheck {
    const template = matchPathTemplate(templates, path);
    const verb = method.toLowerCase();
    const operation = template ? document.paths[template][verb] : undefined;
    if (!template || !operation) return { ok: false, reason: `${method.toUpperCase()} ${path} is not documented` };
    const name = `${method.toUpperCase()} ${template}`;
    if (!operation.requestBody) return { ok: false, reason: `${name} documents no request body` };
    const validate = ajv.compile({ $ref: `openapi.json#/${pointer("paths", template, verb, "requestBody", "content", "application/json", "schema")}` });
    if (validate(body)) return { ok: true, operation: name };
    const errors = (validate.errors ?? []).map((e) => `  ${e.instancePath || "(body)"} ${e.message}`);
    return { ok: false, reason: `${name}: the document refuses this body:\n${errors.join("\n")}` };
  };
}
