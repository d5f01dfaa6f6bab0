import { describe, expect, it } from "vitest";
import { z } from "zod";
import { GET as listCustomers } from "@/app/v1/billing/customers/route";
import { DELETE as deletePlan, GET as getPlan } from "@/app/v1/billing/plans/[id]/route";
import { GET as listPlans, POST as createPlan } from "@/app/v1/billing/plans/route";
import { DELETE as cancelSub } from "@/app/v1/billing/subscriptions/[id]/route";
import { GET as listSubs, POST as subscribe } from "@/app/v1/billing/subscriptions/route";
import { POST as withPayment } from "@/app/v1/billing/subscriptions/with-payment/route";
import { POST as createSession } from "@/app/v1/portal/sessions/route";
import { GET as publicPlan } from "@/app/v1/public/plans/[id]/route";
import { GET as publicPlans } from "@/app/v1/public/plans/route";
import type { DefinedRoute } from "@/lib/http/route";
import { call } from "@/tests/support/http";
import { newMerchant } from "@/tests/support/merchant";
import { GET as byId } from "./by-id/[id]/route";
import { POST as checkout } from "./[slug]/checkout/route";
import { GET as qr } from "./[slug]/qr/route";
import { DELETE as remove, GET as readPublic, PATCH as patch } from "./[slug]/route";
import { GET as list, POST as create } from "./route";

/** The answer is exactly what the route's doc says: every field documented, nothing more. */
function strictly(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodObject) return z.strictObject(Object.fromEntries(Object.entries(schema.shape).map(([k, v]) => [k, strictly(v as z.ZodType)])));
  if (schema instanceof z.ZodArray) return z.array(strictly(schema.element as z.ZodType));
  if (schema instanceof z.ZodNullable) return strictly(schema.unwrap() as z.ZodType).nullable();
  return schema;
}

function matchesDoc(route: DefinedRoute, body: { data: unknown; [k: string]: unknown }) {
  const doc = route.definition.doc!;
  const parsed = strictly(doc.response!).safeParse(body.data);
  expect(parsed.success ? null : parsed.error.issues).toBeNull();
  for (const [field, schema] of Object.entries(doc.responseExtra ?? {})) expect(schema.safeParse(body[field]).success).toBe(true);
}

describe("documented response schemas", () => {
  it("the strict check refuses an undocumented field", () => {
    expect(strictly(z.object({ a: z.array(z.object({ b: z.number() })) })).safeParse({ a: [{ b: 1, c: 2 }] }).success).toBe(false);
  });

  it("links, billing and portal answers match their docs exactly", async () => {
    const m = await newMerchant();
    const key = m.testKey;
    const link = await call(create, "POST", "/", { key, body: { name: "Wax", amount: 1_000 } });
    matchesDoc(create, link.body);
    const slug = link.body.data.slug;
    matchesDoc(list, (await call(list, "GET", "/v1/payment-links", { key })).body);
    matchesDoc(byId, (await call(byId, "GET", "/", { key, params: { id: link.body.data.id } })).body);
    matchesDoc(readPublic, (await call(readPublic, "GET", "/", { params: { slug } })).body);
    matchesDoc(patch, (await call(patch, "PATCH", "/", { key, params: { slug }, body: { name: "Wax 2" } })).body);
    matchesDoc(qr, (await call(qr, "GET", `/v1/payment-links/${slug}/qr`, { params: { slug } })).body);
    matchesDoc(checkout, (await call(checkout, "POST", "/", { params: { slug }, body: { customer_phone: "+22370000009" } })).body);
    matchesDoc(remove, (await call(remove, "DELETE", "/", { key, params: { slug } })).body);

    const plan = await call(createPlan, "POST", "/", { key, body: { name: "Hebdo", amount: 1_000, interval: "WEEKLY" } });
    matchesDoc(createPlan, plan.body);
    matchesDoc(listPlans, (await call(listPlans, "GET", "/v1/billing/plans", { key })).body);
    matchesDoc(getPlan, (await call(getPlan, "GET", "/", { key, params: { id: plan.body.data.id } })).body);
    matchesDoc(publicPlans, (await call(publicPlans, "GET", `/v1/public/plans?merchant_id=${m.merchant.id}&mode=test`)).body);
    matchesDoc(publicPlan, (await call(publicPlan, "GET", "/v1/public/plans/x?mode=test", { params: { id: plan.body.data.id } })).body);
    const sub = await call(subscribe, "POST", "/", { key, body: { plan_id: plan.body.data.id, customer_phone: "+22370000009" } });
    matchesDoc(subscribe, sub.body);
    matchesDoc(withPayment, (await call(withPayment, "POST", "/", { key, body: { plan_id: plan.body.data.id, customer_phone: "+22370000009" } })).body);
    matchesDoc(listSubs, (await call(listSubs, "GET", "/v1/billing/subscriptions", { key })).body);
    matchesDoc(cancelSub, (await call(cancelSub, "DELETE", "/", { key, params: { id: sub.body.data.id } })).body);
    matchesDoc(listCustomers, (await call(listCustomers, "GET", "/v1/billing/customers", { key })).body);
    matchesDoc(createSession, (await call(createSession, "POST", "/", { key, body: { customer_phone: "+22370000009" } })).body);
    const other = await call(createPlan, "POST", "/", { key, body: { name: "Vide", amount: 1_000, interval: "MONTHLY" } });
    matchesDoc(deletePlan, (await call(deletePlan, "DELETE", "/", { key, params: { id: other.body.data.id } })).body);

  });
});
