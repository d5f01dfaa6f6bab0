import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import type { Mode } from "@/db/schema";
import { merchantNow } from "@/lib/clock";
import type { DomainContext } from "@/lib/context";
import { ApiError } from "@/lib/core/errors";
import { newMerchant } from "@/tests/support/merchant";
import { validatePartnerItems } from "./items";
import { approvePartnerProduct, archivePartnerProduct, proposePartnerProduct, rejectPartnerProduct } from "./products";

const staff = { staffId: "cli:test" };

async function merchantCtx(partner: boolean, mode: Mode = "test"): Promise<DomainContext> {
  const m = await newMerchant({ partner });
  return { db: db(), merchant: m.merchant, application: { id: m.applicationId, merchantId: m.merchant.id, name: "app", createdAt: new Date() }, mode, now: merchantNow(m.merchant, mode), source: "api" };
}

async function approved(ctx: DomainContext, name: string, price: number) {
  const p = await proposePartnerProduct(ctx, { name, price });
  await approvePartnerProduct(db(), p.id, staff);
  return p.id;
}

async function codeOf(p: Promise<unknown>) {
  try {
    await p;
    return "OK";
  } catch (e) {
    if (e instanceof ApiError) return e.code;
    throw e;
  }
}

describe("validatePartnerItems", () => {
  it("returns a snapshot of each line at its validated price when the amount matches", async () => {
    const ctx = await merchantCtx(true);
    const riz = await approved(ctx, "Riz 25 kg", 17_500);
    const huile = await approved(ctx, "Huile 5 L", 6_250);
    const items = await validatePartnerItems(ctx, [{ product_id: riz, quantity: 2 }, { product_id: huile, quantity: 1 }], 41_250);
    expect(items).toEqual([
      { product_id: riz, name: "Riz 25 kg", unit_price: 17_500, quantity: 2, amount: 35_000 },
      { product_id: huile, name: "Huile 5 L", unit_price: 6_250, quantity: 1, amount: 6_250 },
    ]);
  });

  it("PARTNER_AMOUNT_MISMATCH when the amount is not Σ price × quantity (one franc either way)", async () => {
    const ctx = await merchantCtx(true);
    const riz = await approved(ctx, "Riz", 17_500);
    for (const amount of [34_999, 35_001]) {
      const err = await validatePartnerItems(ctx, [{ product_id: riz, quantity: 2 }], amount).catch((e) => e);
      expect(err.code).toBe("PARTNER_AMOUNT_MISMATCH");
      expect(err.status).toBe(400);
      expect(err.message).toContain("35 000 FCFA");
    }
  });

  it("PARTNER_PRODUCT_REQUIRED when a partner merchant sends no items (absent, null or empty)", async () => {
    const ctx = await merchantCtx(true);
    for (const items of [undefined, null, []]) expect(await codeOf(validatePartnerItems(ctx, items, 1_000))).toBe("PARTNER_PRODUCT_REQUIRED");
  });

  it("PARTNER_ITEMS_INVALID for a malformed array", async () => {
    const ctx = await merchantCtx(true);
    const riz = await approved(ctx, "Riz", 1_000);
    const bad: unknown[] = [
      "riz",
      { product_id: riz, quantity: 1 },
      [{ product_id: riz }],
      [{ quantity: 1 }],
      [{ product_id: riz, quantity: 0 }],
      [{ product_id: riz, quantity: 1_001 }],
      [{ product_id: riz, quantity: 1.5 }],
      [{ product_id: 12, quantity: 1 }],
      Array.from({ length: 51 }, () => ({ product_id: riz, quantity: 1 })),
    ];
    for (const items of bad) expect(await codeOf(validatePartnerItems(ctx, items, 1_000)), JSON.stringify(items).slice(0, 60)).toBe("PARTNER_ITEMS_INVALID");
    // The edges that are fine: quantity 1,000 and 50 lines.
    expect(await codeOf(validatePartnerItems(ctx, [{ product_id: riz, quantity: 1_000 }], 1_000_000))).toBe("OK");
    expect(await codeOf(validatePartnerItems(ctx, Array.from({ length: 50 }, () => ({ product_id: riz, quantity: 1 })), 50_000))).toBe("OK");
  });

  it("PARTNER_PRODUCT_NOT_FOUND for unknown ids, another merchant's unapproved product, or the other mode's product", async () => {
    const ctx = await merchantCtx(true);
    expect(await codeOf(validatePartnerItems(ctx, [{ product_id: "pp_nope", quantity: 1 }], 1_000))).toBe("PARTNER_PRODUCT_NOT_FOUND");
    const other = await merchantCtx(true);
    const hidden = await proposePartnerProduct(other, { name: "Pas encore validé", price: 1_000 });
    expect(await codeOf(validatePartnerItems(ctx, [{ product_id: hidden.id, quantity: 1 }], 1_000))).toBe("PARTNER_PRODUCT_NOT_FOUND");
    const liveCtx = { ...ctx, mode: "live" as const };
    const testProduct = await approved(ctx, "Test only", 1_000);
    expect(await codeOf(validatePartnerItems(liveCtx, [{ product_id: testProduct, quantity: 1 }], 1_000))).toBe("PARTNER_PRODUCT_NOT_FOUND");
    // The shared catalogue: another merchant's APPROVED product can be sold.
    const shared = await approved(other, "Catalogue", 2_000);
    expect(await codeOf(validatePartnerItems(ctx, [{ product_id: shared, quantity: 1 }], 2_000))).toBe("OK");
  });

  it("PARTNER_PRODUCT_NOT_APPROVED for the merchant's own pending, rejected or archived product", async () => {
    const ctx = await merchantCtx(true);
    const pending = await proposePartnerProduct(ctx, { name: "En revue", price: 1_000 });
    const rejected = await proposePartnerProduct(ctx, { name: "Refusé", price: 1_000 });
    await rejectPartnerProduct(db(), rejected.id, { reason: "non" }, staff);
    const archivedId = await approved(ctx, "Archivé", 1_000);
    await archivePartnerProduct(ctx, archivedId);
    for (const id of [pending.id, rejected.id, archivedId]) expect(await codeOf(validatePartnerItems(ctx, [{ product_id: id, quantity: 1 }], 1_000))).toBe("PARTNER_PRODUCT_NOT_APPROVED");
  });

  it("accepts no items from other merchants and refuses items from them (PARTNER_PROGRAM_NOT_ENABLED)", async () => {
    const ctx = await merchantCtx(false);
    expect(await validatePartnerItems(ctx, undefined, 1_000)).toBeNull();
    expect(await codeOf(validatePartnerItems(ctx, [{ product_id: "pp_x", quantity: 1 }], 1_000))).toBe("PARTNER_PROGRAM_NOT_ENABLED");
  });
});
