import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { auditLog, merchantRequests } from "@/db/schema";
import { requestProductionAccess, submitKyc } from "@/lib/account/requests";
import { mintSessionCookie } from "@/lib/auth/session-token";
import { signUp } from "@/lib/auth/signup";
import { getUser } from "@/lib/auth/users";
import { createEnrolledStaffUser, secureOwner } from "@/tests/support/two-factor";
import { newId } from "@/lib/ids";
import { postJournal } from "@/lib/ledger/post";
import { updateMerchant } from "@/lib/platform/merchants";
import { merchantBalance } from "@/lib/withdrawals/balance";
import { createWithdrawal } from "@/lib/withdrawals/create";
import { dashboardContext } from "@/lib/auth/dashboard-context";
import { getMerchant } from "@/lib/platform/merchants";
import { call } from "@/tests/support/http";
import * as audit from "./audit/route";
import * as merchant from "./merchants/[id]/route";
import * as merchantsRoute from "./merchants/route";
import * as requests from "./requests/route";
import * as rejectRequest from "./requests/[id]/reject/route";
import * as pilotRequest from "@/app/dashboard-api/secure-orders/pilot-request/route";
import * as approve from "./withdrawals/[id]/approve/route";
import * as complete from "./withdrawals/[id]/complete/route";
import * as reject from "./withdrawals/[id]/reject/route";
import * as withdrawalsRoute from "./withdrawals/route";
import * as proposeProduct from "@/app/v1/merchants/partner-products/route";
import * as updateProduct from "@/app/v1/merchants/partner-products/[id]/route";
import * as productQueue from "./partner-products/route";
import * as approveProduct from "./partner-products/[id]/approve/route";
import * as rejectProduct from "./partner-products/[id]/reject/route";
import { newMerchant } from "@/tests/support/merchant";

const ORIGIN = "http://localhost:3000";
const PASSWORD = "mot de passe solide";
let seq = 0;
const email = (tag = "ops") => `${tag}-${Date.now()}-${seq++}@example.ml`;

async function staff() {
  const { user } = await createEnrolledStaffUser(db(), { email: email("staff"), password: PASSWORD });
  return { user, headers: { cookie: await mintSessionCookie(user), origin: ORIGIN } };
}

async function merchantAccount(name = "Boutique Ops") {
  const created = await signUp(db(), { email: email("merchant"), password: PASSWORD, businessName: name });
  const user = (await getUser(db(), created.userId))!;
  return { ...created, user, headers: { cookie: await mintSessionCookie(user), origin: ORIGIN } };
}

const KYC = {
  legal_name: "Boutique Ops SARL",
  registration_number: "MA.BKO.2024.B.0001",
  tax_id: "",
  address: "Avenue de l'Indépendance, Bamako",
  contact_name: "Moussa Keita",
  contact_phone: "+22370000001",
  activity: "Commerce général",
};

