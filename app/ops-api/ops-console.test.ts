import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { submitKyc } from "@/lib/account/requests";
import { mintSessionCookie } from "@/lib/auth/session-token";
import { signUp } from "@/lib/auth/signup";
import { getUser } from "@/lib/auth/users";
import { recordAudit } from "@/lib/audit/record";
import { dashboardContext } from "@/lib/auth/dashboard-context";
import { newId } from "@/lib/ids";
import { postJournal } from "@/lib/ledger/post";
import { getMerchant, updateMerchant } from "@/lib/platform/merchants";
import { createWithdrawal } from "@/lib/withdrawals/create";
import { parseInput } from "@/lib/core/validation";
import { createSecureOrder } from "@/lib/secure-orders/create";
import { openDispute } from "@/lib/secure-orders/dispute";
import { simulateSecureOrderPayment } from "@/lib/secure-orders/sandbox";
import { CreateSecureOrderInput } from "@/lib/secure-orders/schemas";
import { call } from "@/tests/support/http";
import { createEnrolledStaffUser } from "@/tests/support/two-factor";
import * as auditSearch from "./audit/search/route";
import * as dispute from "./disputes/[id]/route";
import * as overview from "./merchants/[id]/overview/route";
import * as withdrawalsRoute from "./withdrawals/route";

const ORIGIN = "http://localhost:3000";
let seq = 0;
const email = (tag: string) => `${tag}-${Date.now()}-${seq++}@example.ml`;
const KYC = {
  legal_name: "Boutique Console SARL",
  registration_number: "MA.BKO.2024.B.0303",
  tax_id: "",
  address: "Avenue de l'Indépendance, Bamako",
  contact_name: "Moussa Keita",
  contact_phone: "+22370000001",
  activity: "Commerce général",
};

async function staff() {
  const { user } = await createEnrolledStaffUser(db(), { email: email("staff"), password: "mot de passe solide" });
  return { user, headers: { cookie: await mintSessionCookie(user), origin: ORIGIN } };
}

async function merchantAccount() {
  const created = await signUp(db(), { email: email("merchant"), password: "mot de passe solide", businessName: "Boutique Console" });
  const user = (await getUser(db(), created.userId))!;
  return { merchantId: created.merchantId, user, headers: { cookie: await mintSessionCookie(user), origin: ORIGIN } };
}

/** A merchant with an approved KYC, a test balance, one pending withdrawal and one disputed secure order. */
async function merchantWithData() {
  const m = await merchantAccount();
  await submitKyc(db(), m.merchantId, m.user, KYC);
  await updateMerchant(db(), m.merchantId, { kycStatus: "approved", secureOrdersEnabled: true });
  await postJournal(db(), {
    merchantId: m.merchantId,
    mode: "test",
    kind: "test.credit",
    refType: "test",
    refId: newId("ref"),
    entries: [
      { account: "operator_clearing", amount: -80_000 },
      { account: "merchant_available", amount: 80_000 },
    ],
    at: new Date(),
  });
  const ctx = await dashboardContext(db(), (await getMerchant(db(), m.merchantId))!, "test");
  const { withdrawal } = await createWithdrawal(ctx, { amount: 30_000, provider: "OPERATOR_MONEY", phone_number: "+22370000001" } as never);
  const order = await createSecureOrder(ctx, parseInput(CreateSecureOrderInput, { amount: 15_000, description: "Sac en cuir", customer_phone: "+22376543210" }));
  await simulateSecureOrderPayment(ctx, order.id, "SUCCESS");
  await openDispute(db(), { by: "any", id: order.id }, "Jamais livré.");
  return { ...m, withdrawal, order };
}

