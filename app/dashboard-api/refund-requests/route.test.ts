import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as createPayment } from "@/app/v1/payments/route";
import { POST as simulatePayment } from "@/app/v1/sandbox/payments/[id]/simulate/route";
import { db } from "@/db/client";
import { auditLog, refundRequests, type MerchantRole, type User } from "@/db/schema";
import { mintSessionCookie } from "@/lib/auth/session-token";
import { newId } from "@/lib/ids";
import { accountBalances, unbalancedJournals } from "@/lib/ledger/balance";
import { postJournal } from "@/lib/ledger/post";
import { member } from "@/lib/notifications/test-support";
import { createMerchant, updateMerchant } from "@/lib/platform/merchants";
import { approveRefundRequest } from "@/lib/refunds/transitions";
import { call } from "@/tests/support/http";
import * as cancel from "./[id]/cancel/route";
import * as list from "./route";

const ORIGIN = "http://localhost:3000";
let seq = 0;

type Role = "owner" | "admin" | "finance" | "developer" | "viewer";

/** A merchant with KYC approved, one member of each role, and `funds` FCFA available beyond what its payments bring. */
async function setup(funds = 50_000) {
  const { merchant, testKey } = await createMerchant(db(), { name: "Boutique Remboursements" });
  await updateMerchant(db(), merchant.id, { kycStatus: "approved" });
  if (funds) await credit(merchant.id, funds);
  const people = {} as Record<Role, User>;
  for (const role of ["owner", "admin", "finance", "developer", "viewer"] as const) people[role] = await member(merchant.id, role as MerchantRole);
  const cookies = new Map<string, string>();
  const as = async (u: User, mode: "test" | "live" = "test", extra: Record<string, string> = {}) => {
    if (!cookies.has(u.id)) cookies.set(u.id, await mintSessionCookie(u));
    return { cookie: `${cookies.get(u.id)}; cauri_mode=${mode}`, origin: ORIGIN, ...extra };
  };
  return { merchantId: merchant.id, testKey, people, as };
}
type Setup = Awaited<ReturnType<typeof setup>>;

async function credit(merchantId: string, amount: number) {
  await postJournal(db(), {
    merchantId, mode: "test", kind: "test.collected", refType: "test", refId: newId("seed"),
    entries: [{ account: "operator_clearing", amount: -amount }, { account: "merchant_available", amount }], at: new Date(),
  });
}

/** A payment of 20 000 FCFA through the API, settled by the sandbox unless `settle` is false. */
async function payment(s: Setup, settle = true) {
  const created = await call(createPayment, "POST", "/v1/payments", {
    key: s.testKey, idempotencyKey: `dash-rfr-${Date.now()}-${seq++}`,
    body: { amount: 20_000, payment_method: "OPERATOR_MONEY", customer_phone: "+22376001122", return_url: "https://shop.example.ml/merci" },
  });
  const id = created.body.data.id as string;
  if (settle) await call(simulatePayment, "POST", `/v1/sandbox/payments/${id}/simulate`, { key: s.testKey, params: { id }, body: { outcome: "SUCCESS" } });
  return id;
}

const ask = async (s: Setup, who: User, body: Record<string, unknown>, headers?: Record<string, string>) =>
  call(list.POST, "POST", "/dashboard-api/refund-requests", { headers: headers ?? (await s.as(who)), body });
const listOf = async (s: Setup, who: User, query = "") => call(list.GET, "GET", `/dashboard-api/refund-requests${query}`, { headers: await s.as(who) });
const cancelOf = async (s: Setup, who: User, id: string, headers?: Record<string, string>) =>
  call(cancel.POST, "POST", `/dashboard-api/refund-requests/${id}/cancel`, { headers: headers ?? (await s.as(who)), params: { id } });
const rowsOf = (merchantId: string) => db().select().from(refundRequests).where(eq(refundRequests.merchantId, merchantId));
const balances = async (merchantId: string) => {
  const all = await accountBalances(db(), merchantId, "test");
  return { available: all.merchant_available ?? 0, reserved: all.merchant_reserved ?? 0 };
};

