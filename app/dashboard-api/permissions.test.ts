import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { MERCHANT_ROLES, users, type MerchantRole } from "@/db/schema";
import { createKey } from "@/lib/account/developers";
import { dashboardContext } from "@/lib/auth/dashboard-context";
import { mintSessionCookie } from "@/lib/auth/session-token";
import { newId } from "@/lib/ids";
import { createMerchant, getMerchant, updateMerchant } from "@/lib/platform/merchants";
import { call } from "@/tests/support/http";

/**
 * Every route under app/dashboard-api, every exported method, and which roles it opens to. The
 * list of routes is read from the disk, so a new route (or method) without a row here fails.
 */
const EVERYONE: readonly MerchantRole[] = MERCHANT_ROLES;
const DEVELOPERS: readonly MerchantRole[] = ["owner", "admin", "developer"];
const DEV_READ: readonly MerchantRole[] = ["owner", "admin", "developer", "viewer"];
const COMMERCE: readonly MerchantRole[] = ["owner", "admin", "developer", "finance"];
const MONEY_READ: readonly MerchantRole[] = ["owner", "admin", "finance", "viewer"];
const MONEY: readonly MerchantRole[] = ["owner", "admin", "finance"];
const ADMINS: readonly MerchantRole[] = ["owner", "admin"];
const OWNERS: readonly MerchantRole[] = ["owner"];

const EXPECTED: Record<string, readonly MerchantRole[] | "anonymous"> = {
  "POST application": EVERYONE,
  "GET audit": ADMINS,
  "GET balance/transactions": MONEY_READ,
  "GET billing": EVERYONE,
  "GET billing/customers": EVERYONE,
  "POST billing/plans": COMMERCE,
  "PATCH billing/plans/[id]": COMMERCE,
  "GET billing/subscriptions": EVERYONE,
  "POST billing/subscriptions": COMMERCE,
  "POST billing/subscriptions/[id]/cancel": COMMERCE,
  "GET developers": DEV_READ,
  "POST developers/applications": DEVELOPERS,
  "GET developers/keys": DEV_READ,
  "POST developers/keys": DEVELOPERS,
  "POST developers/keys/restricted": DEVELOPERS,
  "POST developers/keys/[id]/revoke": DEVELOPERS,
  "GET developers/requests": DEVELOPERS,
  "GET developers/requests/[id]": DEVELOPERS,
  "GET exports": MONEY,
  "GET figures": MONEY_READ,
  "GET home": EVERYONE,
  "POST invitation": "anonymous",
  "GET invoices": EVERYONE,
  "POST invoices": COMMERCE,
  "GET invoices/[id]": EVERYONE,
  "PATCH invoices/[id]": COMMERCE,
  "DELETE invoices/[id]": COMMERCE,
  "POST invoices/[id]/finalize": COMMERCE,
  "POST invoices/[id]/send": COMMERCE,
  "POST invoices/[id]/void": COMMERCE,
  "GET links": EVERYONE,
  "POST links": COMMERCE,
  "PATCH links/[id]": COMMERCE,
  "POST links/[id]/active": COMMERCE,
  "POST links/[id]/archive": COMMERCE,
  "POST links/[id]/send": COMMERCE,
  "POST mode": EVERYONE,
  "POST payments/[id]/reconcile": COMMERCE,
  "GET refund-requests": EVERYONE,
  "POST refund-requests": MONEY,
  "POST refund-requests/[id]/cancel": MONEY,
  "GET reports/[id]": MONEY,
  "GET search": EVERYONE,
  "GET secure-orders": EVERYONE,
  "POST secure-orders": COMMERCE,
  "GET secure-orders/[id]": EVERYONE,
  "POST secure-orders/[id]/cancel": COMMERCE,
  "POST secure-orders/pilot-request": COMMERCE,
  "GET settings": EVERYONE,
  "POST settings/kyc": ADMINS,
  "POST settings/plan": ADMINS,
  "POST settings/production": OWNERS,
  "GET settings/branding": EVERYONE,
  "PATCH settings/branding": ADMINS,
  "PUT settings/branding/logo": ADMINS,
  "DELETE settings/branding/logo": ADMINS,
  "GET settings/sms": EVERYONE,
  "PUT settings/sms": ADMINS,
  "PATCH settings/profile": ADMINS,
  "POST signup": "anonymous",
  "GET team": EVERYONE,
  "POST team": OWNERS,
  "PATCH team/[id]": OWNERS,
  "DELETE team/[id]": OWNERS,
  "POST team/[id]/invitation": OWNERS,
  "POST team/leave": EVERYONE,
  "GET webhooks": DEV_READ,
  "POST webhooks/endpoints": DEVELOPERS,
  "PATCH webhooks/endpoints/[id]": DEVELOPERS,
  "DELETE webhooks/endpoints/[id]": DEVELOPERS,
  "POST webhooks/endpoints/[id]/roll": DEVELOPERS,
  "GET webhooks/logs/[id]": DEVELOPERS,
  "POST webhooks/logs/[id]/retry": DEVELOPERS,
  "POST webhooks/endpoints/[id]/resend-failed": DEVELOPERS,
  "POST webhooks/events/[event_id]/resend": DEVELOPERS,
  "POST webhooks/verify": DEVELOPERS,
  "GET webhooks/stats": DEV_READ,
  "POST webhooks/test": DEVELOPERS,
  "GET withdrawals": MONEY_READ,
  "POST withdrawals": MONEY,
  "POST withdrawals/[id]/cancel": MONEY,
  "POST withdrawals/[id]/approve": ADMINS,
  "POST withdrawals/[id]/refuse": ADMINS,
  "GET withdrawals/approval-threshold": MONEY_READ,
  "PUT withdrawals/approval-threshold": ADMINS,
  "GET withdrawals/quote": MONEY_READ,
};

