import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as callback } from "@/app/api/operator/callback/route";
import { POST as create } from "@/app/v1/payments/route";
import { GET as getOne } from "@/app/v1/payments/[id]/route";
import { GET as getDetails } from "@/app/v1/payments/[id]/details/route";
import { POST as cancel } from "@/app/v1/payments/[id]/cancel/route";
import { GET as balance } from "@/app/v1/withdrawals/balance/route";
import { db } from "@/db/client";
import { auditLog, journals, ledgerEntries } from "@/db/schema";
import { mintSessionCookie } from "@/lib/auth/session-token";
import { signUp } from "@/lib/auth/signup";
import { getUser } from "@/lib/auth/users";
import { createEnrolledStaffUser } from "@/tests/support/two-factor";
import { accountBalances, unbalancedJournals } from "@/lib/ledger/balance";
import { OPERATOR_SIGNATURE_HEADER, signOperatorBody } from "@/lib/operator/signature";
import { call } from "@/tests/support/http";
import { newMerchant } from "@/tests/support/merchant";
import { expectMatchesOpenApi } from "@/tests/support/openapi";
import * as queue from "./late-collections/route";
import * as credit from "./late-collections/[id]/credit/route";
import * as refund from "./late-collections/[id]/refund/route";

/**
 * The ops console's late-collection queue and its two resolutions, through the real handlers
 * (staff session, CSRF origin, audit): credit the merchant, or refund the customer through
 * support, each once, from OPEN only.
 */

const ORIGIN = "http://localhost:3000";
const PASSWORD = "mot de passe solide";
const SECRET = "ops_late_secret";
const saved = { ...process.env };
let seq = 0;
const email = (tag: string) => `${tag}-${Date.now()}-${seq++}@example.ml`;

beforeAll(() => {
  // Sandbox payments need a configured sandbox adapter; nothing here calls it (the callback comes to us).
  Object.assign(process.env, { OPERATOR_SANDBOX_URL: "http://127.0.0.1:9", OPERATOR_SANDBOX_KEY: "ops_late_key", OPERATOR_SANDBOX_CALLBACK_SECRET: SECRET });
});
afterAll(() => {
  process.env = saved;
});

async function staff() {
  const { user } = await createEnrolledStaffUser(db(), { email: email("staff"), password: PASSWORD });
  return { user, headers: { cookie: await mintSessionCookie(user), origin: ORIGIN } };
}

const AMOUNT = 12_500;
const FEE = 250;

/** A merchant whose cancelled payment the operator then reports collected: one OPEN late collection. */
async function lateCollection(providerRef = `OP-${Date.now()}-${seq++}`) {
  const m = await newMerchant({ name: `Boutique tardive ${seq++}` });
  const created = await call(create, "POST", "/v1/payments", {
    key: m.testKey,
    idempotencyKey: `ops-late-${seq++}`,
    body: { amount: AMOUNT, payment_method: "OPERATOR_MONEY", customer_phone: "+22376000001", return_url: "https://shop.example.ml/ok", metadata: { sandbox: true } },
  });
  const paymentId = created.body.data.id as string;
  expect((await call(cancel, "POST", `/v1/payments/${paymentId}/cancel`, { params: { id: paymentId } })).body.data.status).toBe("CANCELLED");
  const raw = JSON.stringify({ reference: paymentId, status: "SUCCESS", provider_ref: providerRef });
  const res = await call(callback, "POST", "/api/operator/callback", { rawBody: raw, headers: { "content-type": "application/json", [OPERATOR_SIGNATURE_HEADER]: signOperatorBody(SECRET, raw) } });
  expect(res.status).toBe(200);
  return { m, paymentId, lateId: res.body.data.late_collection_id as string, providerRef };
}

const resolve = (route: typeof credit, action: "credit" | "refund", id: string, headers: Record<string, string>, body: unknown = { note: "Le client confirme l'achat par téléphone." }) =>
  call(route.POST, "POST", `/ops-api/late-collections/${id}/${action}`, { params: { id }, body, headers });

const balanceOf = async (key: string) => {
  const res = await call(balance, "GET", "/v1/withdrawals/balance", { key });
  expect(res.status).toBe(200);
  return res.body.data as { available: number; reserved: number; held: number };
};

