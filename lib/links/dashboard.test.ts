import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { dashboardContext } from "@/lib/auth/dashboard-context";
import { settlePayment } from "@/lib/payments/settle";
import { newMerchant } from "@/tests/support/merchant";
import { startLinkCheckout } from "./checkout";
import { linkDetail } from "./dashboard";
import { archiveLink, createLink } from "./service";

const ctxOf = async (m: Awaited<ReturnType<typeof newMerchant>>, mode: "test" | "live" = "test") => dashboardContext(db(), m.merchant, mode);
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));
const open = { name: "Don libre", mode: "OPEN" as const, min_amount: 500, max_amount: 50_000 };

describe("linkDetail", () => {
  it("lists the link's payments newest first, in every status, the customer's number masked, a page at a time", async () => {
    const m = await newMerchant();
    const ctx = await ctxOf(m);
    const link = await createLink(ctx, open);
    const other = await createLink(ctx, { ...open, name: "Autre lien" });
    const paid = await startLinkCheckout(db(), link.slug, { customer_phone: "+22370000011", amount: 35_000, customer_name: "Awa" });
    await settlePayment(db(), paid.payment_id, { status: "SUCCESS" });
    await tick();
    const failed = await startLinkCheckout(db(), link.slug, { customer_phone: "+22370000022", amount: 1_000 });
    await settlePayment(db(), failed.payment_id, { status: "FAILED" });
    await tick();
    const pending = await startLinkCheckout(db(), link.slug, { customer_phone: "+22370000033", amount: 2_500 });
    await startLinkCheckout(db(), other.slug, { customer_phone: "+22370000044", amount: 9_000 });

    const detail = await linkDetail(ctx, link.id, { page: 1, limit: 20 });
    expect(detail.link).toMatchObject({ id: link.id, total_collected: 35_000, payment_count: 1 });
    expect(detail.payments).toEqual([
      expect.objectContaining({ id: pending.payment_id, status: "PENDING", amount: 2_500, customer_name: null, customer_phone: "+223••••••33" }),
      expect.objectContaining({ id: failed.payment_id, status: "FAILED", amount: 1_000, customer_phone: "+223••••••22" }),
      expect.objectContaining({ id: paid.payment_id, status: "SUCCESS", amount: 35_000, customer_name: "Awa", customer_phone: "+223••••••11" }),
    ]);
    expect(JSON.stringify(detail)).not.toContain("70000011");
    expect(detail.pagination).toEqual({ page: 1, limit: 20, total: 3, pages: 1 });

    const second = await linkDetail(ctx, link.id, { page: 2, limit: 2 });
    expect(second.payments.map((p) => p.id)).toEqual([paid.payment_id]);
    expect(second.pagination).toEqual({ page: 2, limit: 2, total: 3, pages: 2 });

    // As of later, the pending payment past its expiry shows EXPIRED (a list never writes it).
    const later = await linkDetail({ ...ctx, now: new Date(Date.now() + 2 * 86_400_000) }, link.id, { page: 1, limit: 1 });
    expect(later.payments[0]).toMatchObject({ id: pending.payment_id, status: "EXPIRED" });
  });

  it("keeps a deleted link's payments readable; another merchant's link and the other mode's are LINK_NOT_FOUND", async () => {
    const m = await newMerchant();
    const stranger = await newMerchant({ name: "Autre boutique" });
    const ctx = await ctxOf(m);
    const link = await createLink(ctx, open);
    const paid = await startLinkCheckout(db(), link.slug, { customer_phone: "+22370000011", amount: 5_000 });
    await archiveLink(ctx, link.id);
    const detail = await linkDetail(ctx, link.id, { page: 1, limit: 20 });
    expect(detail.link).toMatchObject({ archived: true, is_active: false });
    expect(detail.payments.map((p) => p.id)).toEqual([paid.payment_id]);

    await expect(linkDetail(await ctxOf(stranger), link.id, { page: 1, limit: 20 })).rejects.toMatchObject({ code: "LINK_NOT_FOUND" });
    await expect(linkDetail(await ctxOf(m, "live"), link.id, { page: 1, limit: 20 })).rejects.toMatchObject({ code: "LINK_NOT_FOUND" });
    // By id only: the page's address never takes a slug.
    await expect(linkDetail(ctx, link.slug, { page: 1, limit: 20 })).rejects.toMatchObject({ code: "LINK_NOT_FOUND" });
  });
});