describe("the ops console's read routes", () => {
  it("serve staff only: a merchant's session gets 404 (as for a route that does not exist), no session 401", async () => {
    const m = await merchantWithData();
    const routes = [
      () => [auditSearch.GET, "/ops-api/audit/search", {}] as const,
      () => [dispute.GET, `/ops-api/disputes/${m.order.id}`, { id: m.order.id }] as const,
      () => [overview.GET, `/ops-api/merchants/${m.merchantId}/overview`, { id: m.merchantId }] as const,
      () => [withdrawalsRoute.GET, "/ops-api/withdrawals?status=PENDING", {}] as const,
    ];
    const s = await staff();
    for (const route of routes) {
      const [handler, path, params] = route();
      const asMerchant = await call(handler, "GET", path, { params, headers: m.headers });
      expect(asMerchant.status, path).toBe(404);
      expect(asMerchant.body.error.code).toBe("NOT_FOUND");
      const anonymous = await call(handler, "GET", path, { params });
      expect(anonymous.status, path).toBe(401);
      expect(anonymous.body.error.code).toBe("SESSION_REQUIRED");
      expect((await call(handler, "GET", path, { params, headers: s.headers })).status, path).toBe(200);
    }
  });

  it("give the merchant overview (balances, withdrawals, secure orders, labelled-ready KYC); an unknown merchant is 404", async () => {
    const m = await merchantWithData();
    const s = await staff();
    const res = await call(overview.GET, "GET", `/ops-api/merchants/${m.merchantId}/overview`, { params: { id: m.merchantId }, headers: s.headers });
    expect(res.body.data.balances).toContainEqual({ mode: "test", balance: expect.objectContaining({ available: 50_000, reserved: 30_000, held: 15_000 }) });
    expect(res.body.data.withdrawals.map((w: { id: string }) => w.id)).toEqual([m.withdrawal.id]);
    expect(res.body.data.secure_orders).toEqual([expect.objectContaining({ id: m.order.id, status: "DISPUTED", amount: 15_000 })]);
    expect(res.body.data.kyc.submission.fields).toContainEqual({ key: "legal_name", value: "Boutique Console SARL" });
    const missing = await call(overview.GET, "GET", "/ops-api/merchants/mer_nobody/overview", { params: { id: "mer_nobody" }, headers: s.headers });
    expect(missing.status).toBe(404);
  });

  it("put the merchant's KYC beside each queued withdrawal", async () => {
    const m = await merchantWithData();
    const s = await staff();
    const res = await call(withdrawalsRoute.GET, "GET", "/ops-api/withdrawals?status=PENDING", { headers: s.headers });
    const mine = res.body.data.find((w: { id: string }) => w.id === m.withdrawal.id);
    expect(mine.kyc).toMatchObject({ merchant_id: m.merchantId, kyc_status: "approved", submission: { status: "pending" } });
    expect(mine.kyc.submission.fields).toContainEqual({ key: "registration_number", value: "MA.BKO.2024.B.0303" });
  });

  it("show a dispute's both sides with the buyer's phone masked; an unknown order is 404", async () => {
    const m = await merchantWithData();
    const s = await staff();
    const res = await call(dispute.GET, "GET", `/ops-api/disputes/${m.order.id}`, { params: { id: m.order.id }, headers: s.headers });
    expect(res.body.data.order).toMatchObject({ status: "DISPUTED", customer_phone: "+223••••••10", dispute_reason: "Jamais livré." });
    expect(JSON.stringify(res.body.data)).not.toContain("+22376543210");
    expect(res.body.data.merchant.can_answer).toBe(false);
    const missing = await call(dispute.GET, "GET", "/ops-api/disputes/00000000-0000-4000-8000-000000000000", { params: { id: "00000000-0000-4000-8000-000000000000" }, headers: s.headers });
    expect(missing.status).toBe(404);
  });

  it("search the audit log by the query's filters, page by the cursor, and refuse a bad day or range with INVALID_DATE_RANGE", async () => {
    const m = await merchantAccount();
    const s = await staff();
    for (const action of ["merchant.update", "kyc.approve", "kyc.reject"]) {
      await recordAudit(db(), { actor: { staffId: `staff:${s.user.email}` }, action, targetType: "merchant", targetId: m.merchantId, before: null, after: null });
    }
    const search = (query: string) => call(auditSearch.GET, "GET", `/ops-api/audit/search?${query}`, { headers: s.headers });
    const first = await search(`merchant=${m.merchantId}&action=kyc`);
    expect(first.status).toBe(200);
    expect(first.body.data.entries.map((e: { action: string }) => e.action)).toEqual(["kyc.reject", "kyc.approve"]);
    expect(first.body.data.next).toBeNull();
    const byActor = await search(`actor=${encodeURIComponent(s.user.email.toUpperCase())}&merchant=${m.merchantId}`);
    expect(byActor.body.data.entries).toHaveLength(3);
    const today = new Date().toISOString().slice(0, 10);
    expect((await search(`merchant=${m.merchantId}&from=${today}&to=${today}`)).body.data.entries).toHaveLength(3);
    expect((await search(`merchant=${m.merchantId}&to=2000-01-01`)).body.data.entries).toHaveLength(0);

    // 51 rows: a full page of 50, then the cursor gives the last one and no further page.
    for (let i = 0; i < 51; i++) await recordAudit(db(), { actor: { staffId: "cli:bulk" }, action: "bulk.touch", targetType: "merchant", targetId: m.merchantId, before: null, after: { i }, merchantId: m.merchantId });
    const page1 = await search(`action=bulk.&merchant=${m.merchantId}`);
    expect(page1.body.data.entries).toHaveLength(50);
    const page2 = await search(`action=bulk.&merchant=${m.merchantId}&before=${page1.body.data.next}`);
    expect(page2.body.data.entries.map((e: { after: { i: number } }) => e.after.i)).toEqual([0]);
    expect(page2.body.data.next).toBeNull();

    const reversed = await search(`from=${today}&to=2000-01-01`);
    expect(reversed.status).toBe(400);
    expect(reversed.body.error).toMatchObject({ code: "INVALID_DATE_RANGE", param: "to" });
    expect((await search("from=24/11/2026")).body.error).toMatchObject({ code: "INVALID_DATE_RANGE", param: "from" });
    expect((await search("before=abc")).body.error).toMatchObject({ code: "INVALID_FIELD", param: "before" });
  });
});
