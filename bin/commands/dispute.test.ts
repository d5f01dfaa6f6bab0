import { describe, expect, it } from "vitest";
import { paidOrder, soMerchant } from "@/app/v1/secure-orders/test-support";
import { db } from "@/db/client";
import { openDispute } from "@/lib/secure-orders/dispute";
import { UsageError, type CommandContext } from "../cli";
import { disputeCommands } from "./dispute";

async function runCommand(name: "list" | "resolve", args: string[], flags: Record<string, string | boolean>) {
  const printed: unknown[] = [];
  const ctx: CommandContext = { db: db(), args, flags, json: true, out: (value) => void printed.push(value) };
  await disputeCommands[name].run(ctx);
  return printed[0] as Record<string, unknown>;
}

describe("ops dispute", () => {
  it("lists open disputes and resolves one with --release or --refund, as the given actor", async () => {
    const m = await soMerchant();
    const a = await paidOrder(m.testKey);
    const b = await paidOrder(m.testKey);
    for (const o of [a.order, b.order]) await openDispute(db(), { by: "buyer", token: new URL(o.buyer_url).pathname.slice(3) }, "Colis non reçu");
    const listed = (await runCommand("list", [], {})) as { disputes: { id: string }[] };
    expect(listed.disputes.map((d) => d.id)).toEqual(expect.arrayContaining([a.order.id, b.order.id]));

    expect(await runCommand("resolve", [a.order.id], { release: true, actor: "ops:fatou" })).toMatchObject({ id: a.order.id, status: "RELEASED", resolution: "release", resolved_by: "ops:fatou" });
    expect(await runCommand("resolve", [b.order.id], { refund: true })).toMatchObject({ status: "REFUNDED", resolution: "refund", resolved_by: expect.stringMatching(/^cli:/) });
    await expect(runCommand("resolve", [a.order.id], { refund: true })).rejects.toMatchObject({ code: "DISPUTE_NOT_OPEN" });
  });

  it("needs ORDER_ID and exactly one of --release / --refund", async () => {
    await expect(runCommand("resolve", [], { release: true })).rejects.toBeInstanceOf(UsageError);
    await expect(runCommand("resolve", ["x"], {})).rejects.toBeInstanceOf(UsageError);
    await expect(runCommand("resolve", ["x"], { release: true, refund: true })).rejects.toBeInstanceOf(UsageError);
  });
});
