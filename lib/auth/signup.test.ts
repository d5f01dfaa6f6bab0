import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { apiKeys, applications, merchants, users } from "@/db/schema";
import { findActiveKey } from "@/lib/platform/api-keys";
import { signUp } from "./signup";
import { authenticate } from "./users";

let seq = 0;
const email = () => `signup-${Date.now()}-${seq++}@example.ml`;
const PASSWORD = "mot de passe solide";

describe("sign-up", () => {
  it("creates the merchant, its first application, a working test key and the user; the unseen live key is revoked", async () => {
    const address = email();
    const out = await signUp(db(), { email: address, password: PASSWORD, businessName: "  Boutique   Awa " });
    expect(out.testKey).toMatch(/^sk_test_[0-9A-Za-z]{32}$/);

    const found = await findActiveKey(db(), out.testKey);
    expect(found).toMatchObject({ merchant: { id: out.merchantId, name: "Boutique Awa", kycStatus: "pending", productionEnabled: false, platformPlan: "none" }, application: { id: out.applicationId } });
    const [app] = await db().select().from(applications).where(eq(applications.merchantId, out.merchantId));
    expect(app.id).toBe(out.applicationId);
    const live = await db().select().from(apiKeys).where(and(eq(apiKeys.merchantId, out.merchantId), eq(apiKeys.mode, "live")));
    expect(live.every((k) => k.revokedAt !== null)).toBe(true);
    const [user] = await db().select().from(users).where(eq(users.id, out.userId));
    expect(user).toMatchObject({ email: address, role: "merchant", merchantId: out.merchantId });
    await expect(authenticate(db(), address, PASSWORD)).resolves.toMatchObject({ ok: true });
  });

  it("checks the business name at both edges (2..80 characters) before creating anything", async () => {
    await expect(signUp(db(), { email: email(), password: PASSWORD, businessName: "A" })).rejects.toMatchObject({ code: "INVALID_BUSINESS_NAME", param: "business_name" });
    await expect(signUp(db(), { email: email(), password: PASSWORD, businessName: "x".repeat(81) })).rejects.toMatchObject({ code: "INVALID_BUSINESS_NAME" });
    await expect(signUp(db(), { email: email(), password: PASSWORD, businessName: "AB" })).resolves.toBeTruthy();
    await expect(signUp(db(), { email: email(), password: PASSWORD, businessName: "x".repeat(80) })).resolves.toBeTruthy();
  });

  it("refuses a taken e-mail and leaves no merchant behind; concurrent sign-ups with one e-mail create exactly one account", async () => {
    const address = email();
    const before = (await db().select({ id: merchants.id }).from(merchants)).length;
    const results = await Promise.allSettled(Array.from({ length: 4 }, () => signUp(db(), { email: address, password: PASSWORD, businessName: "Boutique Concurrente" })));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results.filter((r) => r.status === "rejected")) expect((r as PromiseRejectedResult).reason).toMatchObject({ code: "EMAIL_TAKEN", status: 409 });
    expect((await db().select({ id: merchants.id }).from(merchants)).length).toBe(before + 1);
    await expect(signUp(db(), { email: address.toUpperCase(), password: PASSWORD, businessName: "Encore" })).rejects.toMatchObject({ code: "EMAIL_TAKEN" });
  });
});
