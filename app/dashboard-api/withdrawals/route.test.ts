import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import type { Mode } from "@/db/schema";
import { cliActor } from "@/lib/audit/record";
import { mintSessionCookie } from "@/lib/auth/session-token";
import { signUp } from "@/lib/auth/signup";
import { getUser } from "@/lib/auth/users";
import { newId } from "@/lib/ids";
import { postJournal } from "@/lib/ledger/post";
import { updateMerchant } from "@/lib/platform/merchants";
import { approveWithdrawal, completeWithdrawal } from "@/lib/withdrawals/transitions";
import { call } from "@/tests/support/http";
import * as cancel from "./[id]/cancel/route";
import * as quote from "./quote/route";
import * as list from "./route";

const ORIGIN = "http://localhost:3000";
let seq = 0;

async function account() {
  const created = await signUp(db(), { email: `wd-${Date.now()}-${seq++}@example.ml`, password: "mot de passe solide", businessName: "Boutique Awa" });
  const cookie = await mintSessionCookie((await getUser(db(), created.userId))!);
  const as = (m: Mode = "test") => ({ cookie: `${cookie}; cauri_mode=${m}`, origin: ORIGIN });
  return { ...created, as };
}

async function credit(merchantId: string, amount: number) {
  await postJournal(db(), {
    merchantId,
    mode: "test",
    kind: "test.credit",
    refType: "test",
    refId: newId("ref"),
    entries: [
      { account: "operator_clearing", amount: -amount },
      { account: "merchant_available", amount },
    ],
    at: new Date(),
  });
}

const body = { amount: 50_000, provider: "OPERATOR_MONEY", phone_number: "+22370000001" };

describe("dashboard withdrawals", () => {
  it("requests with _source dashboard, reserves the amount, cancels; scoped to the mode", async () => {
    const a = await account();
    await updateMerchant(db(), a.merchantId, { kycStatus: "approved" });
    await credit(a.merchantId, 60_000);

    const q = await call(quote.GET, "GET", "/dashboard-api/withdrawals/quote?amount=50000", { headers: a.as() });
    expect(q.body.data).toMatchObject({ amount: 50_000, fee: 500, net_amount: 49_500 });

    const created = await call(list.POST, "POST", "/dashboard-api/withdrawals", { headers: a.as(), body: { ...body, quoted_fee: 500 } });
    expect(created.status).toBe(201);
    const w = created.body.data.withdrawal;
    expect(w).toMatchObject({ status: "PENDING", _source: "dashboard", amount: 50_000, fee: 500 });

    const listed = await call(list.GET, "GET", "/dashboard-api/withdrawals", { headers: a.as() });
    expect(listed.body.data.balance).toMatchObject({ available: 10_000, reserved: 50_000 });
    expect(listed.body.data.withdrawals.map((x: { id: string }) => x.id)).toEqual([w.id]);
    const live = await call(list.GET, "GET", "/dashboard-api/withdrawals", { headers: a.as("live") });
    expect(live.body.data.withdrawals).toEqual([]);

    const wrongMode = await call(cancel.POST, "POST", `/dashboard-api/withdrawals/${w.id}/cancel`, { headers: a.as("live"), params: { id: w.id } });
    expect(wrongMode.body.error.code).toBe("NOT_FOUND");
    const cancelled = await call(cancel.POST, "POST", `/dashboard-api/withdrawals/${w.id}/cancel`, { headers: a.as(), params: { id: w.id } });
    expect(cancelled.body.data.status).toBe("CANCELLED");
    const again = await call(cancel.POST, "POST", `/dashboard-api/withdrawals/${w.id}/cancel`, { headers: a.as(), params: { id: w.id } });
    expect(again.body.error.code).toBe("WITHDRAWAL_NOT_PENDING");
    const after = await call(list.GET, "GET", "/dashboard-api/withdrawals", { headers: a.as() });
    expect(after.body.data.balance).toMatchObject({ available: 60_000, reserved: 0 });
  });

  it("answers the API's validation codes, KYC first, and refuses a cross-site POST", async () => {
    const a = await account();
    const small = await call(list.POST, "POST", "/dashboard-api/withdrawals", { headers: a.as(), body: { ...body, amount: 49_999 } });
    expect(small.body.error).toMatchObject({ code: "INVALID_AMOUNT", param: "amount" });
    const phone = await call(list.POST, "POST", "/dashboard-api/withdrawals", { headers: a.as(), body: { ...body, phone_number: "abc" } });
    expect(phone.body.error).toMatchObject({ code: "INVALID_PHONE", param: "phone_number" });
    const kyc = await call(list.POST, "POST", "/dashboard-api/withdrawals", { headers: a.as(), body });
    expect(kyc.body.error.code).toBe("KYC_NOT_APPROVED");
    await updateMerchant(db(), a.merchantId, { kycStatus: "approved" });
    const poor = await call(list.POST, "POST", "/dashboard-api/withdrawals", { headers: a.as(), body });
    expect(poor.body.error.code).toBe("INSUFFICIENT_BALANCE");
    const csrf = await call(list.POST, "POST", "/dashboard-api/withdrawals", { headers: { ...a.as(), origin: "https://evil.example" }, body });
    expect(csrf.body.error.code).toBe("CSRF_REJECTED");
  });

  it("shows the operator's reference of a completed withdrawal, and none before", async () => {
    const a = await account();
    await updateMerchant(db(), a.merchantId, { kycStatus: "approved" });
    await credit(a.merchantId, 50_000);
    const created = await call(list.POST, "POST", "/dashboard-api/withdrawals", { headers: a.as(), body });
    const id = created.body.data.withdrawal.id as string;
    const pending = await call(list.GET, "GET", "/dashboard-api/withdrawals", { headers: a.as() });
    expect(pending.body.data.withdrawals[0]).toMatchObject({ id, status: "PENDING", operator_reference: null });
    await approveWithdrawal(db(), id, cliActor("test"));
    await completeWithdrawal(db(), id, { operatorReference: "OM-TRX-000777" }, cliActor("test"));
    const done = await call(list.GET, "GET", "/dashboard-api/withdrawals", { headers: a.as() });
    expect(done.body.data.withdrawals[0]).toMatchObject({ id, status: "COMPLETED", operator_reference: "OM-TRX-000777" });
    expect(done.body.data.balance).toMatchObject({ available: 0, reserved: 0 });
  });
});
