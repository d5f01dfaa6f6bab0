import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { POST as create } from "@/app/v1/payments/route";
import { db } from "@/db/client";
import { auditLog } from "@/db/schema";
import { unbalancedJournals } from "@/lib/ledger/balance";
import { settlePayment } from "@/lib/payments/settle";
import { merchantBalance } from "@/lib/withdrawals/balance";
import { call } from "@/tests/support/http";
import { newMerchant } from "@/tests/support/merchant";
import { parseArgv, UsageError } from "../cli";
import { lateCollectionsCommands } from "./late-collections";

const root = path.resolve(__dirname, "../..");

/**
 * `ops late-collections … --json`: the real command line against PostgreSQL, the same command
 * objects in process on PGlite (which another process cannot open). Refusals are checked in
 * process only (`inProcess`): a child process costs seconds under a loaded suite.
 */
async function ops(...args: string[]): Promise<{ code: number; json: any }> {
  if (process.env.DATABASE_URL) {
    try {
      const { stdout } = await promisify(execFile)(path.join(root, "node_modules/.bin/tsx"), ["bin/ops.ts", "late-collections", ...args, "--json"], {
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
  return inProcess(...args);
}

async function inProcess(...args: string[]): Promise<{ code: number; json: any }> {
  const [name, ...rest] = args;
  const { args: positional, flags } = parseArgv(rest);
  let printed: unknown;
  try {
    await lateCollectionsCommands[name].run({ db: db(), args: positional, flags, json: true, out: (v) => (printed = JSON.parse(JSON.stringify(v))) });
    return { code: 0, json: printed };
  } catch (error) {
    const code = error instanceof UsageError ? "USAGE" : ((error as { code?: string }).code ?? "ERROR");
    return { code: error instanceof UsageError ? 2 : 1, json: { error: { code, message: (error as Error).message } } };
  }
}

vi.setConfig({ testTimeout: 120_000 });

let seq = 0;
/** A payment that expired, then the operator's SUCCESS: one OPEN late collection. */
async function late(amount = 50_000) {
  const m = await newMerchant({ name: `Boutique CLI ${seq++}` });
  const res = await call(create, "POST", "/v1/payments", {
    key: m.testKey,
    idempotencyKey: `cli-late-${seq++}`,
    body: { amount, payment_method: "OPERATOR_MONEY", customer_phone: "+22370000009", return_url: "https://shop.example.ml/ok" },
  });
  const id = res.body.data.id as string;
  await settlePayment(db(), id, { status: "EXPIRED" });
  const settled = await settlePayment(db(), id, { status: "SUCCESS", providerRef: `OP-CLI-${seq}` }, { source: "operator" });
  return { m, paymentId: id, lateId: settled.late!.lateCollection.id, fee: res.body.data.fee_total as number };
}

const auditOf = (targetId: string) => db().select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(asc(auditLog.id));

describe("ops late-collections", () => {
  it("lists the open ones, credits one (by its id) once with a note; each resolution audited with the actor", async () => {
    const { m, paymentId, lateId, fee } = await late();
    const listed = await ops("list");
    expect(listed.code).toBe(0);
    expect(listed.json.find((l: { id: string }) => l.id === lateId)).toMatchObject({ status: "OPEN", payment_id: paymentId, payment_status: "EXPIRED", amount: 50_000, merchant_id: m.merchant.id });

    expect(await inProcess("credit", lateId)).toMatchObject({ code: 2, json: { error: { code: "USAGE" } } });
    const credited = await ops("credit", lateId, "--note", "Commande livrée, le marchand confirme.", "--actor", "cli:awa");
    expect(credited).toMatchObject({ code: 0, json: { id: lateId, status: "CREDITED", resolved_by: "cli:awa" } });
    expect(await inProcess("refund", lateId, "--note", "Trop tard.")).toMatchObject({ code: 1, json: { error: { code: "LATE_COLLECTION_RESOLVED" } } });

    expect(await merchantBalance(db(), m.merchant.id, "test")).toMatchObject({ available: 50_000 - fee });
    expect(await unbalancedJournals(db())).toEqual([]);
    expect((await auditOf(lateId)).map((r) => [r.actor, r.action])).toEqual([["cli:awa", "late_collection.credit"]]);
    expect((await ops("list", "--status", "CREDITED")).json.map((l: { id: string }) => l.id)).toContain(lateId);
    expect((await inProcess("list")).json.map((l: { id: string }) => l.id)).not.toContain(lateId);
  });

  it("refunds one named by its payment id; unknown ids and bad flags are errors", async () => {
    const { m, paymentId, lateId } = await late(10_000);
    const refunded = await ops("refund", paymentId, "--note", "Le client demande le remboursement.");
    expect(refunded).toMatchObject({ code: 0, json: { id: lateId, status: "REFUNDED" } });
    expect(await merchantBalance(db(), m.merchant.id, "test")).toMatchObject({ available: 0 });
    const [row] = await auditOf(lateId);
    expect([row.action, row.actor]).toEqual(["late_collection.refund", expect.stringMatching(/^cli:.+/)]);
    expect(await inProcess("credit", "lc_nope", "--note", "Essai.")).toMatchObject({ code: 1, json: { error: { code: "NOT_FOUND" } } });
    expect(await inProcess("list", "--status", "DONE")).toMatchObject({ code: 2, json: { error: { code: "USAGE" } } });
    expect(await inProcess("credit")).toMatchObject({ code: 2, json: { error: { code: "USAGE" } } });
  });
});