describe("the ops console's handlers", () => {
  it("exist for staff only: a merchant session gets 404, no session 401, a foreign origin 403", async () => {
    const m = await merchantAccount();
    const res = await call(merchantsRoute.GET, "GET", "/ops-api/merchants", { headers: m.headers });
    expect(res.status).toBe(404);
    expect((await call(merchantsRoute.GET, "GET", "/ops-api/merchants")).status).toBe(401);
    const s = await staff();
    const patch = await call(merchant.PATCH, "PATCH", `/ops-api/merchants/${m.merchantId}`, { params: { id: m.merchantId }, body: { kyc_status: "approved" }, headers: { ...s.headers, origin: "https://evil.example" } });
    expect(patch.status).toBe(403);
    expect((await getMerchant(db(), m.merchantId))!.kycStatus).toBe("pending");
  });

  it("finds merchants by id, name, or a user's e-mail", async () => {
    const m = await merchantAccount(`Quincaillerie ${Date.now()}`);
    const s = await staff();
    const search = async (q: string) => (await call(merchantsRoute.GET, "GET", `/ops-api/merchants?q=${encodeURIComponent(q)}`, { headers: s.headers })).body.data.map((x: { id: string }) => x.id);
    expect(await search(m.merchantId)).toEqual([m.merchantId]);
    expect(await search(m.user.email.toUpperCase())).toContain(m.merchantId);
    const merchantRow = (await getMerchant(db(), m.merchantId))!;
    expect(await search(merchantRow.name.slice(0, 20).toLowerCase())).toContain(m.merchantId);
    expect(await search("%")).not.toContain(m.merchantId);
  });

  it("approving a KYC goes through the audit log (who, what, before, after) and closes the merchant's pending request", async () => {
    const m = await merchantAccount();
    await submitKyc(db(), m.merchantId, m.user, KYC);
    const s = await staff();
    const queue = await call(requests.GET, "GET", "/ops-api/requests", { headers: s.headers });
    expect(queue.body.data.some((r: { merchant_id: string; kind: string }) => r.merchant_id === m.merchantId && r.kind === "kyc")).toBe(true);

    const res = await call(merchant.PATCH, "PATCH", `/ops-api/merchants/${m.merchantId}`, { params: { id: m.merchantId }, body: { kyc_status: "approved" }, headers: s.headers });
    expect(res.status).toBe(200);
    expect(res.body.data.kyc_status).toBe("approved");
    const rows = await db().select().from(auditLog).where(eq(auditLog.targetId, m.merchantId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor: `staff:${s.user.email}`, action: "kyc.approve", targetType: "merchant", before: { kyc_status: "pending" }, after: { kyc_status: "approved" } });
    const [request] = await db().select().from(merchantRequests).where(eq(merchantRequests.merchantId, m.merchantId));
    expect(request).toMatchObject({ status: "approved", decidedBy: s.user.id });

    const log = await call(audit.GET, "GET", `/ops-api/audit?target_id=${m.merchantId}`, { headers: s.headers });
    expect(log.body.data).toHaveLength(1);
    expect(log.body.data[0]).toMatchObject({ action: "kyc.approve", target_id: m.merchantId });
  });

  it("changes several settings at once (audited as one merchant.update) and opens production for a pending request", async () => {
    const m = await merchantAccount();
    await updateMerchant(db(), m.merchantId, { kycStatus: "approved" });
    // The production gate: the owner has a verified address and two-factor on.
    await secureOwner(db(), m.userId);
    await requestProductionAccess(db(), m.merchantId, m.user);
    const s = await staff();
    const body = { production_enabled: true, secure_orders_enabled: true, partner: false, platform_plan: "business" };
    const res = await call(merchant.PATCH, "PATCH", `/ops-api/merchants/${m.merchantId}`, { params: { id: m.merchantId }, body, headers: s.headers });
    expect(res.body.data).toMatchObject({ production_enabled: true, secure_orders_enabled: true, platform_plan: "business", platform_plan_current: true });
    const [row] = await db().select().from(auditLog).where(eq(auditLog.targetId, m.merchantId));
    expect(row).toMatchObject({ action: "merchant.update", before: { production_enabled: false, platform_plan: "none" }, after: { production_enabled: true, platform_plan: "business" } });
    const [request] = await db().select().from(merchantRequests).where(eq(merchantRequests.merchantId, m.merchantId));
    expect(request.status).toBe("approved");

    expect((await call(merchant.PATCH, "PATCH", `/ops-api/merchants/${m.merchantId}`, { params: { id: m.merchantId }, body: {}, headers: s.headers })).status).toBe(400);
    expect((await call(merchant.PATCH, "PATCH", `/ops-api/merchants/${m.merchantId}`, { params: { id: m.merchantId }, body: { platform_plan: "gold" }, headers: s.headers })).body.error.code).toBe("INVALID_PLATFORM_PLAN");
    expect((await call(merchant.PATCH, "PATCH", "/ops-api/merchants/mer_nope", { params: { id: "mer_nope" }, body: { partner: true }, headers: s.headers })).status).toBe(404);
  });

  it("a secure-orders pilot request waits in the queue until staff enable secure orders for the merchant", async () => {
    const m = await merchantAccount(`Boutique Pilote ${Date.now()}`);
    const s = await staff();
    const queued = async () =>
      (await call(requests.GET, "GET", "/ops-api/requests", { headers: s.headers })).body.data.filter((r: { merchant_id: string }) => r.merchant_id === m.merchantId);
    expect(await queued()).toEqual([]);
    const asked = await call(pilotRequest.POST, "POST", "/dashboard-api/secure-orders/pilot-request", { headers: m.headers });
    await call(pilotRequest.POST, "POST", "/dashboard-api/secure-orders/pilot-request", { headers: m.headers });
    expect(await queued()).toEqual([
      expect.objectContaining({ id: `pilot_${m.merchantId}`, kind: "secure_orders_pilot", status: "pending", merchant_name: expect.stringMatching(/^Boutique Pilote /), created_at: asked.body.data.requested_at }),
    ]);

    const res = await call(merchant.PATCH, "PATCH", `/ops-api/merchants/${m.merchantId}`, { params: { id: m.merchantId }, body: { secure_orders_enabled: true }, headers: s.headers });
    expect(res.body.data.secure_orders_enabled).toBe(true);
    expect(await queued()).toEqual([]);
    const [row] = await db().select().from(auditLog).where(eq(auditLog.targetId, m.merchantId));
    expect(row).toMatchObject({ action: "merchant.update", before: { secure_orders_enabled: false }, after: { secure_orders_enabled: true } });
  });

  it("turning down a KYC request needs a reason, records it, marks the KYC rejected and cannot happen twice", async () => {
    const m = await merchantAccount();
    const request = await submitKyc(db(), m.merchantId, m.user, KYC);
    const s = await staff();
    const path = `/ops-api/requests/${request.id}/reject`;
    expect((await call(rejectRequest.POST, "POST", path, { params: { id: request.id }, body: { reason: "no" }, headers: s.headers })).body.error.code).toBe("INVALID_REASON");
    const res = await call(rejectRequest.POST, "POST", path, { params: { id: request.id }, body: { reason: "Le RCCM ne correspond pas au nom." }, headers: s.headers });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: "rejected", decision_note: "Le RCCM ne correspond pas au nom." });
    expect((await getMerchant(db(), m.merchantId))!.kycStatus).toBe("rejected");
    const actions = (await db().select().from(auditLog).where(eq(auditLog.actor, `staff:${s.user.email}`))).map((r) => r.action).sort();
    expect(actions).toEqual(["kyc.reject", "request.kyc.reject"]);
    const twice = await call(rejectRequest.POST, "POST", path, { params: { id: request.id }, body: { reason: "Encore une fois." }, headers: s.headers });
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe("REQUEST_ALREADY_DECIDED");
  });

  it("works the withdrawal queue through lib/withdrawals: approve, complete with the operator reference, reject with a reason", async () => {
    const m = await merchantAccount();
    await updateMerchant(db(), m.merchantId, { kycStatus: "approved" });
    await postJournal(db(), {
      merchantId: m.merchantId,
      mode: "test",
      kind: "test.credit",
      refType: "test",
      refId: newId("ref"),
      entries: [
        { account: "operator_clearing", amount: -300_000 },
        { account: "merchant_available", amount: 300_000 },
      ],
      at: new Date(),
    });
    const ctx = await dashboardContext(db(), (await getMerchant(db(), m.merchantId))!, "test");
    const first = await createWithdrawal(ctx, { amount: 100_000, provider: "OPERATOR_MONEY", phone_number: "+22370000001" } as never);
    const second = await createWithdrawal(ctx, { amount: 50_000, provider: "OPERATOR_MONEY", phone_number: "+22370000001" } as never);
    const s = await staff();

    const pending = await call(withdrawalsRoute.GET, "GET", "/ops-api/withdrawals?status=PENDING", { headers: s.headers });
    expect(pending.body.data.map((w: { id: string }) => w.id)).toEqual(expect.arrayContaining([first.withdrawal.id, second.withdrawal.id]));

    const id = first.withdrawal.id;
    expect((await call(complete.POST, "POST", `/ops-api/withdrawals/${id}/complete`, { params: { id }, body: { operator_reference: "OM-1" }, headers: s.headers })).body.error.code).toBe("WITHDRAWAL_NOT_APPROVED");
    expect((await call(approve.POST, "POST", `/ops-api/withdrawals/${id}/approve`, { params: { id }, headers: s.headers })).body.data.status).toBe("APPROVED");
    expect((await call(complete.POST, "POST", `/ops-api/withdrawals/${id}/complete`, { params: { id }, body: { operator_reference: "" }, headers: s.headers })).status).toBe(400);
    const done = await call(complete.POST, "POST", `/ops-api/withdrawals/${id}/complete`, { params: { id }, body: { operator_reference: "OM-TRX-778812" }, headers: s.headers });
    expect(done.body.data).toMatchObject({ status: "COMPLETED", operator_reference: "OM-TRX-778812" });

    const id2 = second.withdrawal.id;
    expect((await call(reject.POST, "POST", `/ops-api/withdrawals/${id2}/reject`, { params: { id: id2 }, body: { reason: "" }, headers: s.headers })).body.error.code).toBe("INVALID_REASON");
    expect((await call(reject.POST, "POST", `/ops-api/withdrawals/${id2}/reject`, { params: { id: id2 }, body: { reason: "Numéro au nom d'un tiers." }, headers: s.headers })).body.data.status).toBe("REJECTED");

    expect(await merchantBalance(db(), m.merchantId, "test")).toMatchObject({ available: 200_000, reserved: 0 });
    const actions = (await db().select().from(auditLog).where(eq(auditLog.actor, `staff:${s.user.email}`))).map((r) => r.action).sort();
    expect(actions).toEqual(["withdrawal.approve", "withdrawal.complete", "withdrawal.reject"]);
  });

  it("decides on a partner product only for the version on screen: reviewed_updated_at is required, a stale one is 409", async () => {
    const m = await newMerchant({ partner: true });
    const proposed = await call(proposeProduct.POST, "POST", "/v1/merchants/partner-products", { key: m.testKey, body: { name: "Savon noir", price: 1_500 } });
    const id = proposed.body.data.id as string;
    const seen = proposed.body.data.updated_at as string;
    const s = await staff();
    const decide = (route: typeof approveProduct, action: string, body: unknown) => call(route.POST, "POST", `/ops-api/partner-products/${id}/${action}`, { params: { id }, body, headers: s.headers });

    const missing = await decide(approveProduct, "approve", {});
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({ code: "MISSING_FIELD", param: "reviewed_updated_at" });

    await call(updateProduct.PATCH, "PATCH", `/v1/merchants/partner-products/${id}`, { key: m.testKey, params: { id }, body: { price: 9_500 } });
    for (const [route, action] of [[approveProduct, "approve"], [rejectProduct, "reject"]] as const) {
      const stale = await decide(route, action, { reviewed_updated_at: seen });
      expect(stale.status).toBe(409);
      expect(stale.body.error.code).toBe("PARTNER_PRODUCT_CHANGED");
    }
    const [queued] = (await call(productQueue.GET, "GET", "/ops-api/partner-products", { headers: s.headers })).body.data.filter((p: { id: string }) => p.id === id);
    expect(queued).toMatchObject({ status: "PENDING_REVIEW", price: 9_500 });

    const approved = await decide(approveProduct, "approve", { reviewed_updated_at: queued.updated_at });
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ status: "APPROVED", price: 9_500, reviewed_by: `staff:${s.user.email}` });
  });
});
