import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { and, asc, eq, ne } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { db } from "@/db/client";
import { auditLog, type Mode } from "@/db/schema";
import { merchantNow } from "@/lib/clock";
import type { DomainContext } from "@/lib/context";
import { newId } from "@/lib/ids";
import { unbalancedJournals } from "@/lib/ledger/balance";
import { postJournal } from "@/lib/ledger/post";
import { proposePartnerProduct } from "@/lib/partner/products";
import { getMerchant } from "@/lib/platform/merchants";
import { merchantBalance } from "@/lib/withdrawals/balance";
import { createWithdrawal } from "@/lib/withdrawals/create";
import { newMerchant } from "@/tests/support/merchant";
import { parseArgv, UsageError, type Command } from "../cli";
import { kycCommands } from "./kyc";
import { merchantCommands } from "./merchant";
import { partnerProductsCommands } from "./partner-products";
import { withdrawalsCommands } from "./withdrawals";

const groups: Record<string, Record<string, Command>> = { withdrawals: withdrawalsCommands, kyc: kycCommands, "partner-products": partnerProductsCommands, merchant: merchantCommands };
const root = path.resolve(__dirname, "../..");

/**
 * Runs `ops <args> --json`. Against PostgreSQL (DATABASE_URL: this file's own database) it is the
 * real command line in a child process; on the in-memory PGlite, which another process cannot
 * open, the same command objects run in this process against the test's database. Either way:
 * the JSON on stdout and the exit code.
 */
async function ops(...args: string[]): Promise<{ code: number; json: any }> {
  if (process.env.DATABASE_URL) {
    try {
      const { stdout } = await promisify(execFile)(path.join(root, "node_modules/.bin/tsx"), ["bin/ops.ts", ...args, "--json"], {
        cwd: root,
        env: { ...process.env, CAURI_LOG: "silent" },
        timeout: 60_000,
      });
      return { code: 0, json: JSON.parse(stdout) };
    } catch (error) {
      const e = error as { code?: number; stdout?: string };
      return { code: e.code ?? 1, json: JSON.parse(e.stdout ?? "null") };
    }
  }
  const [group, name, ...rest] = args;
  const { args: positional, flags } = parseArgv(rest);
  const command = groups[group][name];
  let printed: unknown;
  try {
    await command.run({ db: db(), args: positional, flags, json: true, out: (v) => (printed = JSON.parse(JSON.stringify(v))) });
    return { code: 0, json: printed };
  } catch (error) {
    const code = error instanceof UsageError ? "USAGE" : ((error as { code?: string }).code ?? "ERROR");
    return { code: error instanceof UsageError ? 2 : 1, json: { error: { code, message: (error as Error).message } } };
  }
}

async function withBalance(amount: number, mode: Mode = "test") {
  const m = await newMerchant({ kycStatus: "approved" });
  await postJournal(db(), {
    merchantId: m.merchant.id, mode, kind: "test.collected", refType: "test", refId: newId("seed"),
    entries: [{ account: "operator_clearing", amount: -amount }, { account: "merchant_available", amount }], at: new Date(),
  });
  const ctx: DomainContext = { db: db(), merchant: m.merchant, application: { id: m.applicationId, merchantId: m.merchant.id, name: "app", createdAt: new Date() }, mode, now: merchantNow(m.merchant, mode), source: "api" };
  return { m, ctx };
}

// Against PostgreSQL each command is a child process (~1 s, several under a loaded suite).
vi.setConfig({ testTimeout: 120_000 });

// Staff rows only: the merchant's own request is audited too (withdrawal.request).
const auditOf = (targetId: string) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, targetId), ne(auditLog.action, "withdrawal.request")))
    .orderBy(asc(auditLog.id));

describe("ops withdrawals", () => {
  it("lists the queue, approves, completes with the operator reference; each action audited with the actor", async () => {
    const { m, ctx } = await withBalance(1_000_000);
    const { withdrawal: w } = await createWithdrawal(ctx, { amount: 300_000, provider: "OPERATOR_MONEY", phone_number: "+22370000001" });

    const listed = await ops("withdrawals", "list", "--status", "PENDING");
    expect(listed.code).toBe(0);
    expect(listed.json.find((x: { id: string }) => x.id === w.id)).toMatchObject({ status: "PENDING", amount: 300_000, merchant_id: m.merchant.id, merchant_name: "Boutique Test", mode: "test" });

    const approved = await ops("withdrawals", "approve", w.id, "--actor", "cli:awa");
    expect(approved).toMatchObject({ code: 0, json: { id: w.id, status: "APPROVED" } });
    const early = await ops("withdrawals", "approve", w.id);
    expect(early).toMatchObject({ code: 1, json: { error: { code: "WITHDRAWAL_NOT_PENDING" } } });

    const missingRef = await ops("withdrawals", "complete", w.id);
    expect(missingRef).toMatchObject({ code: 2, json: { error: { code: "USAGE" } } });
    const completed = await ops("withdrawals", "complete", w.id, "--operator-ref", "OM-2026-0042", "--actor", "cli:awa");
    expect(completed).toMatchObject({ code: 0, json: { id: w.id, status: "COMPLETED", operator_reference: "OM-2026-0042" } });

    expect((await ops("withdrawals", "list", "--status", "COMPLETED")).json.map((x: { id: string }) => x.id)).toContain(w.id);
    expect(await merchantBalance(db(), m.merchant.id, "test")).toMatchObject({ available: 700_000, reserved: 0 });
    expect(await unbalancedJournals(db())).toEqual([]);
    const rows = await auditOf(w.id);
    expect(rows.map((r) => [r.actor, r.action])).toEqual([
      ["cli:awa", "withdrawal.approve"],
      ["cli:awa", "withdrawal.complete"],
    ]);
  });

  it("rejects with a reason, releasing the reservation; unknown ids and bad flags are errors", async () => {
    const { m, ctx } = await withBalance(100_000);
    const { withdrawal: w } = await createWithdrawal(ctx, { amount: 100_000, provider: "OPERATOR_MONEY", phone_number: "+22370000001" });
    expect(await ops("withdrawals", "reject", w.id)).toMatchObject({ code: 2, json: { error: { code: "USAGE" } } });
    const rejected = await ops("withdrawals", "reject", w.id, "--reason", "Numéro au nom d'un tiers");
    expect(rejected).toMatchObject({ code: 0, json: { status: "REJECTED", rejection_reason: "Numéro au nom d'un tiers" } });
    expect(await merchantBalance(db(), m.merchant.id, "test")).toMatchObject({ available: 100_000, reserved: 0 });
    const [row] = await auditOf(w.id);
    expect(row.actor).toMatch(/^cli:.+/);
    expect(row.action).toBe("withdrawal.reject");
    expect(await ops("withdrawals", "approve", "00000000-0000-4000-8000-000000000000")).toMatchObject({ code: 1, json: { error: { code: "NOT_FOUND" } } });
    expect(await ops("withdrawals", "list", "--status", "DONE")).toMatchObject({ code: 2, json: { error: { code: "USAGE" } } });
  });
});