describe("POST /dashboard-api/refund-requests", () => {
  it("lets owners, admins and finance ask (audited under the member, the amount reserved); developers and viewers get 403 ROLE_FORBIDDEN and nothing moves", async () => {
    const s = await setup();
    const paymentId = await payment(s);
    const before = await balances(s.merchantId);
    for (const role of ["developer", "viewer"] as const) {
      const refused = await ask(s, s.people[role], { payment_id: paymentId, amount: 1_000, reason: "duplicate" });
      expect({ role, status: refused.status, code: refused.body.error.code }).toEqual({ role, status: 403, code: "ROLE_FORBIDDEN" });
    }
    expect(await rowsOf(s.merchantId)).toEqual([]);
    expect(await balances(s.merchantId)).toEqual(before);

    for (const role of ["owner", "admin", "finance"] as const) {
      const res = await ask(s, s.people[role], { payment_id: paymentId, amount: 1_000, reason: "requested_by_customer", note: `  par ${role}  ` });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.data).toMatchObject({ object: "refund_request", payment_id: paymentId, amount: 1_000, currency: "XOF", status: "REQUESTED", note: `par ${role}`, customer_phone: "+22376001122", livemode: false });
      const audit = await db().select().from(auditLog).where(and(eq(auditLog.targetId, res.body.data.id), eq(auditLog.action, "refund_request.create")));
      expect(audit.map((a) => a.actor)).toEqual([`user:${s.people[role].id}`]);
      expect(JSON.stringify(audit[0].after)).not.toContain("76001122");
    }
    expect(await balances(s.merchantId)).toEqual({ available: before.available - 3_000, reserved: before.reserved + 3_000 });
    expect(await unbalancedJournals(db())).toEqual([]);
  });

  it("takes another number to refund, in any of the accepted forms", async () => {
    const s = await setup();
    const paymentId = await payment(s);
    const res = await ask(s, s.people.finance, { payment_id: paymentId, amount: 2_000, reason: "other", customer_phone: "65 12 34 56" });
    expect(res.status).toBe(201);
    expect(res.body.data.customer_phone).toBe("+22365123456");
  });

  it("answers each invalid field with its code and param, and creates nothing", async () => {
    const s = await setup();
    const paymentId = await payment(s);
    const valid = { payment_id: paymentId, amount: 1_000, reason: "duplicate" };
    for (const [patch, code, param] of [
      [{ payment_id: undefined }, "INVALID_PAYMENT_ID", "payment_id"],
      [{ payment_id: "" }, "INVALID_PAYMENT_ID", "payment_id"],
      [{ amount: undefined }, "INVALID_REFUND_AMOUNT", "amount"],
      [{ amount: 0 }, "INVALID_REFUND_AMOUNT", "amount"],
      [{ amount: 12.5 }, "INVALID_REFUND_AMOUNT", "amount"],
      [{ amount: "1000" }, "INVALID_REFUND_AMOUNT", "amount"],
      [{ reason: undefined }, "INVALID_REFUND_REASON", "reason"],
      [{ reason: "changed_mind" }, "INVALID_REFUND_REASON", "reason"],
      [{ note: "x".repeat(501) }, "INVALID_REFUND_NOTE", "note"],
      [{ customer_phone: "12" }, "INVALID_PHONE", "customer_phone"],
    ] as const) {
      const res = await ask(s, s.people.owner, { ...valid, ...patch });
      expect({ patch, status: res.status, error: { code: res.body.error.code, param: res.body.error.param } }).toEqual({ patch, status: 400, error: { code, param } });
    }
    expect(await rowsOf(s.merchantId)).toEqual([]);
  });

  it("refunds only the merchant's own SUCCESS payments within their remainder and the available balance", async () => {
    const s = await setup(0);
    const other = await setup();
    const paymentId = await payment(s);
    const foreign = await ask(s, s.people.owner, { payment_id: await payment(other), amount: 1_000, reason: "duplicate" });
    expect({ status: foreign.status, code: foreign.body.error.code, param: foreign.body.error.param }).toEqual({ status: 404, code: "NOT_FOUND", param: "payment_id" });
    const pending = await ask(s, s.people.owner, { payment_id: await payment(s, false), amount: 1_000, reason: "duplicate" });
    expect({ status: pending.status, code: pending.body.error.code, param: pending.body.error.param }).toEqual({ status: 409, code: "PAYMENT_NOT_REFUNDABLE", param: "payment_id" });
    const over = await ask(s, s.people.owner, { payment_id: paymentId, amount: 20_001, reason: "duplicate" });
    expect({ status: over.status, code: over.body.error.code, param: over.body.error.param }).toEqual({ status: 409, code: "REFUND_EXCEEDS_PAYMENT", param: "amount" });
    // Only the payment's net reached the balance: the whole amount is more than is available.
    const { available } = await balances(s.merchantId);
    expect(available).toBeLessThan(20_000);
    const poor = await ask(s, s.people.owner, { payment_id: paymentId, amount: 20_000, reason: "duplicate" });
    expect({ status: poor.status, code: poor.body.error.code, param: poor.body.error.param }).toEqual({ status: 400, code: "INSUFFICIENT_BALANCE", param: "amount" });
    expect(poor.body.error.message).toContain(" FCFA");
    expect(await rowsOf(s.merchantId)).toEqual([]);
    expect((await ask(s, s.people.owner, { payment_id: paymentId, amount: available, reason: "duplicate" })).status).toBe(201);
  });

  it("refuses a change without the dashboard's Origin (CSRF) and without a session", async () => {
    const s = await setup();
    const paymentId = await payment(s);
    const body = { payment_id: paymentId, amount: 1_000, reason: "duplicate" };
    const { cookie } = await s.as(s.people.owner);
    for (const headers of [{ cookie }, { cookie, origin: "https://evil.example" }, await s.as(s.people.owner, "test", { "sec-fetch-site": "cross-site" })]) {
      const res = await ask(s, s.people.owner, body, headers);
      expect({ status: res.status, code: res.body.error.code }).toEqual({ status: 403, code: "CSRF_REJECTED" });
    }
    expect(await rowsOf(s.merchantId)).toEqual([]);
    const anonymous = await ask(s, s.people.owner, body, { origin: ORIGIN });
    expect({ status: anonymous.status, code: anonymous.body.error.code }).toEqual({ status: 401, code: "SESSION_REQUIRED" });
    const anonymousList = await call(list.GET, "GET", "/dashboard-api/refund-requests");
    expect({ status: anonymousList.status, code: anonymousList.body.error.code }).toEqual({ status: 401, code: "SESSION_REQUIRED" });
  });
});