// The account/** routes (own security and notification settings) are "account": every member.
const isAccountRoute = (route: string) => route.startsWith("account/") || route === "account";

const ROOT = path.join(process.cwd(), "app/dashboard-api");
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Handler = Parameters<typeof call>[0];

function routeFiles(dir = ROOT): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return routeFiles(full);
    return name === "route.ts" ? [path.relative(ROOT, dir).split(path.sep).join("/")] : [];
  });
}

async function discover(): Promise<{ key: string; route: string; method: string; handler: Handler }[]> {
  const out: { key: string; route: string; method: string; handler: Handler }[] = [];
  for (const route of routeFiles()) {
    const mod = (await import(/* @vite-ignore */ `./${route}/route.ts`)) as Record<string, unknown>;
    for (const method of METHODS) if (typeof mod[method] === "function") out.push({ key: `${method} ${route}`, route, method, handler: mod[method] as Handler });
  }
  return out.sort((a, b) => Number(a.route === "team/leave") - Number(b.route === "team/leave") || a.key.localeCompare(b.key));
}

const expectedOf = (key: string, route: string) => EXPECTED[key] ?? (isAccountRoute(route) ? EVERYONE : undefined);

/**
 * Everything of one merchant, as text: each row of every table with a merchant_id column (found in
 * the catalogue, so a new table is covered), and the merchant's own row. Equal before and after =
 * nothing changed. Rate-limit and request-log bookkeeping are not the merchant's data.
 */
async function fingerprint(merchantId: string): Promise<Record<string, string>> {
  const tables = (await db().execute(
    sql`select table_name from information_schema.columns where column_name = 'merchant_id' and table_schema = current_schema() and table_name not in ('api_requests', 'request_logs', 'rate_limits') order by table_name`,
  )) as unknown as { table_name: string }[];
  const rows = Array.isArray(tables) ? tables : ((tables as unknown as { rows: { table_name: string }[] }).rows ?? []);
  const out: Record<string, string> = {};
  for (const { table_name } of rows) {
    const result = (await db().execute(sql`select coalesce(string_agg(t::text, '|' order by t::text), '') as v from ${sql.identifier(table_name)} t where merchant_id = ${merchantId}`)) as unknown;
    const first = Array.isArray(result) ? result[0] : (result as { rows: { v: string }[] }).rows[0];
    out[table_name] = (first as { v: string }).v;
  }
  out.merchant = JSON.stringify(await getMerchant(db(), merchantId));
  return out;
}

