import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { mintSessionCookie } from "@/lib/auth/session-token";
import { signUp } from "@/lib/auth/signup";
import { getUser } from "@/lib/auth/users";
import { collectedAt } from "@/lib/books/statement/test-support";
import { call } from "@/tests/support/http";
import * as transactions from "./route";

describe("GET /dashboard-api/balance/transactions", () => {
  it("answers the list as data with has_more beside it, like /v1, and pages with starting_after", async () => {
    const created = await signUp(db(), { email: `books-${Date.now()}@example.ml`, password: "mot de passe solide", businessName: "Boutique Solde" });
    const cookie = `${await mintSessionCookie((await getUser(db(), created.userId))!)}; cauri_mode=test`;
    await collectedAt(created.merchantId, "2026-10-10T10:00:00Z", 10_000, 200);
    await collectedAt(created.merchantId, "2026-10-11T10:00:00Z", 5_000, 100);
    const first = await call(transactions.GET, "GET", "/dashboard-api/balance/transactions?limit=3", { headers: { cookie } });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, has_more: true });
    expect(first.body.data.map((t: { type: string; amount: number; balance: string }) => [t.type, t.amount, t.balance])).toEqual([
      ["payment_fee", -100, "available"],
      ["payment", 5_000, "available"],
      ["payment_fee", -200, "available"],
    ]);
    const next = await call(transactions.GET, "GET", `/dashboard-api/balance/transactions?limit=3&starting_after=${first.body.data[2].id}`, { headers: { cookie } });
    expect(next.body).toMatchObject({ success: true, has_more: false, data: [{ type: "payment", amount: 10_000, balance_after: 10_000 }] });
  });
});