describe("GET /dashboard-api/refund-requests", () => {
  it("lists the merchant's requests to every member, newest first, by payment and status; hides another merchant's; refuses a bad filter", async () => {
    const s = await setup();
    const other = await setup();
    const first = await payment(s);
    const second = await payment(s);
    const a = (await ask(s, s.people.owner, { payment_id: first, amount: 1_000, reason: "duplicate" })).body.data;
    const b = (await ask(s, s.people.finance, { payment_id: second, amount: 2_000, reason: "other" })).body.data;
    await ask(other, other.people.owner, { payment_id: await payment(other), amount: 1_000, reason: "duplicate" });
    await approveRefundRequest(db(), b.id, { note: "Vérifié" }, { staffId: "staff:ops@cauri.ml" });

    for (const role of ["owner", "admin", "finance", "developer", "viewer"] as const) {
      const res = await listOf(s, s.people[role]);
      expect({ role, status: res.status, ids: res.body.data.refund_requests.map((r: { id: string }) => r.id) }).toEqual({ role, status: 200, ids: [b.id, a.id] });
    }
    const all = (await listOf(s, s.people.viewer)).body.data;
    expect(all.pagination).toEqual({ page: 1, limit: 20, total: 2, pages: 1 });
    // Reading one request: by its payment.
    const one = (await listOf(s, s.people.viewer, `?payment_id=${second}`)).body.data.refund_requests;
    expect(one).toEqual([expect.objectContaining({ id: b.id, status: "APPROVED", staff_note: "Vérifié", approved_at: expect.any(String), amount: 2_000 })]);
    expect((await listOf(s, s.people.owner, "?status=REQUESTED")).body.data.refund_requests.map((r: { id: string }) => r.id)).toEqual([a.id]);
    expect((await listOf(s, s.people.owner, "?limit=1&page=2")).body.data).toMatchObject({ refund_requests: [{ id: a.id }], pagination: { page: 2, limit: 1, total: 2, pages: 2 } });
    expect((await listOf(s, s.people.owner, "?payment_id=txn_nothing")).body.data.refund_requests).toEqual([]);

    for (const [query, code] of [["?status=DONE", "INVALID_STATUS_FILTER"], ["?limit=101", "INVALID_PAGINATION"], ["?page=0", "INVALID_PAGINATION"]] as const) {
      const res = await listOf(s, s.people.owner, query);
      expect({ query, status: res.status, code: res.body.error.code }).toEqual({ query, status: 400, code });
    }
  });
});