describe("every dashboard route answers each role as the permissions table says", () => {
  it("has a row for every route and method on disk (a new route must be added here)", async () => {
    const found = await discover();
    const missing = found.filter((r) => expectedOf(r.key, r.route) === undefined).map((r) => r.key);
    expect(missing).toEqual([]);
    const stale = Object.keys(EXPECTED).filter((k) => !found.some((r) => r.key === k));
    expect(stale).toEqual([]);
  });

  it("refuses the other roles with 403 ROLE_FORBIDDEN and changes nothing; lets the listed roles through", { timeout: 240_000 }, async () => {
    const { merchant, applicationId } = await createMerchant(db(), { name: "Boutique Rôles" });
    await updateMerchant(db(), merchant.id, { kycStatus: "approved", productionEnabled: true });
    const member = async (role: MerchantRole) => {
      const [u] = await db()
        .insert(users)
        .values({ id: newId("usr"), email: `${role}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@roles.example.ml`, passwordHash: "x", role: "merchant", merchantId: merchant.id, merchantRole: role })
        .returning();
      return u;
    };
    const members = Object.fromEntries(await Promise.all(MERCHANT_ROLES.map(async (r) => [r, await member(r)] as const))) as Record<MerchantRole, typeof users.$inferSelect>;
    const cookies = Object.fromEntries(await Promise.all(MERCHANT_ROLES.map(async (r) => [r, await mintSessionCookie(members[r])] as const))) as Record<MerchantRole, string>;
    const target = await member("viewer");
    const ctx = { ...(await dashboardContext(db(), (await getMerchant(db(), merchant.id))!, "test", applicationId)), user: members.owner };
    const key = await createKey(ctx, applicationId);
    const initial = await fingerprint(merchant.id);
    // The fingerprint sees the merchant's data (else "nothing changed" would hold vacuously).
    expect(initial.api_keys).toContain(key.view.id);
    expect(initial.users).toContain(target.email);

    // Bodies that would succeed for an allowed role: a refusal must be the role's, not the input's.
    const fixtures: Record<string, { body?: unknown; params?: Record<string, string> }> = {
      "POST developers/keys": { body: { application_id: applicationId } },
      "POST developers/keys/restricted": { body: { application_id: applicationId, name: "Lecture", permissions: { payments: "read" } } },
      "POST developers/keys/[id]/revoke": { params: { id: key.view.id } },
      "POST developers/applications": { body: { name: "Caisse" } },
      "POST webhooks/endpoints": { body: { url: "https://hooks.example.ml/cauri", enabled: true } },
      "POST links": { body: { amount: 5_000, description: "Tissu wax" } },
      "POST withdrawals": { body: { amount: 50_000, provider: "OPERATOR_MONEY", phone_number: "+22370000001" } },
      "PATCH settings/profile": { body: { name: "Boutique Renommée" } },
      "POST settings/plan": { body: { plan: "pro" } },
      "POST team": { body: { email: `invitee-${Date.now()}@roles.example.ml`, role: "viewer" } },
      "PATCH team/[id]": { params: { id: target.id }, body: { role: "admin" } },
      "DELETE team/[id]": { params: { id: target.id } },
      "POST team/[id]/invitation": { params: { id: target.id } },
      "POST mode": { body: { mode: "live" } },
      "POST application": { body: { application_id: applicationId } },
    };

    for (const route of await discover()) {
      const expected = expectedOf(route.key, route.route);
      if (expected === "anonymous" || expected === undefined) continue;
      const fixture = fixtures[route.key] ?? {};
      const params = fixture.params ?? Object.fromEntries([...route.route.matchAll(/\[(\w+)\]/g)].map((m) => [m[1], "none"]));
      const send = (role: MerchantRole) =>
        call(route.handler, route.method, `/dashboard-api/${route.route}`, { params, body: route.method === "GET" ? undefined : (fixture.body ?? {}), headers: { cookie: `${cookies[role]}; cauri_mode=test`, origin: "http://localhost:3000" } });
      for (const role of MERCHANT_ROLES.filter((r) => !expected.includes(r))) {
        const before = await fingerprint(merchant.id);
        const res = await send(role);
        expect({ route: route.key, role, status: res.status, code: res.body?.error?.code }).toEqual({ route: route.key, role, status: 403, code: "ROLE_FORBIDDEN" });
        expect(res.body.error.message).toContain(`(${role})`);
        expect(await fingerprint(merchant.id), `${route.key} as ${role} changed data`).toEqual(before);
      }
      for (const role of expected) {
        const res = await send(role);
        expect({ route: route.key, role, forbidden: res.status === 403 && res.body?.error?.code === "ROLE_FORBIDDEN" }).toEqual({ route: route.key, role, forbidden: false });
        expect(res.status, `${route.key} as ${role}: ${JSON.stringify(res.body?.error)}`).not.toBe(500);
      }
    }
    // The allowed calls did act: the fixtures' changes are there.
    const after = await fingerprint(merchant.id);
    expect(after.api_keys).not.toBe(initial.api_keys);
    expect(after.users).not.toContain(target.email);
  });
});
