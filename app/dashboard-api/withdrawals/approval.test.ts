import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { auditLog, events, journals, ledgerEntries, merchants, type MerchantRole, type User } from "@/db/schema";
import { cliActor } from "@/lib/audit/record";
import { mintSessionCookie } from "@/lib/auth/session-token";
import { newId } from "@/lib/ids";
import { unbalancedJournals } from "@/lib/ledger/balance";
import { postJournal } from "@/lib/ledger/post";
import { mailsOf, member } from "@/lib/notifications/test-support";
import { listWithdrawalsForStaff } from "@/lib/withdrawals/queries";
import { approveWithdrawal } from "@/lib/withdrawals/transitions";
import { createMerchant, updateMerchant } from "@/lib/platform/merchants";
import { call } from "@/tests/support/http";
import * as v1Withdrawals from "@/app/v1/withdrawals/route";
import * as approve from "./[id]/approve/route";
import * as cancel from "./[id]/cancel/route";
import * as refuse from "./[id]/refuse/route";
import * as threshold from "./approval-threshold/route";
import * as list from "./route";

const ORIGIN = "http://localhost:3000";
const PHONE = "+22370000001";

/** A merchant with KYC approved, a funded test balance, and one member of each role (two owners, two admins). */
async function setup(funds = 1_000_000) {
  const { merchant, testKey } = await createMerchant(db(), { name: "Boutique Deux Clés" });
  await updateMerchant(db(), merchant.id, { kycStatus: "approved" });
  await postJournal(db(), {
    merchantId: merchant.id,
    mode: "test",
    kind: "test.credit",
    refType: "test",
    refId: newId("ref"),
    entries: [
      { account: "operator_clearing", amount: -funds },
      { account: "merchant_available", amount: funds },
    ],
    at: new Date(),
  });
  const people = {} as Record<"owner" | "owner2" | "admin" | "admin2" | "finance" | "developer" | "viewer", User>;
  for (const [name, role] of [["owner", "owner"], ["owner2", "owner"], ["admin", "admin"], ["admin2", "admin"], ["finance", "finance"], ["developer", "developer"], ["viewer", "viewer"]] as const) {
    people[name] = await member(merchant.id, role as MerchantRole);
  }
  const cookies = new Map<string, string>();
  const as = async (u: User, mode: "test" | "live" = "test") => {
    if (!cookies.has(u.id)) cookies.set(u.id, await mintSessionCookie(u));
    return { cookie: `${cookies.get(u.id)}; cauri_mode=${mode}`, origin: ORIGIN };
  };
  return { merchantId: merchant.id, testKey, people, as };
}
type Setup = Awaited<ReturnType<typeof setup>>;

const setThreshold = async (s: Setup, value: unknown, who: User = s.people.owner) => call(threshold.PUT, "PUT", "/dashboard-api/withdrawals/approval-threshold", { headers: await s.as(who), body: { threshold: value } });
const request = async (s: Setup, who: User, amount: number) => call(list.POST, "POST", "/dashboard-api/withdrawals", { headers: await s.as(who), body: { amount, provider: "OPERATOR_MONEY", phone_number: PHONE } });
const decide = async (s: Setup, route: "approve" | "refuse", who: User, id: string, body: unknown = {}, mode: "test" | "live" = "test") =>
  call((route === "approve" ? approve : refuse).POST, "POST", `/dashboard-api/withdrawals/${id}/${route}`, { headers: await s.as(who, mode), params: { id }, body });
const balance = async (s: Setup) => (await call(list.GET, "GET", "/dashboard-api/withdrawals", { headers: await s.as(s.people.owner) })).body.data.balance as { available: number; reserved: number };
const eventsOf = async (id: string) => (await db().select({ type: events.type, payload: events.payload }).from(events).where(eq(events.objectId, id)).orderBy(events.createdAt)).map((e) => ({ type: e.type, status: (e.payload.data.object as { status: string }).status }));
const auditOf = async (id: string) => (await db().select({ action: auditLog.action, actor: auditLog.actor }).from(auditLog).where(eq(auditLog.targetId, id)).orderBy(auditLog.createdAt)).map((a) => `${a.action} ${a.actor}`);