describe("POST /dashboard-api/refund-requests/{id}/cancel", () => {
  it("lets owners, admins and finance withdraw a REQUESTED request (the reservation given back); others get 403, a moved-on request 409, another merchant's or mode's 404", async () => {
    const s = await setup();
    const other = await setup();
    const paymentId = await payment(s);
    const before = await balances(s.merchantId);
    const requested = async () => (await ask(s, s.people.owner, { payment_id: paymentId, amount: 1_000, reason: "duplicate" })).body.data.id as string;

    const id = await requested();
    for (const role of ["developer", "viewer"] as const) {
      const refused = await cancelOf(s, s.people[role], id);
      expect({ role, status: refused.status, code: refused.body.error.code }).toEqual({ role, status: 403, code: "ROLE_FORBIDDEN" });
    }
    const { cookie } = await s.as(s.people.owner);
    for (const headers of [{ cookie }, { cookie, origin: "https://evil.example" }] as Record<string, string>[]) {
      expect((await cancelOf(s, s.people.owner, id, headers)).body.error.code).toBe("CSRF_REJECTED");
    }
    expect((await cancelOf(s, s.people.owner, id, { origin: ORIGIN })).body.error.code).toBe("SESSION_REQUIRED");
    const foreign = await cancelOf(other, other.people.owner, id);
    expect({ status: foreign.status, code: foreign.body.error.code }).toEqual({ status: 404, code: "NOT_FOUND" });
    expect((await cancelOf(s, s.people.owner, "rfr_nothing")).status).toBe(404);
    const otherMode = await cancelOf(s, s.people.owner, id, await s.as(s.people.owner, "live"));
    expect({ status: otherMode.status, code: otherMode.body.error.code }).toEqual({ status: 404, code: "NOT_FOUND" });

    for (const role of ["owner", "admin", "finance"] as const) {
      const target = role === "owner" ? id : await requested();
      const res = await cancelOf(s, s.people[role], target);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toMatchObject({ id: target, status: "CANCELLED", cancelled_at: expect.any(String) });
      const audit = await db().select().from(auditLog).where(and(eq(auditLog.targetId, target), eq(auditLog.action, "refund_request.cancel")));
      expect(audit.map((a) => a.actor)).toEqual([`user:${s.people[role].id}`]);
    }
    expect(await balances(s.merchantId)).toEqual(before);

    const again = await cancelOf(s, s.people.owner, id);
    expect({ status: again.status, code: again.body.error.code }).toEqual({ status: 409, code: "REFUND_REQUEST_NOT_REQUESTED" });
    const approved = await requested();
    await approveRefundRequest(db(), approved, {}, { staffId: "staff:ops@cauri.ml" });
    expect((await cancelOf(s, s.people.owner, approved)).body.error.code).toBe("REFUND_REQUEST_NOT_REQUESTED");
    expect(await unbalancedJournals(db())).toEqual([]);
  });
});