/** Every journal sums to zero, and so does the whole ledger of the merchant. */
async function expectBalancedBooks(merchantId: string, paymentId: string) {
  const ids = (await db().select({ id: journals.id }).from(journals).where(eq(journals.refId, paymentId))).map((j) => j.id);
  expect(await unbalancedJournals(db(), ids)).toEqual([]);
  expect(await unbalancedJournals(db())).toEqual([]);
  const [{ total }] = await db().select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` }).from(ledgerEntries).where(eq(ledgerEntries.merchantId, merchantId));
  expect(Number(total)).toBe(0);
}

describe("the ops console's late collections", () => {
  it("are staff only: a merchant session gets 404, no session 401, a foreign origin 403", async () => {
    const { lateId } = await lateCollection();
    const created = await signUp(db(), { email: email("merchant"), password: PASSWORD, businessName: "Boutique curieuse" });
    const merchantHeaders = { cookie: await mintSessionCookie((await getUser(db(), created.userId))!), origin: ORIGIN };
    expect((await call(queue.GET, "GET", "/ops-api/late-collections", { headers: merchantHeaders })).status).toBe(404);
    expect((await call(queue.GET, "GET", "/ops-api/late-collections")).status).toBe(401);
    expect((await resolve(credit, "credit", lateId, merchantHeaders)).status).toBe(404);
    const s = await staff();
    expect((await resolve(credit, "credit", lateId, { ...s.headers, origin: "https://evil.example" })).status).toBe(403);
    const [row] = (await call(queue.GET, "GET", "/ops-api/late-collections", { headers: s.headers })).body.data.filter((l: { id: string }) => l.id === lateId);
    expect(row.status).toBe("OPEN");
  });

  it("lists the open ones with merchant, payment, amount, operator reference, arrival time and payment status", async () => {
    const { m, paymentId, lateId, providerRef } = await lateCollection();
    const s = await staff();
    const res = await call(queue.GET, "GET", "/ops-api/late-collections", { headers: s.headers });
    expect(res.status).toBe(200);
    const row = res.body.data.find((l: { id: string }) => l.id === lateId);
    expect(row).toMatchObject({
      id: lateId,
      status: "OPEN",
      payment_id: paymentId,
      merchant_id: m.merchant.id,
      merchant_name: m.merchant.name,
      mode: "test",
      amount: AMOUNT,
      fee: FEE,
      net_amount: AMOUNT - FEE,
      provider_ref: providerRef,
      payment_status: "CANCELLED",
      resolved_at: null,
    });
    expect(Date.parse(row.created_at)).not.toBeNaN();
    expect((await call(queue.GET, "GET", "/ops-api/late-collections?status=CREDITED", { headers: s.headers })).body.data.some((l: { id: string }) => l.id === lateId)).toBe(false);
    expect((await call(queue.GET, "GET", "/ops-api/late-collections?status=DONE", { headers: s.headers })).status).toBe(400);
  });

  it("credits the merchant once, like a normal collection (amount less the fee), audited; a second resolution is 409", async () => {
    const { m, paymentId, lateId } = await lateCollection();
    const s = await staff();
    expect(await balanceOf(m.testKey)).toMatchObject({ available: 0, reserved: 0, held: 0 });

    const missing = await resolve(credit, "credit", lateId, s.headers, {});
    expect([missing.status, missing.body.error.code, missing.body.error.param]).toEqual([400, "MISSING_FIELD", "note"]);
    expect((await resolve(credit, "credit", lateId, s.headers, { note: "  " })).status).toBe(400);

    const res = await resolve(credit, "credit", lateId, s.headers);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: lateId, status: "CREDITED", resolved_by: `staff:${s.user.email}`, resolution_note: "Le client confirme l'achat par téléphone." });

    expect(await balanceOf(m.testKey)).toMatchObject({ available: AMOUNT - FEE, reserved: 0, held: 0 });
    expect(await accountBalances(db(), m.merchant.id, "test")).toMatchObject({ operator_clearing: -AMOUNT, late_collections_suspense: 0, merchant_available: AMOUNT - FEE, platform_fees: FEE });
    await expectBalancedBooks(m.merchant.id, paymentId);

    const again = await resolve(credit, "credit", lateId, s.headers);
    expect([again.status, again.body.error.code]).toEqual([409, "LATE_COLLECTION_RESOLVED"]);
    const other = await resolve(refund, "refund", lateId, s.headers);
    expect([other.status, other.body.error.code]).toEqual([409, "LATE_COLLECTION_RESOLVED"]);
    expect(await balanceOf(m.testKey)).toMatchObject({ available: AMOUNT - FEE });

    const audit = await db().select().from(auditLog).where(and(eq(auditLog.targetType, "late_collection"), eq(auditLog.targetId, lateId)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor: `staff:${s.user.email}`, action: "late_collection.credit", before: { status: "OPEN" }, after: { status: "CREDITED" } });

    // The merchant sees the outcome; the payment itself never changed.
    const one = await call(getOne, "GET", `/v1/payments/${paymentId}`, { key: m.testKey, params: { id: paymentId } });
    expect(one.body.data.status).toBe("CANCELLED");
    expect(one.body.data.late_collection).toMatchObject({ id: lateId, status: "CREDITED", resolved_at: expect.any(String) });
    const details = await call(getDetails, "GET", `/v1/payments/${paymentId}/details`, { key: m.testKey, params: { id: paymentId } });
    expect(details.body.data.ledger_entries.map((e: { kind: string }) => e.kind)).toEqual([
      "payment.late_collected",
      "payment.late_collected",
      "payment.late_credited",
      "payment.late_credited",
      "payment.late_credited",
      "payment.late_credited",
    ]);
    expectMatchesOpenApi("GET", `/v1/payments/${paymentId}/details`, details.status, details.body);
  });

  it("refunds the customer through support once: suspense to customer_refunds, the merchant's balance unchanged, audited; a second resolution is 409", async () => {
    const { m, paymentId, lateId } = await lateCollection();
    const s = await staff();
    const res = await resolve(refund, "refund", lateId, s.headers, { note: "Le client a racheté ailleurs ; remboursement demandé." });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: lateId, status: "REFUNDED", resolved_by: `staff:${s.user.email}` });

    expect(await balanceOf(m.testKey)).toMatchObject({ available: 0, reserved: 0, held: 0 });
    expect(await accountBalances(db(), m.merchant.id, "test")).toMatchObject({ operator_clearing: -AMOUNT, late_collections_suspense: 0, customer_refunds: AMOUNT });
    await expectBalancedBooks(m.merchant.id, paymentId);

    for (const [route, action] of [[refund, "refund"], [credit, "credit"]] as const) {
      const again = await resolve(route, action, lateId, s.headers);
      expect([again.status, again.body.error.code]).toEqual([409, "LATE_COLLECTION_RESOLVED"]);
    }
    const audit = await db().select().from(auditLog).where(eq(auditLog.targetId, lateId));
    expect(audit.map((a) => [a.action, a.actor])).toEqual([["late_collection.refund", `staff:${s.user.email}`]]);
    const one = await call(getOne, "GET", `/v1/payments/${paymentId}`, { key: m.testKey, params: { id: paymentId } });
    expect([one.body.data.status, one.body.data.late_collection.status]).toEqual(["CANCELLED", "REFUNDED"]);
  });

  it("resolves once when two staff members act at the same time", async () => {
    const { m, paymentId, lateId } = await lateCollection();
    const [a, b] = [await staff(), await staff()];
    const answers = await Promise.all([resolve(credit, "credit", lateId, a.headers), resolve(refund, "refund", lateId, b.headers)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const kinds = (await db().select({ kind: journals.kind }).from(journals).where(eq(journals.refId, paymentId))).map((j) => j.kind).sort();
    expect(kinds).toHaveLength(2);
    expect(kinds[0]).toBe("payment.late_collected");
    expect(["payment.late_credited", "payment.late_refunded"]).toContain(kinds[1]);
    expect(await db().select().from(auditLog).where(eq(auditLog.targetId, lateId))).toHaveLength(1);
    await expectBalancedBooks(m.merchant.id, paymentId);
  });

  it("answers 404 for an unknown id", async () => {
    const s = await staff();
    const res = await resolve(credit, "credit", "lc_unknown", s.headers);
    expect([res.status, res.body.error.code]).toEqual([404, "NOT_FOUND"]);
  });
});
