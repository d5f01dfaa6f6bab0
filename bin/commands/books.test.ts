import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { collectedAt, pdfText } from "@/lib/books/statement/test-support";
import { newMerchant } from "@/tests/support/merchant";
import { UsageError, type CommandContext } from "../cli";
import { booksCommands } from "./books";

async function run(flags: CommandContext["flags"]) {
  const printed: unknown[] = [];
  await booksCommands.statement.run({ db: db(), args: [], flags, json: true, out: (value) => printed.push(value) });
  return printed[0] as { file: string; closing: Record<string, number>; payments_collected: number };
}

describe("ops books statement", () => {
  it("writes the month's statement PDF in the mode and locale asked", async () => {
    const m = await newMerchant({ name: "Quincaillerie du Fleuve" });
    await collectedAt(m.merchant.id, "2026-10-05T10:00:00Z", 20_000, 600);
    const file = path.join(mkdtempSync(path.join(tmpdir(), "statement-")), "october.pdf");
    const result = await run({ merchant: m.merchant.id, month: "2026-10", mode: "test", locale: "en", out: file });
    expect(result).toMatchObject({ file, payments_collected: 1, closing: { available: 19_400, reserved: 0, escrow: 0 } });
    const pdf = readFileSync(file);
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdfText(pdf)).toEqual(expect.arrayContaining(["Monthly statement", "Quincaillerie du Fleuve", "Period: October 2026", "19 400 FCFA"]));
  });

  it("refuses missing flags, a bad mode or locale, and a malformed month", async () => {
    const m = await newMerchant();
    const out = path.join(tmpdir(), "never.pdf");
    await expect(run({ month: "2026-10", out })).rejects.toBeInstanceOf(UsageError);
    await expect(run({ merchant: m.merchant.id, out })).rejects.toBeInstanceOf(UsageError);
    await expect(run({ merchant: m.merchant.id, month: "2026-10" })).rejects.toBeInstanceOf(UsageError);
    await expect(run({ merchant: m.merchant.id, month: "2026-10", out, mode: "prod" })).rejects.toBeInstanceOf(UsageError);
    await expect(run({ merchant: m.merchant.id, month: "2026-10", out, locale: "bm" })).rejects.toBeInstanceOf(UsageError);
    await expect(run({ merchant: m.merchant.id, month: "2026-13", out })).rejects.toMatchObject({ code: "INVALID_DATE_RANGE" });
  });
});
