import { and, asc, eq, ne } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { auditLog, events, journals, type Mode } from "@/db/schema";
import { accountBalances, entriesForRef, unbalancedJournals } from "@/lib/ledger/balance";
import { postJournal } from "@/lib/ledger/post";
import { newId } from "@/lib/ids";
import { newMerchant } from "@/tests/support/merchant";
import { ApiError } from "@/lib/core/errors";
import { merchantNow } from "@/lib/clock";
import type { DomainContext } from "@/lib/context";
import { createWithdrawal } from "./create";
import { merchantBalance } from "./balance";
import { withdrawalResource } from "./serialize";
import { approveWithdrawal, cancelWithdrawal, completeWithdrawal, rejectWithdrawal } from "./transitions";

const alice = { staffId: "staff:alice@cauri.ml" };

async function setup(balance = 1_000_000, mode: Mode = "test") {
  const m = await newMerchant({ kycStatus: "approved" });
  await postJournal(db(), {
    merchantId: m.merchant.id, mode, kind: "test.collected", refType: "test", refId: newId("seed"),
    entries: [{ account: "operator_clearing", amount: -balance }, { account: "merchant_available", amount: balance }], at: new Date(),
  });
  const [application] = await db().query.applications.findMany({ where: (a, { eq: e }) => e(a.merchantId, m.merchant.id) });
  const ctx: DomainContext = { db: db(), merchant: m.merchant, application, mode, now: merchantNow(m.merchant, mode), source: "dashboard" };
  return { m, ctx };
}

const request = (ctx: DomainContext, amount = 200_000) => createWithdrawal(ctx, { amount, provider: "OPERATOR_MONEY", phone_number: "+22370000001" }).then((r) => r.withdrawal);

async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ApiError) return e.code;
    throw e;
  }
  return "OK";
}