/** Every journal sums to zero, and so does the merchant's whole ledger. */
async function expectBalancedBooks(merchantId: string) {
  expect(await unbalancedJournals(db())).toEqual([]);
  const [{ total }] = await db().select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` }).from(ledgerEntries).where(eq(ledgerEntries.merchantId, merchantId));
  expect(Number(total)).toBe(0);
}

describe("the approval threshold setting", () => {
  it("is off by default, set by owners and admins (audited), read by every money reader", async () => {
    const s = await setup();
    const read = await call(threshold.GET, "GET", "/dashboard-api/withdrawals/approval-threshold", { headers: await s.as(s.people.viewer) });
    expect(read.body.data).toEqual({ threshold: null });
    expect((await setThreshold(s, 100_000)).body.data).toEqual({ threshold: 100_000 });
    expect((await setThreshold(s, 200_000, s.people.admin)).body.data).toEqual({ threshold: 200_000 });
    for (const who of [s.people.finance, s.people.developer, s.people.viewer]) {
      const refused = await setThreshold(s, 1, who);
      expect({ status: refused.status, code: refused.body.error.code }).toEqual({ status: 403, code: "ROLE_FORBIDDEN" });
    }
    expect((await db().select({ t: merchants.withdrawalApprovalThreshold }).from(merchants).where(eq(merchants.id, s.merchantId)))[0].t).toBe(200_000);
    expect((await setThreshold(s, null)).body.data).toEqual({ threshold: null });
    const audit = await db().select().from(auditLog).where(and(eq(auditLog.targetId, s.merchantId), eq(auditLog.action, "merchant.withdrawal_approval_threshold"))).orderBy(auditLog.createdAt);
    expect(audit.map((a) => [a.actor, a.before, a.after])).toEqual([
      [`user:${s.people.owner.id}`, { withdrawal_approval_threshold: null }, { withdrawal_approval_threshold: 100_000 }],
      [`user:${s.people.admin.id}`, { withdrawal_approval_threshold: 100_000 }, { withdrawal_approval_threshold: 200_000 }],
      [`user:${s.people.owner.id}`, { withdrawal_approval_threshold: 200_000 }, { withdrawal_approval_threshold: null }],
    ]);
  });

  it("takes null or an integer from 0 to 4,999,999 (both edges), nothing else", async () => {
    const s = await setup();
    for (const ok of [0, 4_999_999, null]) expect((await setThreshold(s, ok)).body.data).toEqual({ threshold: ok });
    for (const bad of [-1, 5_000_000, 1.5, "100000", true, undefined]) {
      const res = await setThreshold(s, bad);
      expect({ value: bad, status: res.status, code: res.body.error?.code, param: res.body.error?.param }).toEqual({ value: bad, status: 400, code: "INVALID_APPROVAL_THRESHOLD", param: "threshold" });
    }
  });
});

describe("a withdrawal above the threshold waits for a second owner or admin", () => {
  it("at the threshold is PENDING as before; one franc above waits, reserved, out of the staff queue, without an event", async () => {
    const s = await setup();
    await setThreshold(s, 100_000);
    const at = await request(s, s.people.finance, 100_000);
    expect(at.status).toBe(201);
    expect(at.body.data.withdrawal).toMatchObject({ status: "PENDING", approval: null });
    const above = await request(s, s.people.finance, 100_001);
    expect(above.status).toBe(201);
    const w = above.body.data.withdrawal;
    expect(w).toMatchObject({ status: "AWAITING_APPROVAL", approval: { required: true, requested_by: `user:${s.people.finance.id}`, decided_by: null, decided_at: null, refusal_reason: null } });
    expect(above.body.data.message).toContain("another owner or admin");
    expect(await balance(s)).toEqual(expect.objectContaining({ available: 1_000_000 - 200_001, reserved: 200_001 }));
    expect(await eventsOf(w.id)).toEqual([]);
    expect(await eventsOf(at.body.data.withdrawal.id)).toEqual([{ type: "withdrawal.requested", status: "PENDING" }]);
    const queue = await listWithdrawalsForStaff(db(), { status: "PENDING", merchantId: s.merchantId });
    expect(queue.map((q) => q.id)).toEqual([at.body.data.withdrawal.id]);
    // Staff cannot act on it before the team does.
    await expect(approveWithdrawal(db(), w.id, cliActor("test"))).rejects.toMatchObject({ code: "WITHDRAWAL_NOT_PENDING" });
    // The list filters by the new status.
    const filtered = await call(list.GET, "GET", "/dashboard-api/withdrawals?status=AWAITING_APPROVAL", { headers: await s.as(s.people.viewer) });
    expect(filtered.body.data.withdrawals.map((x: { id: string }) => x.id)).toEqual([w.id]);
    expect(await auditOf(w.id)).toEqual([`withdrawal.request user:${s.people.finance.id}`]);
    await expectBalancedBooks(s.merchantId);
  });

  it("mails the other owners and admins (not the requester, not finance, developer, viewer or an invited member)", async () => {
    const s = await setup();
    const invited = await member(s.merchantId, "admin", { invited: true });
    await setThreshold(s, 100_000);
    const w = (await request(s, s.people.admin, 150_000)).body.data.withdrawal;
    const mails = await mailsOf(`withdrawal:${w.id}:awaiting-approval:`);
    expect(mails.map((m) => m.to)).toEqual([s.people.owner, s.people.owner2, s.people.admin2].map((u) => u.email).sort());
    expect(mails.map((m) => m.to)).not.toContain(invited.email);
    expect(mails[0].template).toBe("withdrawal_approval");
    expect(mails[0].subject).toBe("[Test] Retrait de 150 000 FCFA à approuver");
    expect(mails[0].text).toContain(`${s.people.admin.email} a demandé un retrait de 150 000 FCFA`);
    expect(mails[0].text).toContain("seuil d'approbation de 100 000 FCFA");
    expect(mails[0].text).toContain(`/dashboard/withdrawals/${w.id}`);
  });

  it("approved by another owner: PENDING, in the staff queue, withdrawal.requested, audited, the requester mailed; balance unchanged", async () => {
    const s = await setup();
    await setThreshold(s, 100_000);
    const w = (await request(s, s.people.finance, 300_000)).body.data.withdrawal;
    const before = await balance(s);
    const res = await decide(s, "approve", s.people.owner2, w.id);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: w.id, status: "PENDING", approval: { required: true, requested_by: `user:${s.people.finance.id}`, decided_by: `user:${s.people.owner2.id}`, refusal_reason: null } });
    expect(res.body.data.approval.decided_at).toEqual(expect.any(String));
    expect(await balance(s)).toEqual(before);
    expect(await eventsOf(w.id)).toEqual([{ type: "withdrawal.requested", status: "PENDING" }]);
    expect((await listWithdrawalsForStaff(db(), { status: "PENDING", merchantId: s.merchantId })).map((q) => q.id)).toEqual([w.id]);
    expect(await auditOf(w.id)).toEqual([`withdrawal.request user:${s.people.finance.id}`, `withdrawal.team_approve user:${s.people.owner2.id}`]);
    const mails = await mailsOf(`withdrawal:${w.id}:team-`);
    expect(mails.map((m) => [m.to, m.subject])).toEqual([[s.people.finance.email, `[Test] Votre retrait ${w.reference} a été approuvé par votre équipe`]]);
    expect(mails[0].text).toContain(`approuvé par ${s.people.owner2.email}`);
    // Then the staff's usual path; the contract's statuses from here on.
    const staff = await approveWithdrawal(db(), w.id, cliActor("test"));
    expect(staff.status).toBe("APPROVED");
    await expectBalancedBooks(s.merchantId);
  });

  it("refused by an admin, with or without a note: CANCELLED (refused), funds released, withdrawal.cancelled, audited, mailed", async () => {
    const s = await setup();
    await setThreshold(s, 100_000);
    const w = (await request(s, s.people.owner, 400_000)).body.data.withdrawal;
    expect(await balance(s)).toMatchObject({ available: 600_000, reserved: 400_000 });
    const res = await decide(s, "refuse", s.people.admin, w.id, { reason: "  Pas ce mois-ci  " });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: "CANCELLED", cancellation_reason: "refused", approval: { decided_by: `user:${s.people.admin.id}`, refusal_reason: "Pas ce mois-ci" } });
    expect(res.body.data.cancelled_at).toEqual(expect.any(String));
    expect(await balance(s)).toMatchObject({ available: 1_000_000, reserved: 0 });
    expect(await eventsOf(w.id)).toEqual([{ type: "withdrawal.cancelled", status: "CANCELLED" }]);
    expect(await auditOf(w.id)).toEqual([`withdrawal.request user:${s.people.owner.id}`, `withdrawal.team_refuse user:${s.people.admin.id}`]);
    const kinds = (await db().select({ kind: journals.kind }).from(journals).where(eq(journals.refId, w.id)).orderBy(journals.createdAt)).map((j) => j.kind);
    expect(kinds.sort()).toEqual(["withdrawal.released", "withdrawal.reserved"]);
    const mails = await mailsOf(`withdrawal:${w.id}:team-`);
    expect(mails.map((m) => m.to)).toEqual([s.people.owner.email]);
    expect(mails[0].text).toContain("Motif : Pas ce mois-ci");
    expect(mails[0].text).toContain("de nouveau disponible");

    const second = (await request(s, s.people.owner, 200_000)).body.data.withdrawal;
    const bare = await decide(s, "refuse", s.people.owner2, second.id);
    expect(bare.body.data).toMatchObject({ status: "CANCELLED", approval: { refusal_reason: null } });
    await expectBalancedBooks(s.merchantId);
  });

  it("refuses the requester (403 WITHDRAWAL_SELF_APPROVAL) and finance, developer, viewer (403 ROLE_FORBIDDEN); nothing changes", async () => {
    const s = await setup();
    await setThreshold(s, 100_000);
    const w = (await request(s, s.people.admin, 250_000)).body.data.withdrawal;
    for (const route of ["approve", "refuse"] as const) {
      const self = await decide(s, route, s.people.admin, w.id);
      expect({ status: self.status, code: self.body.error.code }).toEqual({ status: 403, code: "WITHDRAWAL_SELF_APPROVAL" });
      for (const who of [s.people.finance, s.people.developer, s.people.viewer]) {
        const res = await decide(s, route, who, w.id);
        expect({ route, role: who.merchantRole, status: res.status, code: res.body.error.code }).toEqual({ route, role: who.merchantRole, status: 403, code: "ROLE_FORBIDDEN" });
      }
    }
    const after = await call(list.GET, "GET", "/dashboard-api/withdrawals", { headers: await s.as(s.people.owner) });
    expect(after.body.data.withdrawals[0]).toMatchObject({ id: w.id, status: "AWAITING_APPROVAL" });
    expect(await auditOf(w.id)).toHaveLength(1);
  });

  it("answers 404 for an unknown id, another merchant's or the other mode's; 409 for a withdrawal not awaiting; 400 for a bad note; 403 cross-site", async () => {
    const s = await setup();
    const other = await setup();
    await setThreshold(s, 100_000);
    await setThreshold(other, 100_000);
    const w = (await request(s, s.people.finance, 150_000)).body.data.withdrawal;
    const theirs = (await request(other, other.people.finance, 150_000)).body.data.withdrawal;
    expect((await decide(s, "approve", s.people.owner, "00000000-0000-0000-0000-000000000000")).body.error.code).toBe("NOT_FOUND");
    expect((await decide(s, "approve", s.people.owner, theirs.id)).body.error.code).toBe("NOT_FOUND");
    expect((await decide(s, "refuse", s.people.owner, w.id, {}, "live")).body.error.code).toBe("NOT_FOUND");
    const plain = (await request(s, s.people.finance, 100_000)).body.data.withdrawal;
    for (const route of ["approve", "refuse"] as const) {
      const res = await decide(s, route, s.people.owner, plain.id);
      expect({ status: res.status, code: res.body.error.code }).toEqual({ status: 409, code: "WITHDRAWAL_NOT_AWAITING_APPROVAL" });
    }
    const long = await decide(s, "refuse", s.people.owner, w.id, { reason: "x".repeat(501) });
    expect({ status: long.status, code: long.body.error.code, param: long.body.error.param }).toEqual({ status: 400, code: "INVALID_REFUSAL_REASON", param: "reason" });
    expect((await decide(s, "refuse", s.people.owner, w.id, { reason: 12 })).body.error.code).toBe("INVALID_REFUSAL_REASON");
    const edge = await decide(s, "refuse", s.people.owner, w.id, { reason: "y".repeat(500) });
    expect(edge.body.data.approval.refusal_reason).toHaveLength(500);
    const again = await decide(s, "approve", s.people.owner2, w.id);
    expect({ status: again.status, code: again.body.error.code }).toEqual({ status: 409, code: "WITHDRAWAL_NOT_AWAITING_APPROVAL" });
    const csrf = await call(approve.POST, "POST", `/dashboard-api/withdrawals/${w.id}/approve`, { headers: { ...(await s.as(s.people.owner)), origin: "https://evil.example" }, params: { id: w.id } });
    expect(csrf.body.error.code).toBe("CSRF_REJECTED");
    const anonymous = await call(approve.POST, "POST", `/dashboard-api/withdrawals/${w.id}/approve`, { headers: { origin: ORIGIN }, params: { id: w.id } });
    expect(anonymous.status).toBe(401);
  });

  it("the requester can cancel while it waits (funds back); an approval after that is 409", async () => {
    const s = await setup();
    await setThreshold(s, 100_000);
    const w = (await request(s, s.people.finance, 500_000)).body.data.withdrawal;
    const cancelled = await call(cancel.POST, "POST", `/dashboard-api/withdrawals/${w.id}/cancel`, { headers: await s.as(s.people.finance), params: { id: w.id } });
    expect(cancelled.body.data).toMatchObject({ status: "CANCELLED", cancellation_reason: "requester", approval: { decided_by: null } });
    expect(await balance(s)).toMatchObject({ available: 1_000_000, reserved: 0 });
    expect((await decide(s, "approve", s.people.owner, w.id)).body.error.code).toBe("WITHDRAWAL_NOT_AWAITING_APPROVAL");
    expect(await eventsOf(w.id)).toEqual([{ type: "withdrawal.cancelled", status: "CANCELLED" }]);
    await expectBalancedBooks(s.merchantId);
  });

  it("a request made with an API key waits too, and any owner or admin may decide it (nobody to mail back)", async () => {
    const s = await setup();
    await setThreshold(s, 100_000);
    const res = await call(v1Withdrawals.POST, "POST", "/v1/withdrawals", { key: s.testKey, idempotencyKey: newId("idem"), body: { amount: 120_000, provider: "OPERATOR_MONEY", phone_number: PHONE } });
    expect(res.status).toBe(201);
    const w = res.body.data;
    expect(w).toMatchObject({ status: "AWAITING_APPROVAL", _source: "api" });
    expect(w.approval.requested_by).toMatch(/^api_key:/);
    const mails = await mailsOf(`withdrawal:${w.id}:awaiting-approval:`);
    expect(mails).toHaveLength(4);
    expect(mails[0].text).toContain("Une clé API a demandé");
    expect((await decide(s, "approve", s.people.admin, w.id)).body.data.status).toBe("PENDING");
    expect(await mailsOf(`withdrawal:${w.id}:team-`)).toEqual([]);
  });

  it("applies in live mode too, with the same threshold", async () => {
    const s = await setup();
    await updateMerchant(db(), s.merchantId, { productionEnabled: true });
    await setThreshold(s, 100_000);
    await postJournal(db(), { merchantId: s.merchantId, mode: "live", kind: "test.credit", refType: "test", refId: newId("ref"), entries: [{ account: "operator_clearing", amount: -200_000 }, { account: "merchant_available", amount: 200_000 }], at: new Date() });
    const res = await call(list.POST, "POST", "/dashboard-api/withdrawals", { headers: await s.as(s.people.finance, "live"), body: { amount: 150_000, provider: "OPERATOR_MONEY", phone_number: PHONE } });
    expect(res.body.data.withdrawal).toMatchObject({ status: "AWAITING_APPROVAL", livemode: true });
    const approved = await decide(s, "approve", s.people.owner, res.body.data.withdrawal.id, {}, "live");
    expect(approved.body.data).toMatchObject({ status: "PENDING", livemode: true });
  });
});

describe("racing decisions", () => {
  it("two approvers at once: exactly one decision wins, the other gets 409; one event, one mail", async () => {
    const s = await setup();
    await setThreshold(s, 100_000);
    for (let round = 0; round < 3; round++) {
      const w = (await request(s, s.people.finance, 200_000)).body.data.withdrawal;
      const [a, b] = await Promise.all([decide(s, "approve", s.people.owner, w.id), round === 1 ? decide(s, "refuse", s.people.admin, w.id) : decide(s, "approve", s.people.admin, w.id)]);
      const statuses = [a.status, b.status].sort();
      expect(statuses).toEqual([200, 409]);
      expect([a, b].find((r) => r.status === 409)!.body.error.code).toBe("WITHDRAWAL_NOT_AWAITING_APPROVAL");
      const winner = [a, b].find((r) => r.status === 200)!.body.data;
      expect((await eventsOf(w.id)).length).toBe(1);
      expect(await mailsOf(`withdrawal:${w.id}:team-`)).toHaveLength(1);
      expect((await auditOf(w.id)).filter((x) => x.startsWith("withdrawal.team_"))).toHaveLength(1);
      expect(["PENDING", "CANCELLED"]).toContain(winner.status);
    }
    await expectBalancedBooks(s.merchantId);
  });

  it("an approval racing the requester's cancel: never both approved and kept; the cancel wins or follows, funds back either way", async () => {
    const s = await setup();
    await setThreshold(s, 100_000);
    for (let round = 0; round < 4; round++) {
      const w = (await request(s, s.people.finance, 100_500)).body.data.withdrawal;
      const before = await balance(s);
      const [approved, cancelled] = await Promise.all([
        decide(s, "approve", s.people.owner, w.id),
        call(cancel.POST, "POST", `/dashboard-api/withdrawals/${w.id}/cancel`, { headers: await s.as(s.people.finance), params: { id: w.id } }),
      ]);
      // The cancel always succeeds (it applies to PENDING as to AWAITING_APPROVAL); the approval
      // either came first (then the cancel withdrew the PENDING request) or found it CANCELLED.
      expect(cancelled.status).toBe(200);
      expect(cancelled.body.data).toMatchObject({ status: "CANCELLED", cancellation_reason: "requester" });
      if (approved.status === 200) {
        // Both in one request's millisecond at times: compared as a set.
        expect((await eventsOf(w.id)).map((e) => `${e.type} ${e.status}`).sort()).toEqual(["withdrawal.cancelled CANCELLED", "withdrawal.requested PENDING"]);
      } else {
        expect({ status: approved.status, code: approved.body.error.code }).toEqual({ status: 409, code: "WITHDRAWAL_NOT_AWAITING_APPROVAL" });
        expect(await eventsOf(w.id)).toEqual([{ type: "withdrawal.cancelled", status: "CANCELLED" }]);
      }
      expect(await balance(s)).toMatchObject({ available: before.available + 100_500, reserved: before.reserved - 100_500 });
      const kinds = (await db().select({ kind: journals.kind }).from(journals).where(eq(journals.refId, w.id))).map((j) => j.kind).sort();
      expect(kinds).toEqual(["withdrawal.released", "withdrawal.reserved"]);
    }
    await expectBalancedBooks(s.merchantId);
  });
});