describe("ops kyc and merchant update", () => {
  it("approves and rejects a KYC with an audit row holding before and after", async () => {
    const m = await newMerchant();
    const ok = await ops("kyc", "approve", m.merchant.id, "--actor", "cli:fatou");
    expect(ok).toMatchObject({ code: 0, json: { id: m.merchant.id, kyc_status: "approved" } });
    const no = await ops("kyc", "reject", m.merchant.id, "--actor", "cli:fatou");
    expect(no.json.kyc_status).toBe("rejected");
    expect((await getMerchant(db(), m.merchant.id))!.kycStatus).toBe("rejected");
    const rows = await auditOf(m.merchant.id);
    expect(rows.map((r) => [r.actor, r.action, (r.before as { kyc_status: string }).kyc_status, (r.after as { kyc_status: string }).kyc_status])).toEqual([
      ["cli:fatou", "kyc.approve", "pending", "approved"],
      ["cli:fatou", "kyc.reject", "approved", "rejected"],
    ]);
    expect(await ops("kyc", "approve", "mer_nope")).toMatchObject({ code: 1, json: { error: { code: "NOT_FOUND" } } });
    expect(await ops("kyc", "approve")).toMatchObject({ code: 2 });
  });

  it("merchant update writes one audit row in the same transaction", async () => {
    const m = await newMerchant();
    const res = await ops("merchant", "update", m.merchant.id, "--production", "on", "--partner", "on", "--actor", "cli:ops-bot");
    expect(res).toMatchObject({ code: 0, json: { production_enabled: true, partner: true } });
    const [row] = await auditOf(m.merchant.id);
    expect(row).toMatchObject({ actor: "cli:ops-bot", action: "merchant.update", targetType: "merchant" });
    expect(row.before).toMatchObject({ production_enabled: false, partner: false });
    expect(row.after).toMatchObject({ production_enabled: true, partner: true });
    expect(await ops("merchant", "update", "mer_nope", "--partner", "on")).toMatchObject({ code: 2 });
    expect(await db().select().from(auditLog).where(eq(auditLog.targetId, "mer_nope"))).toEqual([]);
  });
});

describe("ops partner-products", () => {
  it("lists the review queue and approves or rejects, audited", async () => {
    const m = await newMerchant({ partner: true });
    const ctx: DomainContext = { db: db(), merchant: m.merchant, application: { id: m.applicationId, merchantId: m.merchant.id, name: "app", createdAt: new Date() }, mode: "test", now: new Date(), source: "api" };
    const a = await proposePartnerProduct(ctx, { name: "Savon 6 pièces", price: 3_000 });
    const b = await proposePartnerProduct(ctx, { name: "Thé vert", price: 1_500 });
    const queue = await ops("partner-products", "list");
    expect(queue.json.map((p: { id: string }) => p.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(await ops("partner-products", "approve", a.id, "--actor", "cli:awa")).toMatchObject({ code: 0, json: { id: a.id, status: "APPROVED", reviewed_by: "cli:awa" } });
    expect(await ops("partner-products", "reject", b.id, "--reason", "Prix hors marché")).toMatchObject({ code: 0, json: { status: "REJECTED", review_note: "Prix hors marché" } });
    expect(await ops("partner-products", "approve", b.id)).toMatchObject({ code: 1, json: { error: { code: "PARTNER_PRODUCT_NOT_PENDING" } } });
    expect((await ops("partner-products", "list", "--status", "APPROVED")).json.map((p: { id: string }) => p.id)).toContain(a.id);
    expect((await auditOf(a.id)).map((r) => r.action)).toEqual(["partner_product.approve"]);
    expect((await auditOf(b.id)).map((r) => r.action)).toEqual(["partner_product.reject"]);
  });
});
