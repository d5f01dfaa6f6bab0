import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { paidOrder, soMerchant } from "@/app/v1/secure-orders/test-support";
import { db, type Database } from "@/db/client";
import { users, withdrawals, type Mode } from "@/db/schema";
import { updateMerchantAsStaff } from "@/lib/audit/merchant";
import { merchantNow } from "@/lib/clock";
import type { DomainContext } from "@/lib/context";
import { newId } from "@/lib/ids";
import { postJournal } from "@/lib/ledger/post";
import { openDispute } from "@/lib/secure-orders/dispute";
import { createWithdrawal } from "@/lib/withdrawals/create";
import { approveWithdrawal, cancelWithdrawal, completeWithdrawal, rejectWithdrawal } from "@/lib/withdrawals/transitions";
import { newMerchant } from "@/tests/support/merchant";
import { notifyWithdrawalChange } from "@/lib/notifications/merchant";
import { addresses, mailsOf, team } from "@/lib/notifications/test-support";

const alice = { staffId: "staff:alice@cauri.ml" };

async function fundedMerchant(name = "Boutique Awa & Fils", mode: Mode = "test") {
  const m = await newMerchant({ name, kycStatus: "approved" });
  await postJournal(db(), {
    merchantId: m.merchant.id,
    mode,
    kind: "test.collected",
    refType: "test",
    refId: newId("seed"),
    entries: [
      { account: "operator_clearing", amount: -1_000_000 },
      { account: "merchant_available", amount: 1_000_000 },
    ],
    at: new Date(),
  });
  const [application] = await db().query.applications.findMany({ where: (a, { eq: e }) => e(a.merchantId, m.merchant.id) });
  const ctx: DomainContext = { db: db(), merchant: m.merchant, application, mode, now: merchantNow(m.merchant, mode), source: "dashboard" };
  const request = (amount = 200_000) => createWithdrawal(ctx, { amount, provider: "OPERATOR_MONEY", phone_number: "+22370000001" }).then((r) => r.withdrawal);
  return { m, ctx, request };
}

describe("withdrawal notifications", () => {
  it("mail each active owner and finance member once per change, never opted-out members, invited ones or other roles", async () => {
    const { m, ctx, request } = await fundedMerchant();
    const t = await team(m.merchant.id, "withdrawal_updates");
    const w = await request(200_000);
    expect(await mailsOf(`withdrawal:${w.id}:`)).toEqual([]);

    await approveWithdrawal(db(), w.id, alice);
    const approved = await mailsOf(`withdrawal:${w.id}:approved:`);
    expect(approved.map((r) => r.to)).toEqual(addresses(t.eligible));
    expect(approved.map((r) => r.dedupeKey).sort()).toEqual(t.eligible.map((u) => `withdrawal:${w.id}:approved:${u.id}`).sort());
    expect(approved[0]).toMatchObject({ template: "withdrawal_update", locale: "fr", status: "PENDING" });
    expect(approved[0].subject).toBe(`[Test] Retrait ${w.reference} approuvé`);
    expect(approved[0].text).toContain("Montant : 200 000 FCFA");
    expect(approved[0].text).toContain("/dashboard/settings/notifications");
    expect(approved[0].html).toContain("Awa &amp; Fils");

    // A second call for the same cause (a retried job) adds nothing.
    expect(await notifyWithdrawalChange(db(), (await db().select().from(withdrawals).where(eq(withdrawals.id, w.id)))[0])).toBe(0);
    expect(await mailsOf(`withdrawal:${w.id}:approved:`)).toHaveLength(2);
    // A refused second approval (409) mails nobody.
    await expect(approveWithdrawal(db(), w.id, alice)).rejects.toMatchObject({ code: "WITHDRAWAL_NOT_PENDING" });
    expect(await mailsOf(`withdrawal:${w.id}:`)).toHaveLength(2);

    await completeWithdrawal(db(), w.id, { operatorReference: "OM-778812" }, alice);
    const paid = await mailsOf(`withdrawal:${w.id}:completed:`);
    expect(paid.map((r) => r.to)).toEqual(addresses(t.eligible));
    expect(paid[0].subject).toBe(`[Test] Retrait ${w.reference} payé`);
    expect(paid[0].text).toContain("Montant versé : 198 000 FCFA");
    expect(paid[0].text).toContain("Référence du virement : OM-778812");

    const r = await request(50_000);
    await rejectWithdrawal(db(), r.id, { reason: "Numéro au nom d'un tiers" }, alice);
    const rejected = await mailsOf(`withdrawal:${r.id}:`);
    expect(rejected.map((row) => row.to)).toEqual(addresses(t.eligible));
    expect(rejected[0].text).toContain("Motif : Numéro au nom d'un tiers");
    expect(rejected[0].text).not.toContain("Montant versé");

    // The merchant's own cancel tells nobody.
    const c = await request(10_000);
    await cancelWithdrawal(ctx, c.id);
    expect(await mailsOf(`withdrawal:${c.id}:`)).toEqual([]);
  });

  it("enqueue nothing when the transaction of the change rolls back", async () => {
    const { m, request } = await fundedMerchant();
    await team(m.merchant.id, "withdrawal_updates");
    const w = await request();
    await expect(
      db().transaction(async (tx) => {
        await approveWithdrawal(tx as unknown as Database, w.id, alice);
        expect(await (tx as unknown as Database).select().from(withdrawals).where(eq(withdrawals.id, w.id))).toMatchObject([{ status: "APPROVED" }]);
        throw new Error("the change failed after the notice was written");
      }),
    ).rejects.toThrow("the change failed");
    expect(await mailsOf(`withdrawal:${w.id}:`)).toEqual([]);
    expect((await db().select().from(withdrawals).where(eq(withdrawals.id, w.id)))[0].status).toBe("PENDING");
  });
});

