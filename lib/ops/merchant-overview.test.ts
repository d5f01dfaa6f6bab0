import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { merchantRequests } from "@/db/schema";
import { dashboardContext } from "@/lib/auth/dashboard-context";
import { submitKyc } from "@/lib/account/requests";
import { signUp } from "@/lib/auth/signup";
import { newId } from "@/lib/ids";
import { postJournal } from "@/lib/ledger/post";
import { getMerchant, updateMerchant } from "@/lib/platform/merchants";
import { createWithdrawal } from "@/lib/withdrawals/create";
import { merchantKyc } from "./merchant-kyc";
import { merchantOverview } from "./merchant-overview";
import { withdrawalQueue } from "./withdrawal-queue";

let seq = 0;
const KYC = {
  legal_name: "Boutique Vue SARL",
  registration_number: "MA.BKO.2024.B.0042",
  tax_id: "084512345X",
  address: "Rue 12, Hamdallaye, Bamako",
  contact_name: "Awa Traoré",
  contact_phone: "+22376000042",
  activity: "Vente de tissus",
};

async function account(name = "Boutique Vue") {
  const created = await signUp(db(), { email: `vue-${Date.now()}-${seq++}@example.ml`, password: "mot de passe solide", businessName: name });
  return { merchantId: created.merchantId, user: { id: created.userId } };
}

async function credit(merchantId: string, mode: "test" | "live", amount: number) {
  await postJournal(db(), {
    merchantId,
    mode,
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

describe("merchantKyc", () => {
  it("gives each merchant's flag and latest KYC submission, and null before any submission", async () => {
    const a = await account();
    const b = await account();
    await submitKyc(db(), a.merchantId, a.user, { ...KYC, legal_name: "Première SARL" });
    // A later submission replaces the pending one; after a decision, a newer request is the latest.
    await db().insert(merchantRequests).values({ id: newId("req"), merchantId: a.merchantId, kind: "kyc", payload: { legal_name: "Ancienne SARL" }, status: "rejected", createdAt: new Date("2020-01-01T00:00:00Z") });
    await db().insert(merchantRequests).values({ id: newId("req"), merchantId: a.merchantId, kind: "platform_plan", payload: { plan: "pro" }, createdAt: new Date(Date.now() + 60_000) });
    const map = await merchantKyc(db(), [a.merchantId, b.merchantId, a.merchantId, "mer_nobody"]);
    expect([...map.keys()].sort()).toEqual([a.merchantId, b.merchantId].sort());
    const kyc = map.get(a.merchantId)!;
    expect(kyc).toMatchObject({ kyc_status: "pending", submission: { status: "pending" } });
    expect(kyc.submission!.fields).toContainEqual({ key: "legal_name", value: "Première SARL" });
    expect(kyc.submission!.fields.map((f) => f.key)).toEqual(["legal_name", "registration_number", "tax_id", "address", "contact_name", "contact_phone", "activity"]);
    expect(map.get(b.merchantId)).toEqual({ merchant_id: b.merchantId, kyc_status: "pending", submission: null });
    expect(await merchantKyc(db(), [])).toEqual(new Map());
  });
});

describe("merchantOverview", () => {
  it("shows balances per mode from the ledger, the latest payments, withdrawals and secure orders, and the KYC", async () => {
    const a = await account();
    await submitKyc(db(), a.merchantId, a.user, KYC);
    await updateMerchant(db(), a.merchantId, { kycStatus: "approved" });
    await credit(a.merchantId, "test", 120_000);
    await credit(a.merchantId, "live", 7_500);
    const ctx = await dashboardContext(db(), (await getMerchant(db(), a.merchantId))!, "test");
    const created = await createWithdrawal(ctx, { amount: 20_000, provider: "OPERATOR_MONEY", phone_number: "+22370000001" } as never);

    const other = await account();
    await credit(other.merchantId, "test", 999_000);

    const view = await merchantOverview(db(), a.merchantId);
    const test = view.balances.find((b) => b.mode === "test")!.balance;
    const live = view.balances.find((b) => b.mode === "live")!.balance;
    expect(test).toMatchObject({ available: 100_000, reserved: 20_000, held: 0 });
    expect(live).toMatchObject({ available: 7_500, reserved: 0 });
    expect(view.withdrawals).toEqual([{ id: created.withdrawal.id, reference: created.withdrawal.reference, mode: "test", status: "PENDING", amount: 20_000, created_at: expect.any(String) }]);
    expect(view.payments).toEqual([]);
    expect(view.secure_orders).toEqual([]);
    expect(view.kyc).toMatchObject({ kyc_status: "approved", submission: { fields: expect.arrayContaining([{ key: "tax_id", value: "084512345X" }]) } });

    expect((await merchantOverview(db(), other.merchantId)).withdrawals).toEqual([]);
  });

  it("keeps the latest N, newest first", async () => {
    const a = await account();
    await updateMerchant(db(), a.merchantId, { kycStatus: "approved" });
    await credit(a.merchantId, "test", 500_000);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      // A context's clock is read once: a fresh one per withdrawal, a few milliseconds apart, so their times differ.
      await new Promise((r) => setTimeout(r, 5));
      const ctx = await dashboardContext(db(), (await getMerchant(db(), a.merchantId))!, "test");
      ids.push((await createWithdrawal(ctx, { amount: 10_000 + i, provider: "OPERATOR_MONEY", phone_number: "+22370000001" } as never)).withdrawal.id);
    }
    const view = await merchantOverview(db(), a.merchantId, 2);
    expect(view.withdrawals.map((w) => w.id)).toEqual([ids[2], ids[1]]);
  });
});

describe("withdrawalQueue", () => {
  it("puts each queued withdrawal beside its merchant's KYC", async () => {
    const a = await account("Boutique File");
    await submitKyc(db(), a.merchantId, a.user, KYC);
    await updateMerchant(db(), a.merchantId, { kycStatus: "approved" });
    await credit(a.merchantId, "test", 50_000);
    const ctx = await dashboardContext(db(), (await getMerchant(db(), a.merchantId))!, "test");
    const { withdrawal } = await createWithdrawal(ctx, { amount: 30_000, provider: "OPERATOR_MONEY", phone_number: "+22370000001" } as never);
    const queue = await withdrawalQueue(db(), { status: "PENDING" });
    const mine = queue.find((w) => w.id === withdrawal.id)!;
    expect(mine.kyc).toMatchObject({ merchant_id: a.merchantId, kyc_status: "approved" });
    expect(mine.kyc!.submission!.fields).toContainEqual({ key: "registration_number", value: "MA.BKO.2024.B.0042" });
    expect(await withdrawalQueue(db(), { status: "COMPLETED" })).toEqual([]);
  });
});
