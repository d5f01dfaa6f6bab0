import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as createPayment } from "@/app/v1/payments/route";
import { POST as simulatePayment } from "@/app/v1/sandbox/payments/[id]/simulate/route";
import { db } from "@/db/client";
import { auditLog, smsOutbox } from "@/db/schema";
import { mintSessionCookie } from "@/lib/auth/session-token";
import { signUp } from "@/lib/auth/signup";
import { getUser } from "@/lib/auth/users";
import { merchantNow } from "@/lib/clock";
import type { DomainContext } from "@/lib/context";
import { newId } from "@/lib/ids";
import { unbalancedJournals } from "@/lib/ledger/balance";
import { postJournal } from "@/lib/ledger/post";
import { requestRefund } from "@/lib/refunds/create";
import { call } from "@/tests/support/http";
import { newMerchant } from "@/tests/support/merchant";
import { createEnrolledStaffUser } from "@/tests/support/two-factor";
import * as approve from "./[id]/approve/route";
import * as execute from "./[id]/execute/route";
import * as refuse from "./[id]/refuse/route";
import * as queue from "./route";

const ORIGIN = "http://localhost:3000";
let seq = 0;
const email = (tag: string) => `${tag}-${Date.now()}-${seq++}@example.ml`;

async function staff() {
  const { user } = await createEnrolledStaffUser(db(), { email: email("staff"), password: "mot de passe solide" });
  return { user, headers: { cookie: await mintSessionCookie(user), origin: ORIGIN } };
}

async function merchantSession() {
  const created = await signUp(db(), { email: email("merchant"), password: "mot de passe solide", businessName: "Boutique Remb" });
  const user = (await getUser(db(), created.userId))!;
  return { headers: { cookie: await mintSessionCookie(user), origin: ORIGIN } };
}

/** A merchant with a settled payment, extra balance, and a REQUESTED refund of 12 500 FCFA on it. */
async function requested(amount = 12_500) {
  const m = await newMerchant({ kycStatus: "approved" });
  const created = await call(createPayment, "POST", "/v1/payments", {
    key: m.testKey, idempotencyKey: `ops-rfr-${Date.now()}-${seq++}`,
    body: { amount: 20_000, payment_method: "OPERATOR_MONEY", customer_phone: "+22376001122", return_url: "https://shop.example.ml/merci" },
  });
  const paymentId = created.body.data.id as string;
  await call(simulatePayment, "POST", `/v1/sandbox/payments/${paymentId}/simulate`, { key: m.testKey, params: { id: paymentId }, body: { outcome: "SUCCESS" } });
  await postJournal(db(), {
    merchantId: m.merchant.id, mode: "test", kind: "test.collected", refType: "test", refId: newId("seed"),
    entries: [{ account: "operator_clearing", amount: -50_000 }, { account: "merchant_available", amount: 50_000 }], at: new Date(),
  });
  const [application] = await db().query.applications.findMany({ where: (a, { eq }) => eq(a.merchantId, m.merchant.id) });
  const ctx: DomainContext = { db: db(), merchant: m.merchant, application, mode: "test", now: merchantNow(m.merchant, "test"), source: "dashboard" };
  const refund = await requestRefund(ctx, { payment_id: paymentId, amount, reason: "duplicate" });
  return { ...m, paymentId, refund };
}

const post = (handler: typeof approve.POST, action: string, id: string, headers: Record<string, string>, body?: unknown) =>
  call(handler, "POST", `/ops-api/refunds/${id}/${action}`, { params: { id }, headers, body });

