import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import type { Mode } from "@/db/schema";
import { mintSessionCookie } from "@/lib/auth/session-token";
import { signUp } from "@/lib/auth/signup";
import { getUser } from "@/lib/auth/users";
import { call } from "@/tests/support/http";
import * as customers from "./customers/route";
import * as planOne from "./plans/[id]/route";
import * as plans from "./plans/route";
import * as overview from "./route";
import * as cancel from "./subscriptions/[id]/cancel/route";
import * as subscriptions from "./subscriptions/route";

const ORIGIN = "http://localhost:3000";
let seq = 0;

async function account(name = "Boutique Abonnements") {
  const created = await signUp(db(), { email: `billing-${Date.now()}-${seq++}@example.ml`, password: "mot de passe solide", businessName: name });
  const cookie = await mintSessionCookie((await getUser(db(), created.userId))!);
  const as = (m: Mode = "test", extra: Record<string, string> = {}) => ({ cookie: `${cookie}; cauri_mode=${m}`, origin: ORIGIN, ...extra });
  return { ...created, cookie, as };
}

type Account = Awaited<ReturnType<typeof account>>;

async function newPlan(a: Account, body: Record<string, unknown> = { name: "Panier hebdo", amount: 5_000, interval: "WEEKLY" }, m: Mode = "test") {
  const res = await call(plans.POST, "POST", "/dashboard-api/billing/plans", { body, headers: a.as(m) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; name: string; amount: number; is_active: boolean };
}

const patchPlan = (a: Account, id: string, body: unknown, headers: Record<string, string> = a.as()) =>
  call(planOne.PATCH, "PATCH", `/dashboard-api/billing/plans/${id}`, { body, headers, params: { id } });

const subscribe = (a: Account, body: Record<string, unknown>, headers: Record<string, string> = a.as()) =>
  call(subscriptions.POST, "POST", "/dashboard-api/billing/subscriptions", { body, headers });

describe("dashboard billing: plans", () => {
  it("edits name, description and amount with the API's validation; the interval never changes", async () => {
    const a = await account();
    const plan = await newPlan(a);
    const edited = await patchPlan(a, plan.id, { name: "  Panier de la semaine ", description: "Fruits et légumes", amount: 6_500 });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ id: plan.id, name: "Panier de la semaine", description: "Fruits et légumes", amount: 6_500, interval: "WEEKLY", is_active: true });

    const tooSmall = await patchPlan(a, plan.id, { amount: 99 });
    expect(tooSmall.status).toBe(400);
    expect(tooSmall.body.error).toMatchObject({ code: "INVALID_AMOUNT", param: "amount" });
    expect((await patchPlan(a, plan.id, { name: "" })).body.error).toMatchObject({ code: "INVALID_FIELD", param: "name" });
    expect((await patchPlan(a, plan.id, { interval: "MONTHLY" })).body.error).toMatchObject({ code: "PLAN_INTERVAL_IMMUTABLE", param: "interval" });

    const cleared = await patchPlan(a, plan.id, { description: null });
    expect(cleared.body.data).toMatchObject({ description: null, amount: 6_500, name: "Panier de la semaine" });
  });

  it("deactivates a plan (no new subscriber, current ones stay) and reactivates it", async () => {
    const a = await account();
    const plan = await newPlan(a);
    expect((await subscribe(a, { plan_id: plan.id, customer_phone: "70000001" })).status).toBe(201);

    const off = await patchPlan(a, plan.id, { is_active: false });
    expect(off.body.data).toMatchObject({ is_active: false, subscriber_count: 1 });
    const refused = await subscribe(a, { plan_id: plan.id, customer_phone: "70000002" });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe("PLAN_INACTIVE");
    const listed = await call(overview.GET, "GET", "/dashboard-api/billing", { headers: a.as() });
    expect(listed.body.data.plans).toEqual([expect.objectContaining({ id: plan.id, is_active: false })]);
    expect(listed.body.data.subscriptions.map((s: { status: string }) => s.status)).toEqual(["ACTIVE"]);

    expect((await patchPlan(a, plan.id, { is_active: true })).body.data.is_active).toBe(true);
    expect((await subscribe(a, { plan_id: plan.id, customer_phone: "70000002" })).status).toBe(201);
  });

  it("answers 404 for another merchant's plan and for the other mode's, and changes nothing", async () => {
    const a = await account();
    const b = await account("Autre boutique");
    const plan = await newPlan(a);
    const foreign = await patchPlan(b, plan.id, { name: "Volé", is_active: false }, b.as());
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe("PLAN_NOT_FOUND");
    const otherMode = await patchPlan(a, plan.id, { name: "Live" }, a.as("live"));
    expect(otherMode.status).toBe(404);
    const [still] = (await call(overview.GET, "GET", "/dashboard-api/billing", { headers: a.as() })).body.data.plans;
    expect(still).toMatchObject({ name: "Panier hebdo", is_active: true });
    expect((await subscribe(b, { plan_id: plan.id, customer_phone: "70000001" }, b.as())).body.error.code).toBe("PLAN_NOT_FOUND");
  });

  it("refuses a change without the dashboard's Origin (CSRF) and without a session", async () => {
    const a = await account();
    const plan = await newPlan(a);
    for (const headers of [{ cookie: a.as().cookie }, { cookie: a.as().cookie, origin: "https://evil.example" }, a.as("test", { "sec-fetch-site": "cross-site" })]) {
      const res = await patchPlan(a, plan.id, { is_active: false }, headers);
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe("CSRF_REJECTED");
      expect((await subscribe(a, { plan_id: plan.id, customer_phone: "70000001" }, headers)).body.error.code).toBe("CSRF_REJECTED");
    }
    const listed = await call(overview.GET, "GET", "/dashboard-api/billing", { headers: a.as() });
    expect(listed.body.data.plans[0].is_active).toBe(true);
    expect(listed.body.data.subscriptions).toEqual([]);
    expect((await patchPlan(a, plan.id, { is_active: false }, { origin: ORIGIN })).status).toBe(401);
    expect((await call(customers.GET, "GET", "/dashboard-api/billing/customers")).body.error.code).toBe("SESSION_REQUIRED");
  });
});

