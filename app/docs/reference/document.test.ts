import { describe, expect, it } from "vitest";
import { openApiDocument } from "@/app/v1/openapi-document";
import { errorCatalogue } from "@/lib/core/errors";
import { fieldRows, permissionAreas, referenceTags, typeLabel } from "@/lib/http/openapi/reference";
import { KEY_RESOURCES } from "@/lib/platform/key-permissions";

const doc = openApiDocument().document;
const tags = referenceTags(doc);
const operation = (id: string) => tags.flatMap((t) => t.operations).find((o) => o.id === id)!;

describe("the reference's view of the generated document", () => {
  it("shows every operation of the document once, under its first tag", () => {
    const inDocument = Object.values(doc.paths).flatMap((methods) => Object.values(methods).map((o) => o.operationId));
    const shown = tags.flatMap((t) => t.operations.map((o) => o.id));
    expect(shown.slice().sort()).toEqual(inDocument.slice().sort());
    for (const tag of tags) for (const op of tag.operations) expect(doc.paths[op.path][op.method.toLowerCase()].tags[0]).toBe(tag.name);
  });

  it("gives tags URL-safe, unique slugs", () => {
    const slugs = tags.map((t) => t.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(tags.find((t) => t.name === "Payment links")?.slug).toBe("payment-links");
  });

  it("lists a payment's parameters, body fields, answer fields and error codes with the catalogue's messages", () => {
    const create = operation("postPayments");
    expect(create).toMatchObject({ method: "POST", path: "/v1/payments", summary: "Create a payment", authenticated: true });
    expect(create.parameters).toContainEqual(expect.objectContaining({ name: "X-Idempotency-Key", in: "header", required: true }));
    expect(create.body).toContainEqual(expect.objectContaining({ name: "amount", required: true, type: "integer, 100 – 5000000" }));
    expect(create.body).toContainEqual(expect.objectContaining({ name: "customer_email", required: false }));
    expect(create.response).toMatchObject({ status: 201, contentType: "application/json" });
    expect(create.response!.fields).toContainEqual({ name: "status", type: "PENDING | SUCCESS | FAILED | EXPIRED | CANCELLED", required: true });
    expect(create.errors).toContainEqual({ status: 400, code: "IDEMPOTENCY_KEY_REQUIRED", message: errorCatalogue.IDEMPOTENCY_KEY_REQUIRED.message });
    expect(create.errors).toContainEqual(expect.objectContaining({ status: 429, code: "RATE_LIMIT_EXCEEDED" }));
  });

  it("flattens nested objects and arrays of objects into dotted rows", () => {
    const list = operation("getPayments");
    const names = list.response!.fields.map((f) => f.name);
    expect(names).toEqual(expect.arrayContaining(["payments", "payments[].id", "payments[].status", "pagination", "pagination.total"]));
  });

  it("gives each keyed operation the permission a restricted key needs", () => {
    expect(operation("postPayments").permission).toBe("payments:write");
    expect(operation("getPayments").permission).toBe("payments:read");
    expect(operation("postWithdrawals").permission).toBe("withdrawals:write");
    expect(operation("getOpenapiJson").permission).toBeUndefined();
    expect(operation("postPayments").errors).toContainEqual({ status: 403, code: "API_KEY_PERMISSION_DENIED", message: errorCatalogue.API_KEY_PERMISSION_DENIED.message });
    for (const op of tags.flatMap((t) => t.operations)) if (op.authenticated) expect(op.permission, `${op.method} ${op.path}`).toMatch(/^[a-z_]+:(read|write)$/);
  });

  it("lists every resource with the paths it covers", () => {
    const areas = permissionAreas(doc);
    expect(areas.map((a) => a.resource).sort()).toEqual([...KEY_RESOURCES].sort());
    expect(areas.find((a) => a.resource === "payments")?.paths).toEqual(expect.arrayContaining(["/v1/payments", "/v1/opr"]));
    expect(areas.find((a) => a.resource === "withdrawals")?.paths).toEqual(expect.arrayContaining(["/v1/withdrawals", "/v1/balance", "/v1/payouts"]));
  });

  it("marks the operations that need no key", () => {
    expect(operation("getOpenapiJson").authenticated).toBe(false);
  });
});

describe("typeLabel", () => {
  it("hides the safe-integer bounds every integer has and keeps real limits", () => {
    expect(typeLabel(doc, { type: "integer", minimum: -9007199254740991, maximum: 9007199254740991 })).toBe("integer");
    expect(typeLabel(doc, { type: "integer", minimum: 1, maximum: 100, default: 20 })).toBe("integer, 1 – 100, default 20");
    expect(typeLabel(doc, { type: "string", maxLength: 128 })).toBe("string, ≤ 128 chars");
  });

  it("names constants, enumerations, unions and arrays", () => {
    expect(typeLabel(doc, { type: "string", const: "XOF" })).toBe('"XOF"');
    expect(typeLabel(doc, { anyOf: [{ type: "string" }, { type: "null" }] })).toBe("string | null");
    expect(typeLabel(doc, { type: "array", items: { type: "string", enum: ["a", "b"] } })).toBe("array of a | b");
  });
});

describe("fieldRows", () => {
  it("stops at four levels so a recursive schema cannot run away", () => {
    const deep = (n: number): Record<string, unknown> => (n === 0 ? { type: "string" } : { type: "object", properties: { x: deep(n - 1) } });
    expect(fieldRows(doc, deep(6)).map((r) => r.name)).toEqual(["x", "x.x", "x.x.x", "x.x.x.x"]);
  });
});