describe("the ops console's refund queue", () => {
  it("serves staff only: a merchant's session gets 404, no session 401", async () => {
    const r = await requested();
    const m = await merchantSession();
    const s = await staff();
    for (const [handler, method, path, body] of [
      [queue.GET, "GET", "/ops-api/refunds?status=REQUESTED", undefined],
      [approve.POST, "POST", `/ops-api/refunds/${r.refund.id}/approve`, {}],
      [refuse.POST, "POST", `/ops-api/refunds/${r.refund.id}/refuse`, { note: "Non." }],
      [execute.POST, "POST", `/ops-api/refunds/${r.refund.id}/execute`, { operator_reference: "OM-1" }],
    ] as const) {
      const asMerchant = await call(handler, method, path, { params: { id: r.refund.id }, headers: m.headers, body });
      expect(asMerchant.status, path).toBe(404);
      expect((await call(handler, method, path, { params: { id: r.refund.id }, headers: { origin: ORIGIN }, body })).status, path).toBe(401);
    }
    const list = await call(queue.GET, "GET", "/ops-api/refunds?status=REQUESTED", { headers: s.headers });
    const item = list.body.data.find((x: { id: string }) => x.id === r.refund.id);
    // Staff execute by hand at the operator: they see the full number, and the payment to check it against.
    expect(item).toMatchObject({ status: "REQUESTED", amount: 12_500, customer_phone: "+22376001122", merchant_id: r.merchant.id, mode: "test", payment: { amount: 20_000, customer_phone: "+22376001122" } });
    expect((await call(queue.GET, "GET", "/ops-api/refunds?status=DONE", { headers: s.headers })).body.error.code).toBe("INVALID_STATUS_FILTER");
  });

  it("approve, then execute with the operator's reference: each step audited under the staff member, the customer texted", async () => {
    const r = await requested();
    const s = await staff();
    const early = await post(execute.POST, "execute", r.refund.id, s.headers, { operator_reference: "OM-RF-9" });
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe("REFUND_REQUEST_NOT_APPROVED");
    const approved = await post(approve.POST, "approve", r.refund.id, s.headers, {});
    expect(approved.body.data).toMatchObject({ status: "APPROVED" });
    expect((await post(approve.POST, "approve", r.refund.id, s.headers, {})).body.error.code).toBe("REFUND_REQUEST_NOT_REQUESTED");
    for (const [value, code] of [[undefined, "INVALID_OPERATOR_REFERENCE"], ["  ", "INVALID_OPERATOR_REFERENCE"], ["R".repeat(41), "INVALID_OPERATOR_REFERENCE"]] as const) {
      const bad = await post(execute.POST, "execute", r.refund.id, s.headers, { operator_reference: value });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toMatchObject({ code, param: "operator_reference" });
    }
    const done = await post(execute.POST, "execute", r.refund.id, s.headers, { operator_reference: "R".repeat(40) });
    expect(done.body.data).toMatchObject({ status: "EXECUTED", operator_reference: "R".repeat(40) });
    const rows = await db().select().from(auditLog).where(eq(auditLog.targetId, r.refund.id));
    expect(rows.filter((a) => a.action !== "refund_request.create").map((a) => [a.action, a.actor]).sort()).toEqual([
      ["refund_request.approve", `staff:${s.user.email}`],
      ["refund_request.execute", `staff:${s.user.email}`],
    ]);
    expect(JSON.stringify(rows.map((a) => [a.before, a.after]))).not.toContain("76001122");
    const [sms] = await db().select().from(smsOutbox).where(and(eq(smsOutbox.dedupeKey, `refund-executed:${r.refund.id}`)));
    expect(sms.text).toContain("12 500 FCFA");
    expect(await unbalancedJournals(db())).toEqual([]);
  });

  it("refuse needs a note the merchant reads (3 to 500 characters); a closed request cannot be refused", async () => {
    const r = await requested();
    const s = await staff();
    for (const note of [undefined, "no", "x".repeat(501)]) {
      const bad = await post(refuse.POST, "refuse", r.refund.id, s.headers, { note });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toMatchObject({ code: "INVALID_STAFF_NOTE", param: "note" });
    }
    const refused = await post(refuse.POST, "refuse", r.refund.id, s.headers, { note: "x".repeat(500) });
    expect(refused.body.data).toMatchObject({ status: "REFUSED", staff_note: "x".repeat(500) });
    const again = await post(refuse.POST, "refuse", r.refund.id, s.headers, { note: "Encore" });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("REFUND_REQUEST_CLOSED");
    expect((await post(approve.POST, "approve", "rfr_nothing", s.headers, {})).status).toBe(404);
  });
});
