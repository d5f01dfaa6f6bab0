import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { users, type MerchantRole, type Mode } from "@/db/schema";
import { dashboardContext } from "@/lib/auth/dashboard-context";
import { mintSessionCookie } from "@/lib/auth/session-token";
import { signUp } from "@/lib/auth/signup";
import { parseInput } from "@/lib/core/validation";
import { newId } from "@/lib/ids";
import { postJournal } from "@/lib/ledger/post";
import { insertPayment } from "@/lib/payments/create";
import { getMerchant, updateMerchant } from "@/lib/platform/merchants";
import { createWithdrawal } from "@/lib/withdrawals/create";
import { CreateWithdrawalInput } from "@/lib/withdrawals/schemas";
import { call } from "@/tests/support/http";
import { GET } from "./route";

const ORIGIN = "http://localhost:3000";
let seq = 0;

async function account() {
  const created = await signUp(db(), { email: `search-${Date.now()}-${seq++}@example.ml`, password: "mot de passe solide", businessName: "Boutique Awa" });
  const merchant = (await updateMerchant(db(), created.merchantId, { kycStatus: "approved" }))!;
  const member = async (role: MerchantRole) => {
    const [u] = await db()
      .insert(users)
      .values({ id: newId("usr"), email: `${role}-${Date.now()}-${seq++}@search.example.ml`, passwordHash: "x", role: "merchant", merchantId: merchant.id, merchantRole: role })
      .returning();
    return mintSessionCookie(u);
  };
  const owner = await member("owner");
  const developer = await member("developer");
  const as = (cookie: string, mode: Mode = "test") => ({ cookie: `${cookie}; cauri_mode=${mode}`, origin: ORIGIN });
  const get = (q: string | null, headers = as(owner)) => call(GET, "GET", `/dashboard-api/search${q === null ? "" : `?q=${encodeURIComponent(q)}`}`, { headers });
  return { merchant, owner, developer, as, get };
}

describe("GET /dashboard-api/search", () => {
  it("answers 400 INVALID_SEARCH for a missing, empty, blank or too long q; 100 characters are fine", async () => {
    const a = await account();
    for (const q of [null, "", "   "]) {
      const res = await a.get(q);
      expect(res.status, String(q)).toBe(400);
      expect(res.body.error).toMatchObject({ code: "INVALID_SEARCH", param: "q" });
      expect(res.body.error.message).toContain("q is required");
    }
    const long = await a.get("x".repeat(101));
    expect(long.status).toBe(400);
    expect(long.body.error).toMatchObject({ code: "INVALID_SEARCH", param: "q", message: expect.stringContaining("at most 100") });
    const edge = await a.get("x".repeat(100));
    expect(edge.status).toBe(200);
    expect(edge.body.data).toMatchObject({ query: "x".repeat(100), groups: [], notice: null, exact: null });
  });

  it("finds the mode's payment by phone as typed, says when digits are too few, and shows withdrawals only to roles that read them", async () => {
    const a = await account();
    const ctx = await dashboardContext(db(), (await getMerchant(db(), a.merchant.id))!, "test");
    const payment = await insertPayment(ctx, { amount: 12_500, customerPhone: "+22370000001", clientReference: "CMD-ROUTE-1" });
    await postJournal(db(), {
      merchantId: a.merchant.id,
      mode: "test",
      kind: "test.credit",
      refType: "test",
      refId: newId("ref"),
      entries: [
        { account: "operator_clearing", amount: -60_000 },
        { account: "merchant_available", amount: 60_000 },
      ],
      at: new Date(),
    });
    const { withdrawal } = await createWithdrawal(ctx, parseInput(CreateWithdrawalInput, { amount: 50_000, provider: "OPERATOR_MONEY", phone_number: "+22370000001" }));

    const res = await a.get("70 00 00 01");
    expect(res.status).toBe(200);
    expect(res.body.data.groups.map((g: { kind: string }) => g.kind)).toEqual(["payment", "withdrawal"]);
    expect(res.body.data.groups[0].hits[0]).toMatchObject({ id: payment.id, status: "PENDING", amount: 12_500, matched: "phone", path: `/dashboard/payments/${payment.id}` });
    expect(res.body.data.groups[1].hits[0]).toMatchObject({ id: withdrawal.id, matched: "phone" });

    // A developer's role does not open withdrawals: not in its results either.
    const dev = await a.get("70 00 00 01", a.as(a.developer));
    expect(dev.body.data.groups.map((g: { kind: string }) => g.kind)).toEqual(["payment"]);

    const exact = await a.get(payment.id);
    expect(exact.body.data.exact).toMatchObject({ kind: "payment", id: payment.id });

    const short = await a.get("001");
    expect(short.status).toBe(200);
    expect(short.body.data).toMatchObject({ notice: "phone_too_short", groups: [] });

    // The live mode's dashboard sees none of the test mode's objects.
    for (const q of ["70 00 00 01", "CMD-ROUTE-1", payment.id, withdrawal.id]) {
      const live = await a.get(q, a.as(a.owner, "live"));
      expect(live.status).toBe(200);
      expect(live.body.data.groups, q).toEqual([]);
    }
  });

  it("needs a session", async () => {
    const res = await call(GET, "GET", "/dashboard-api/search?q=CMD-1", { headers: { origin: ORIGIN } });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe("SESSION_REQUIRED");
  });
});
