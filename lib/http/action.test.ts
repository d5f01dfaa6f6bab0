import { count, eq, is } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { db, type Database } from "@/db/client";
import { journals } from "@/db/schema";
import { newId } from "@/lib/ids";
import { postJournal } from "@/lib/ledger/post";
import { newMerchant } from "@/tests/support/merchant";
import { runAction } from "./action";
import { clientHeaders } from "./client-ip";
import { ApiError } from "@/lib/core/errors";
import { rateLimits } from "@/lib/rate-limit/limits";

let ip = 0;
const freshClient = () => clientHeaders(`198.51.100.${++ip}`);

describe("runAction: a public page's server action through the request pipeline", () => {
  it("answers the work's value, and a refusal as the catalogue's code and message instead of throwing", async () => {
    expect(await runAction(freshClient(), { name: "t.value", limits: ["default"] }, async () => 42)).toEqual({ ok: true, value: 42 });
    const refused = await runAction(freshClient(), { name: "t.refused", limits: ["default"] }, async () => {
      throw new ApiError("PHONE_MISMATCH");
    });
    expect(refused).toEqual({ ok: false, code: "PHONE_MISMATCH", message: new ApiError("PHONE_MISMATCH").message });
  });

  it("turns an unexpected error into INTERNAL_ERROR, which says nothing of the cause", async () => {
    const outcome = await runAction(freshClient(), { name: "t.crash", limits: ["default"] }, async () => {
      throw new Error("secret detail of a bug");
    });
    expect(outcome).toMatchObject({ ok: false, code: "INTERNAL_ERROR" });
    expect(JSON.stringify(outcome)).not.toContain("secret detail");
  });

  it("counts every call against the limits per client IP, the refused ones included, then answers RATE_LIMIT_EXCEEDED", async () => {
    const client = freshClient();
    const limit = rateLimits["secure_orders.public"];
    let ran = 0;
    const outcomes = [];
    for (let i = 0; i <= limit; i++) {
      outcomes.push(
        await runAction(client, { name: "t.limited", limits: ["secure_orders.public"] }, async () => {
          ran++;
          if (ran % 2) throw new ApiError("INVALID_CODE");
          return ran;
        }),
      );
    }
    expect(ran).toBe(limit);
    expect(outcomes.at(-1)).toMatchObject({ ok: false, code: "RATE_LIMIT_EXCEEDED" });
    // Another client is not affected.
    expect(await runAction(freshClient(), { name: "t.limited", limits: ["secure_orders.public"] }, async () => "ok")).toEqual({ ok: true, value: "ok" });
  });

  it("runs the work in one transaction that a refusal rolls back, unless the operation commits its own", async () => {
    const { merchant } = await newMerchant();
    const refId = newId("jrn_ref");
    const post = (database: Database) =>
      postJournal(database, { merchantId: merchant.id, mode: "test", kind: "test.action", refType: "test", refId, entries: [{ account: "merchant_available", amount: 100 }, { account: "operator_clearing", amount: -100 }], at: new Date() });
    const journalsOfRef = async () => (await db().select({ n: count() }).from(journals).where(eq(journals.refId, refId)))[0].n;

    const wrapped = await runAction(freshClient(), { name: "t.wrapped", limits: ["default"] }, async (ctx) => {
      expect(is(ctx.db, PgTransaction)).toBe(true);
      await post(ctx.db);
      throw new ApiError("INVALID_AMOUNT");
    });
    expect(wrapped).toMatchObject({ ok: false, code: "INVALID_AMOUNT" });
    expect(await journalsOfRef()).toBe(0);

    const own = await runAction(freshClient(), { name: "t.own", limits: ["default"], operation: { transaction: "own" } }, async (ctx) => {
      expect(is(ctx.db, PgTransaction)).toBe(false);
      await post(ctx.db);
      throw new ApiError("INVALID_AMOUNT");
    });
    expect(own).toMatchObject({ ok: false, code: "INVALID_AMOUNT" });
    expect(await journalsOfRef()).toBe(1);
  });
});
