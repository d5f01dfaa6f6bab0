import { describe, expect, it } from "vitest";
import { PATCH as activate } from "@/app/v1/payment-links/[slug]/activate/route";
import { PATCH as deactivate } from "@/app/v1/payment-links/[slug]/deactivate/route";
import { PATCH as updateLink } from "@/app/v1/payment-links/[slug]/route";
import { POST as createLink } from "@/app/v1/payment-links/route";
import { POST as reconcile } from "@/app/v1/payments/[id]/reconcile/route";
import { POST as createPayment } from "@/app/v1/payments/route";
import { lintOpenApiDocument } from "@/lib/http/openapi/lint";
import { createRequestValidator } from "@/lib/http/openapi/validate";
import type { OpenApiDocument } from "@/lib/http/openapi/types";
import { call } from "@/tests/support/http";
import { newMerchant } from "@/tests/support/merchant";
import { GET } from "./route";

const served = async () => (await call<OpenApiDocument>(GET, "GET", "/v1/openapi.json", { headers: { host: "api.example.ml", "x-forwarded-proto": "https" } })).body;

/** Sends `body` to the route and checks the served document with the same request: both must accept it. */
async function acceptedByBoth(document: OpenApiDocument, handler: Parameters<typeof call>[0], method: string, path: string, options: Parameters<typeof call>[3] & { body: unknown }) {
  const res = await call(handler, method, path, options);
  expect(res.status, `${method} ${path} ${JSON.stringify(options.body)} → ${JSON.stringify(res.body)}`).toBeLessThan(300);
  const check = createRequestValidator(document)(method, path, options.body);
  expect(check.ok ? "accepted" : check.reason, `${method} ${path} ${JSON.stringify(options.body)}`).toBe("accepted");
  return res.body.data;
}

describe("the OpenAPI document accepts the calls the previous service's libraries make, which the server accepts", () => {
  it("payments: `provider`, a nested `customer` and JSON null for optional fields; the document still refuses what the server refuses", async () => {
    const document = await served();
    const m = await newMerchant();
    const body = {
      amount: 12_500,
      provider: "OPERATOR_MONEY",
      customer: { phone: "+22370000009", name: null, email: null },
      return_url: "https://shop.example.ml/merci",
      client_reference: null,
      description: null,
      country: null,
      metadata: null,
    };
    const payment = await acceptedByBoth(document, createPayment, "POST", "/v1/payments", { key: m.testKey, idempotencyKey: crypto.randomUUID(), body });
    expect(payment).toMatchObject({ customer: { phone: "+22370000009", name: null, email: null } });

    const check = createRequestValidator(document);
    for (const refused of [
      { ...body, provider: undefined },
      { ...body, customer: { name: "Awa" } },
      { ...body, provider: null },
      { ...body, return_url: null },
    ]) {
      const res = await call(createPayment, "POST", "/v1/payments", { key: m.testKey, idempotencyKey: crypto.randomUUID(), body: refused });
      expect(res.status, JSON.stringify(refused)).toBe(400);
      expect(check("POST", "/v1/payments", JSON.parse(JSON.stringify(refused))).ok, JSON.stringify(refused)).toBe(false);
    }
  });

  it("payment links: `title` and `price`, nulls, and `{}` on the action routes, whose parameter is named id", async () => {
    const document = await served();
    const m = await newMerchant();
    const link = await acceptedByBoth(document, createLink, "POST", "/v1/payment-links", { key: m.testKey, body: { title: "Don Ségou", price: 5_000, description: null, slug: null, redirect_url: null, metadata: null } });
    expect(link).toMatchObject({ name: "Don Ségou", amount: 5_000 });
    const open = await acceptedByBoth(document, createLink, "POST", "/v1/payment-links", { key: m.testKey, body: { title: "Cotisation", mode: "OPEN", price: null, min_amount: 500, max_amount: 50_000 } });
    expect(open).toMatchObject({ mode: "OPEN", amount: null });
    await acceptedByBoth(document, updateLink, "PATCH", `/v1/payment-links/${link.id}`, { key: m.testKey, params: { slug: link.id }, body: { title: "Don pour Ségou", description: null } });

    expect(await acceptedByBoth(document, deactivate, "PATCH", `/v1/payment-links/${link.id}/deactivate`, { key: m.testKey, params: { slug: link.id }, body: {} })).toMatchObject({ is_active: false });
    expect(await acceptedByBoth(document, activate, "PATCH", `/v1/payment-links/${link.id}/activate`, { key: m.testKey, params: { slug: link.id }, body: {} })).toMatchObject({ is_active: true });
    for (const action of ["activate", "deactivate"]) {
      expect(document.paths[`/v1/payment-links/{slug}/${action}`]).toBeUndefined();
      const [parameter] = document.paths[`/v1/payment-links/{id}/${action}`].patch.parameters as { name: string; in: string; description: string }[];
      expect(parameter).toMatchObject({ name: "id", in: "path" });
      expect(parameter.description).toContain("link_");
    }
  });

  it("action routes take `{}`", async () => {
    const document = await served();
    const m = await newMerchant();
    const payment = await acceptedByBoth(document, createPayment, "POST", "/v1/payments", {
      key: m.testKey,
      idempotencyKey: crypto.randomUUID(),
      body: { amount: 1_000, payment_method: "OPERATOR_MONEY", customer_phone: "+22370000009", return_url: "https://shop.example.ml/merci" },
    });
    await acceptedByBoth(document, reconcile, "POST", `/v1/payments/${payment.id}/reconcile`, { key: m.testKey, params: { id: payment.id }, body: {} });
  });
});

describe("the served document passes the linters", () => {
  it("has no jsonSchemaDialect (Prism would skip every body check), an absolute contact URL, and no Redocly `recommended` error", async () => {
    const document = await served();
    expect(document).not.toHaveProperty("jsonSchemaDialect");
    expect(document.info.contact).toEqual({ name: "Cauri support", url: "https://api.example.ml/docs" });
    const problems = await lintOpenApiDocument(document);
    expect(problems.filter((p) => p.severity === "error")).toEqual([]);
  }, 60_000);
});
