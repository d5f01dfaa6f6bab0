import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { users } from "@/db/schema";
import { updateMerchantAsStaff } from "@/lib/audit/merchant";
import { getMerchant, updateMerchant } from "@/lib/platform/merchants";
import { newMerchant } from "@/tests/support/merchant";
import { enrollTwoFactor, secureOwner } from "@/tests/support/two-factor";
import { requestProductionAccess } from "@/lib/account/requests";
import { signUp } from "@/lib/auth/signup";
import { createUser } from "@/lib/auth/users";

const PASSWORD = "mot de passe solide";
let seq = 0;
const email = (tag = "gate") => `${tag}-${Date.now()}-${seq++}@example.ml`;
const actor = { staffId: "cli:test" };

async function approvedMerchant() {
  const created = await signUp(db(), { email: email("owner"), password: PASSWORD, businessName: "Boutique Gate" });
  await updateMerchant(db(), created.merchantId, { kycStatus: "approved" });
  return created;
}

describe("the production gate", () => {
  it("the request from the dashboard needs the owner's verified e-mail, then two-factor", async () => {
    const m = await approvedMerchant();
    const user = { id: m.userId };
    const unverified = requestProductionAccess(db(), m.merchantId, user);
    await expect(unverified).rejects.toMatchObject({ code: "EMAIL_NOT_VERIFIED", status: 409 });
    await expect(requestProductionAccess(db(), m.merchantId, user)).rejects.toThrow(/verification e-mail.*Not verified yet: owner-/);
    await db().update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, m.userId));
    await expect(requestProductionAccess(db(), m.merchantId, user)).rejects.toMatchObject({ code: "TWO_FACTOR_REQUIRED", status: 409 });
    await expect(requestProductionAccess(db(), m.merchantId, user)).rejects.toThrow(/Settings → Security/);
    await enrollTwoFactor(db(), m.userId);
    await expect(requestProductionAccess(db(), m.merchantId, user)).resolves.toMatchObject({ kind: "production_access", status: "pending" });
  });

  it("staff opening production are held to it too, and nothing changes when refused", async () => {
    const m = await approvedMerchant();
    await expect(updateMerchantAsStaff(db(), m.merchantId, { productionEnabled: true }, actor)).rejects.toMatchObject({ code: "EMAIL_NOT_VERIFIED" });
    expect((await getMerchant(db(), m.merchantId))!.productionEnabled).toBe(false);
    // Other changes and closing production are not gated.
    await expect(updateMerchantAsStaff(db(), m.merchantId, { partner: true, productionEnabled: false }, actor)).resolves.toMatchObject({ partner: true });
    await secureOwner(db(), m.userId);
    await expect(updateMerchantAsStaff(db(), m.merchantId, { productionEnabled: true }, actor)).resolves.toMatchObject({ productionEnabled: true });
  });

  it("every owner counts (a second owner without two-factor blocks); other roles do not", async () => {
    const m = await approvedMerchant();
    await secureOwner(db(), m.userId);
    await createUser(db(), { email: email("dev"), password: PASSWORD, role: "merchant", merchantId: m.merchantId, merchantRole: "developer" });
    await expect(updateMerchantAsStaff(db(), m.merchantId, { productionEnabled: true, partner: false }, actor)).resolves.toMatchObject({ productionEnabled: true });
    await updateMerchant(db(), m.merchantId, { productionEnabled: false });
    const second = await createUser(db(), { email: email("co-owner"), password: PASSWORD, role: "merchant", merchantId: m.merchantId, merchantRole: "owner" });
    await db().update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, second.id));
    await expect(updateMerchantAsStaff(db(), m.merchantId, { productionEnabled: true }, actor)).rejects.toThrow(new RegExp(`Without it yet: ${second.email}`));

  });

  it("a merchant without any dashboard account (created by staff with the CLI) has no owner to check", async () => {
    const { merchant } = await newMerchant({ productionEnabled: false });
    await expect(updateMerchantAsStaff(db(), merchant.id, { productionEnabled: true }, actor)).resolves.toMatchObject({ productionEnabled: true });
  });
});
