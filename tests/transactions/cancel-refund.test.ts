/**
 * The secure-order cancel declares its own transactions (lib/core/operation.ts): cancelling a
 * paid order from the dashboard (accountRoute) and through the API (route) must refund it the
 * same way, with the operator called while only the refund's own transaction is open.
 */
import { and, eq } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as dashboardCancel from "@/app/dashboard-api/secure-orders/[id]/cancel/route";
import { POST as SIMULATE } from "@/app/v1/sandbox/secure-orders/[id]/simulate-payment/route";
import { POST as API_CANCEL } from "@/app/v1/secure-orders/[id]/cancel/route";
import { POST as CREATE } from "@/app/v1/secure-orders/route";
import { db, dbDriver } from "@/db/client";
import { events, journals, secureOrders, type Mode } from "@/db/schema";
import { dashboardContext } from "@/lib/auth/dashboard-context";
import { mintSessionCookie } from "@/lib/auth/session-token";
import { signUp } from "@/lib/auth/signup";
import { getUser } from "@/lib/auth/users";
import type { RefundRequest } from "@/lib/operator/port";
import { registerAdapter } from "@/lib/operator/registry";
import { simulatorAdapter } from "@/lib/operator/simulator";
import { getMerchant, updateMerchant } from "@/lib/platform/merchants";
import { cancelSecureOrder } from "@/lib/secure-orders/cancel";
import { call } from "@/tests/support/http";

type Probe = { tables: string[]; paymentLockable: boolean };
const refunds: { request: RefundRequest; probe: Probe | null }[] = [];
let observer: postgres.Sql | null = null;

/**
 * What another connection sees while the operator is refunding: the tables the transaction holding
 * the order's lock has touched (an outer transaction shows what the entry point read before the
 * refund started), and whether the payment row can be locked.
 */
async function probe(paymentId: string): Promise<Probe | null> {
  if (!observer) return null;
  const rows = await observer<{ relname: string }[]>`
    select distinct c.relname from pg_locks l join pg_class c on c.oid = l.relation
    where c.relkind = 'r' and l.pid in (
      select o.pid from pg_locks o join pg_class oc on oc.oid = o.relation
      where oc.relname = 'secure_orders' and o.mode = 'RowShareLock' and o.granted and o.pid <> pg_backend_pid()
        and o.database = (select oid from pg_database where datname = current_database()))
    order by c.relname`;
  const paymentLockable = await observer
    .begin(async (tx) => {
      await tx`select id from payments where id = ${paymentId} for update nowait`;
      return true;
    })
    .catch(() => false);
  return { tables: rows.map((r) => r.relname), paymentLockable };
}

beforeAll(() => {
  if (dbDriver() === "postgres") observer = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
  // The operator's side: the simulator's answer, after looking at the database from outside.
  registerAdapter({
    ...simulatorAdapter,
    async refund(request) {
      refunds.push({ request, probe: await probe(request.reference) });
      return simulatorAdapter.refund(request);
    },
  });
});

afterAll(async () => {
  registerAdapter(simulatorAdapter);
  await observer?.end();
});

const ORIGIN = "http://localhost:3000";

async function account() {
  const created = await signUp(db(), { email: `cancel-refund-${Date.now()}-${Math.random()}@example.ml`, password: "mot de passe solide", businessName: "Boutique Escrow" });
  await updateMerchant(db(), created.merchantId, { secureOrdersEnabled: true });
  const cookie = await mintSessionCookie((await getUser(db(), created.userId))!);
  return { ...created, headers: (mode: Mode = "test") => ({ cookie: `${cookie}; cauri_mode=${mode}`, origin: ORIGIN }) };
}
type Account = Awaited<ReturnType<typeof account>>;