describe("dashboard billing: subscriptions with a payment link, and customers", () => {
  it("subscribes a customer and answers the link for the first period, which the customer list then shows", async () => {
    const a = await account();
    const plan = await newPlan(a, { name: "Abonnement mensuel", amount: 12_500, interval: "MONTHLY" });
    const res = await subscribe(a, { plan_id: plan.id, customer_phone: "70000001", customer_name: "Awa Traoré", customer_email: "awa@example.ml" });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { subscription, payment_link } = res.body.data;
    expect(subscription).toMatchObject({ plan_id: plan.id, customer_phone: "+22370000001", status: "ACTIVE", amount: 12_500, livemode: false });
    expect(payment_link).toMatchObject({ amount: 12_500 });
    expect(payment_link.url).toMatch(new RegExp(`/l/${payment_link.slug}$`));

    const listed = await call(customers.GET, "GET", "/dashboard-api/billing/customers", { headers: a.as() });
    expect(listed.status).toBe(200);
    expect(listed.body.data.customers).toEqual([expect.objectContaining({ phone: "+22370000001", name: "Awa Traoré", email: "awa@example.ml", subscription_count: 1, total_paid: 0 })]);
    expect(listed.body.data.pagination).toMatchObject({ total: 1 });
    expect((await call(customers.GET, "GET", "/dashboard-api/billing/customers?search=awa", { headers: a.as() })).body.data.customers).toHaveLength(1);
    expect((await call(customers.GET, "GET", "/dashboard-api/billing/customers?search=moussa", { headers: a.as() })).body.data.customers).toEqual([]);

    const ofCustomer = await call(subscriptions.GET, "GET", "/dashboard-api/billing/subscriptions?customer_phone=%2B22370000001", { headers: a.as() });
    expect(ofCustomer.body.data.map((s: { id: string }) => s.id)).toEqual([subscription.id]);
  });

  it("maps bad input to the API's codes and fields", async () => {
    const a = await account();
    const plan = await newPlan(a);
    expect((await subscribe(a, { plan_id: plan.id })).body.error).toMatchObject({ code: "MISSING_PHONE", param: "customer_phone" });
    expect((await subscribe(a, { plan_id: plan.id, customer_phone: "abc" })).body.error).toMatchObject({ code: "INVALID_PHONE", param: "customer_phone" });
    expect((await subscribe(a, { plan_id: plan.id, customer_phone: "70000001", customer_email: "pas-un-email" })).body.error).toMatchObject({ code: "INVALID_EMAIL" });
    expect((await subscribe(a, { plan_id: plan.id, customer_phone: "70000001", redirect_url: "http://boutique.example.ml" })).body.error).toMatchObject({ code: "INVALID_REDIRECT_URL" });
    expect((await call(customers.GET, "GET", "/dashboard-api/billing/customers", { headers: a.as() })).body.data.customers).toEqual([]);
  });

  it("keeps test and live apart, filters by status, and scopes cancellation to the merchant", async () => {
    const a = await account();
    const b = await account("Autre boutique");
    const plan = await newPlan(a);
    const first = (await subscribe(a, { plan_id: plan.id, customer_phone: "70000001" })).body.data.subscription;
    const second = (await subscribe(a, { plan_id: plan.id, customer_phone: "70000002" })).body.data.subscription;

    const foreign = await call(cancel.POST, "POST", `/dashboard-api/billing/subscriptions/${first.id}/cancel`, { headers: b.as(), params: { id: first.id } });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe("SUBSCRIPTION_NOT_FOUND");
    const live = await call(cancel.POST, "POST", `/dashboard-api/billing/subscriptions/${first.id}/cancel`, { headers: a.as("live"), params: { id: first.id } });
    expect(live.status).toBe(404);
    const done = await call(cancel.POST, "POST", `/dashboard-api/billing/subscriptions/${first.id}/cancel`, { headers: a.as(), params: { id: first.id } });
    expect(done.body.data).toMatchObject({ id: first.id, status: "CANCELLED", cancel_reason: "requested" });

    const cancelled = await call(overview.GET, "GET", "/dashboard-api/billing?status=CANCELLED", { headers: a.as() });
    expect(cancelled.body.data.subscriptions.map((s: { id: string }) => s.id)).toEqual([first.id]);
    const active = await call(overview.GET, "GET", `/dashboard-api/billing?status=ACTIVE&plan_id=${plan.id}`, { headers: a.as() });
    expect(active.body.data.subscriptions.map((s: { id: string }) => s.id)).toEqual([second.id]);

    const liveView = await call(overview.GET, "GET", "/dashboard-api/billing", { headers: a.as("live") });
    expect(liveView.body.data).toEqual({ plans: [], subscriptions: [] });
    expect((await call(customers.GET, "GET", "/dashboard-api/billing/customers", { headers: a.as("live") })).body.data.customers).toEqual([]);
    expect((await call(customers.GET, "GET", "/dashboard-api/billing/customers", { headers: b.as() })).body.data.customers).toEqual([]);
  });
});