describe("withdrawal lifecycle (staff functions shared by the ops CLI and console)", () => {
  it("PENDING → APPROVED → COMPLETED: the reserved amount leaves, fee to platform_fees, net to operator_payouts", async () => {
    const { m, ctx } = await setup(1_000_000);
    const w = await request(ctx, 200_000);
    expect(w.source).toBe("dashboard");
    const approved = await approveWithdrawal(db(), w.id, alice);
    expect(approved).toMatchObject({ status: "APPROVED", approvedBy: alice.staffId });
    expect(approved.approvedAt).toBeInstanceOf(Date);
    // Approval moves no money: still reserved.
    expect(await merchantBalance(db(), m.merchant.id, "test")).toMatchObject({ available: 800_000, reserved: 200_000 });

    const completed = await completeWithdrawal(db(), w.id, { operatorReference: " OM-778812 " }, alice);
    expect(completed).toMatchObject({ status: "COMPLETED", operatorReference: "OM-778812", completedBy: alice.staffId });
    const ledger = await accountBalances(db(), m.merchant.id, "test");
    expect(ledger.merchant_available).toBe(800_000);
    expect(ledger.merchant_reserved ?? 0).toBe(0);
    expect(ledger.platform_fees).toBe(2_000);
    expect(ledger.operator_payouts).toBe(198_000);
    const entries = await entriesForRef(db(), w.id);
    expect(entries.map((e) => [e.kind, e.account, e.amount])).toEqual([
      ["withdrawal.reserved", "merchant_available", -200_000],
      ["withdrawal.reserved", "merchant_reserved", 200_000],
      ["withdrawal.completed", "merchant_reserved", -200_000],
      ["withdrawal.completed", "platform_fees", 2_000],
      ["withdrawal.completed", "operator_payouts", 198_000],
    ]);
    expect(await unbalancedJournals(db())).toEqual([]);

    const evts = await db().select().from(events).where(eq(events.objectId, w.id)).orderBy(asc(events.id));
    expect(evts.map((e) => e.type)).toEqual(["withdrawal.requested", "withdrawal.approved", "withdrawal.completed"]);
    expect(evts[2].payload.data.object).toEqual(withdrawalResource(completed));
    expect(evts.every((e) => !e.type.startsWith("payout."))).toBe(true);
  });

  it("writes one audit row per staff action, with actor, before and after, in the same transaction", async () => {
    const { ctx } = await setup();
    const w = await request(ctx);
    await approveWithdrawal(db(), w.id, alice);
    await completeWithdrawal(db(), w.id, { operatorReference: "OM-1" }, { staffId: "cli:bob" });
    // The request itself is audited too (withdrawal.request, the merchant's actor); the staff rows follow.
    const staffRows = () => db().select().from(auditLog).where(and(eq(auditLog.targetId, w.id), ne(auditLog.action, "withdrawal.request"))).orderBy(asc(auditLog.id));
    const rows = await staffRows();
    expect(rows.map((r) => [r.actor, r.action, r.targetType, (r.before as { status: string }).status, (r.after as { status: string }).status])).toEqual([
      ["staff:alice@cauri.ml", "withdrawal.approve", "withdrawal", "PENDING", "APPROVED"],
      ["cli:bob", "withdrawal.complete", "withdrawal", "APPROVED", "COMPLETED"],
    ]);
    expect((rows[1].after as { operator_reference: string }).operator_reference).toBe("OM-1");

    // A refused action writes nothing.
    expect(await codeOf(approveWithdrawal(db(), w.id, alice))).toBe("WITHDRAWAL_NOT_PENDING");
    expect(await staffRows()).toHaveLength(2);
  });

  it("the audit log is append-only: UPDATE and DELETE are refused by the database", async () => {
    const { ctx } = await setup();
    const w = await request(ctx);
    await approveWithdrawal(db(), w.id, alice);
    await expect(db().update(auditLog).set({ actor: "someone else" }).where(eq(auditLog.targetId, w.id))).rejects.toThrow();
    await expect(db().delete(auditLog).where(eq(auditLog.targetId, w.id))).rejects.toThrow();
    expect((await db().select().from(auditLog).where(and(eq(auditLog.targetId, w.id), eq(auditLog.action, "withdrawal.approve"))))[0].actor).toBe(alice.staffId);
  });

  it("PENDING → REJECTED releases the reservation and keeps the reason", async () => {
    const { m, ctx } = await setup(500_000);
    const w = await request(ctx, 500_000);
    expect(await merchantBalance(db(), m.merchant.id, "test")).toMatchObject({ available: 0, reserved: 500_000 });
    const rejected = await rejectWithdrawal(db(), w.id, { reason: "Le numéro n'appartient pas au titulaire" }, alice);
    expect(rejected).toMatchObject({ status: "REJECTED", rejectionReason: "Le numéro n'appartient pas au titulaire" });
    expect(await merchantBalance(db(), m.merchant.id, "test")).toMatchObject({ available: 500_000, reserved: 0 });
    const types = (await db().select({ t: events.type }).from(events).where(eq(events.objectId, w.id))).map((e) => e.t);
    expect(types).toContain("withdrawal.rejected");
    expect(await unbalancedJournals(db())).toEqual([]);
  });

  it("refuses transitions from the wrong status with a specific 409 code and changes nothing", async () => {
    const { m, ctx } = await setup();
    const pending = await request(ctx, 100_000);
    expect(await codeOf(completeWithdrawal(db(), pending.id, { operatorReference: "X" }, alice))).toBe("WITHDRAWAL_NOT_APPROVED");
    const approved = await request(ctx, 100_000);
    await approveWithdrawal(db(), approved.id, alice);
    expect(await codeOf(rejectWithdrawal(db(), approved.id, { reason: "late" }, alice))).toBe("WITHDRAWAL_NOT_PENDING");
    expect(await codeOf(approveWithdrawal(db(), approved.id, alice))).toBe("WITHDRAWAL_NOT_PENDING");
    expect(await codeOf(cancelWithdrawal(ctx, approved.id))).toBe("WITHDRAWAL_NOT_PENDING");
    const cancelled = await request(ctx, 100_000);
    await cancelWithdrawal(ctx, cancelled.id);
    expect(await codeOf(approveWithdrawal(db(), cancelled.id, alice))).toBe("WITHDRAWAL_NOT_PENDING");
    expect(await codeOf(approveWithdrawal(db(), "00000000-0000-4000-8000-000000000000", alice))).toBe("NOT_FOUND");
    expect(await merchantBalance(db(), m.merchant.id, "test")).toMatchObject({ available: 800_000, reserved: 200_000 });
  });

  it("requires an operator reference to complete and a reason to reject", async () => {
    const { ctx } = await setup();
    const w = await request(ctx);
    expect(await codeOf(rejectWithdrawal(db(), w.id, { reason: "  " }, alice))).toBe("MISSING_FIELD");
    expect(await codeOf(rejectWithdrawal(db(), w.id, { reason: "r".repeat(501) }, alice))).toBe("INVALID_FIELD");
    await approveWithdrawal(db(), w.id, alice);
    expect(await codeOf(completeWithdrawal(db(), w.id, { operatorReference: "" }, alice))).toBe("MISSING_FIELD");
    const js = await db().select().from(journals).where(eq(journals.refId, w.id));
    expect(js).toHaveLength(1);
  });

  it("a concurrent approve and cancel: exactly one wins", async () => {
    const { m, ctx } = await setup(300_000);
    const w = await request(ctx, 300_000);
    const outcomes = await Promise.all([codeOf(approveWithdrawal(db(), w.id, alice)), codeOf(cancelWithdrawal(ctx, w.id))]);
    expect(outcomes.filter((o) => o === "OK")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "WITHDRAWAL_NOT_PENDING")).toHaveLength(1);
    const b = await merchantBalance(db(), m.merchant.id, "test");
    expect(b.available + b.reserved).toBe(300_000);
    expect(await unbalancedJournals(db())).toEqual([]);
  });
});