async function paidOrder(a: Account) {
  const created = await call(CREATE, "POST", "/v1/secure-orders", {
    key: a.testKey,
    body: { amount: 25_000, description: "Robe wax taille M", customer_phone: "+22376543210" },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.data.id as string;
  const paid = await call(SIMULATE, "POST", `/v1/sandbox/secure-orders/${id}/simulate-payment`, { key: a.testKey, params: { id }, body: { outcome: "SUCCESS" } });
  expect(paid.body.data.status).toBe("PAID_HELD");
  const [row] = await db().select().from(secureOrders).where(eq(secureOrders.id, id));
  return { id, paymentId: row.paymentIntentId! };
}

const cancelFromDashboard = (a: Account, id: string) =>
  call(dashboardCancel.POST, "POST", `/dashboard-api/secure-orders/${id}/cancel`, { headers: a.headers(), params: { id }, body: { reason: "Article en rupture" } });
const cancelThroughApi = (a: Account, id: string) => call(API_CANCEL, "POST", `/v1/secure-orders/${id}/cancel`, { key: a.testKey, params: { id }, body: { reason: "Article en rupture" } });

/** What a cancel left behind: the order, its refund events and journals, the operator's refund calls. */
async function outcome(order: { id: string; paymentId: string }) {
  const [row] = await db().select().from(secureOrders).where(eq(secureOrders.id, order.id));
  const refundedEvents = await db().select().from(events).where(and(eq(events.objectId, order.id), eq(events.type, "secure_order.refunded")));
  const refundJournals = await db().select().from(journals).where(and(eq(journals.refId, order.id), eq(journals.kind, "secure_order.refunded")));
  const calls = refunds.filter((r) => r.request.reference === order.paymentId);
  return { status: row.status, cancelReason: row.cancelReason, refundProviderRef: row.refundProviderRef, events: refundedEvents.length, journals: refundJournals.length, operatorCalls: calls.length, probes: calls.map((c) => c.probe) };
}

describe("cancelling a paid secure order: dashboard and API", () => {
  it("refund it the same way: REFUNDED, one event, one journal, one operator refund", async () => {
    const a = await account();
    const viaDashboard = await paidOrder(a);
    const viaApi = await paidOrder(a);

    const fromDashboard = await cancelFromDashboard(a, viaDashboard.id);
    const fromApi = await cancelThroughApi(a, viaApi.id);
    expect(fromDashboard.status, JSON.stringify(fromDashboard.body)).toBe(200);
    expect(fromApi.status, JSON.stringify(fromApi.body)).toBe(200);
    expect(fromDashboard.body.data).toMatchObject({ status: "REFUNDED" });
    expect(fromApi.body.data).toMatchObject({ status: "REFUNDED" });

    const dashboardOutcome = await outcome(viaDashboard);
    const apiOutcome = await outcome(viaApi);
    const expected = { status: "REFUNDED", cancelReason: "Article en rupture", events: 1, journals: 1, operatorCalls: 1 };
    expect(dashboardOutcome).toMatchObject({ ...expected, refundProviderRef: `SIM-RF-${viaDashboard.paymentId}` });
    expect(apiOutcome).toMatchObject({ ...expected, refundProviderRef: `SIM-RF-${viaApi.paymentId}` });

    // Cancelling again changes nothing and calls the operator no more, from either side.
    expect((await cancelFromDashboard(a, viaApi.id)).body.error.code).toBe("ORDER_NOT_CANCELLABLE");
    expect((await cancelThroughApi(a, viaDashboard.id)).body.error.code).toBe("ORDER_NOT_CANCELLABLE");
    expect((await outcome(viaDashboard)).operatorCalls).toBe(1);
    expect((await outcome(viaApi)).operatorCalls).toBe(1);
  });

  it.runIf(process.env.DATABASE_URL)("call the operator with only the refund's own transaction open, the payment row unlocked", async () => {
    const a = await account();
    const viaDashboard = await paidOrder(a);
    const viaApi = await paidOrder(a);
    await cancelFromDashboard(a, viaDashboard.id);
    await cancelThroughApi(a, viaApi.id);

    const [dashboardProbe] = (await outcome(viaDashboard)).probes;
    const [apiProbe] = (await outcome(viaApi)).probes;
    // The refund reads the order, its merchant and its payment; the dashboard's outer transaction
    // (had it been open) would also hold what the entry point read first, such as the application.
    expect(apiProbe).toEqual({ tables: ["merchants", "payments", "secure_orders"], paymentLockable: true });
    expect(dashboardProbe).toEqual(apiProbe);
  });

  it("cannot be run inside a caller's transaction: refused before the operator is asked", async () => {
    const a = await account();
    const order = await paidOrder(a);
    const merchant = (await getMerchant(db(), a.merchantId))!;
    const attempt = db().transaction(async (tx) => cancelSecureOrder(await dashboardContext(tx as never, merchant, "test"), order.id, null));
    await expect(attempt).rejects.toThrow("cancelSecureOrder commits its own transactions");
    expect(await outcome(order)).toMatchObject({ status: "PAID_HELD", events: 0, journals: 0, operatorCalls: 0 });
  });
});