describe("dispute notifications", () => {
  it("mail owners and finance once when a buyer opens a dispute, with the order, amount and reason", async () => {
    const m = await soMerchant("Boutique Escrow");
    const t = await team(m.merchant.id, "dispute_opened");
    const { order } = await paidOrder(m.testKey);
    await openDispute(db(), { by: "buyer", token: new URL(order.buyer_url).pathname.slice(3) }, "Colis non reçu après 5 jours");
    const rows = await mailsOf(`secure-order:${order.id}:disputed:`);
    expect(rows.map((r) => r.to)).toEqual(addresses(t.eligible));
    expect(rows[0].subject).toBe(`[Test] Litige ouvert sur la commande ${order.reference}`);
    expect(rows[0].text).toContain("Montant : 25 000 FCFA");
    expect(rows[0].text).toContain("Motif de l'acheteur : Colis non reçu après 5 jours");
    expect(rows[0].text).toContain(`/dashboard/secure-orders/${order.id}`);
    // Only a held order can be disputed: a second try is refused and mails nobody.
    await expect(openDispute(db(), { by: "buyer", token: new URL(order.buyer_url).pathname.slice(3) }, "Encore une fois")).rejects.toMatchObject({ code: "ORDER_NOT_DISPUTABLE" });
    expect(await mailsOf(`secure-order:${order.id}:`)).toHaveLength(2);
  });
});

describe("production access notifications", () => {
  it("mail owners and finance when staff open production (false → true), once per opening", async () => {
    const m = await newMerchant({ name: "Boutique Prod", kycStatus: "approved" });
    const t = await team(m.merchant.id, "production_opened");
    const prefix = `production-opened:${m.merchant.id}:`;

    // Another change of the merchant mails nobody.
    await updateMerchantAsStaff(db(), m.merchant.id, { partner: true }, alice);
    expect(await mailsOf(prefix)).toEqual([]);

    await updateMerchantAsStaff(db(), m.merchant.id, { productionEnabled: true }, alice);
    const first = await mailsOf(prefix);
    expect(first.map((r) => r.to)).toEqual(addresses(t.eligible));
    expect(first[0].subject).toBe("Accès à la production ouvert pour Boutique Prod");

    // Already open: setting it again is no opening.
    await updateMerchantAsStaff(db(), m.merchant.id, { productionEnabled: true }, alice);
    expect(await mailsOf(prefix)).toHaveLength(2);

    // Closed, then opened again: a new opening, new messages.
    await updateMerchantAsStaff(db(), m.merchant.id, { productionEnabled: false }, alice);
    expect(await mailsOf(prefix)).toHaveLength(2);
    await updateMerchantAsStaff(db(), m.merchant.id, { productionEnabled: true }, alice);
    expect(await mailsOf(prefix)).toHaveLength(4);
  });

  it("mail nobody when opening production is refused (the gate rolls the change back)", async () => {
    const m = await newMerchant({ name: "Boutique Sans 2FA", kycStatus: "approved" });
    const t = await team(m.merchant.id, "production_opened");
    await db().update(users).set({ totpEnabledAt: null }).where(eq(users.id, t.owner.id));
    await expect(updateMerchantAsStaff(db(), m.merchant.id, { productionEnabled: true }, alice)).rejects.toMatchObject({ code: "TWO_FACTOR_REQUIRED" });
    expect(await mailsOf(`production-opened:${m.merchant.id}:`)).toEqual([]);
  });
});
