import { expect as baseExpect, test } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { expectAccessible, screenshots } from "./support/pages";
import { signUpOnPage } from "./support/signup";

test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const PASSWORD = "mot de passe e2e solide";

for (const size of [
  { name: "phone", width: 360, height: 740 },
  { name: "desktop", width: 1280, height: 800 },
]) {
  test(`restricted key (${size.name}): created in the dashboard, shown once, allowed on payments, refused on withdrawals naming the permission`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    const standardKey = await signUpOnPage(page, { business: "Boutique Clés", email: `e2e-rk-${randomUUID().slice(0, 8)}@example.ml`, password: PASSWORD });

    await page.goto("/dashboard/developers");
    const form = page.getByRole("region", { name: "Créer une clé restreinte" });
    await expect(form).toBeVisible();
    await form.getByLabel("Nom de la clé").fill("Caisse boutique");

    // Keyboard: Tab reaches a row's checked radio, the arrows move within it.
    const payments = form.getByRole("radiogroup", { name: "Paiements" });
    await payments.getByRole("radio", { name: "Aucun" }).focus();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect(payments.getByRole("radio", { name: "Écriture" })).toBeChecked();
    await form.getByRole("radiogroup", { name: "Factures" }).getByRole("radio", { name: "Lecture" }).check();
    await expect(form.getByRole("radiogroup", { name: "Retraits et solde" }).getByRole("radio", { name: "Aucun" })).toBeChecked();
    await expectAccessible(page);

    await form.getByRole("button", { name: "Créer la clé restreinte" }).click();
    const reveal = page.getByRole("region", { name: "Nouvelle clé restreinte" });
    await expect(reveal.getByRole("heading", { name: "Nouvelle clé restreinte" })).toBeFocused();
    await expect(reveal).toContainText("elle ne sera plus jamais affichée");
    await expect(reveal.getByRole("button", { name: "Copier la clé" })).toBeVisible();
    const key = (await reveal.getByTestId("revealed-secret").textContent())!.trim();
    expect(key).toMatch(/^sk_test_[0-9A-Za-z]{32}$/);
    expect(key).not.toBe(standardKey);

    // Listed as restricted with its permissions, the secret shown in part only.
    const row = page.getByTestId("api-key").filter({ hasText: "Caisse boutique" });
    await expect(row).toContainText("Restreinte");
    await expect(row.getByTestId("key-permissions")).toHaveText("Permissions : Paiements : Écriture · Factures : Lecture");
    await expect(row).toContainText(`${key.slice(0, 12)}…${key.slice(-4)}`);
    await screenshots(page, `restricted-key-created-${size.name}`);
    await page.setViewportSize({ width: size.width, height: size.height });

    // Shown once: dismissed, then gone for good, reload included.
    await reveal.getByRole("button", { name: "J'ai enregistré la clé" }).click();
    await expect(page.getByTestId("revealed-secret")).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId("api-key").filter({ hasText: "Caisse boutique" })).toContainText("Restreinte");
    await expect(page.locator("body")).not.toContainText(key);
    await expectAccessible(page);

    // Used: an allowed call and a refused one, whose code and message name the permission.
    const auth = { authorization: `Bearer ${key}` };
    const allowed = await page.request.post("/v1/payments", {
      headers: { ...auth, "x-idempotency-key": `e2e-rk-${randomUUID()}` },
      data: { amount: 12_500, payment_method: "OPERATOR_MONEY", customer_phone: "+22370000001", return_url: "https://boutique.example.ml/merci" },
    });
    expect(allowed.status(), await allowed.text()).toBe(201);
    const refused = await page.request.post("/v1/withdrawals", {
      headers: { ...auth, "x-idempotency-key": `e2e-rk-${randomUUID()}` },
      data: { amount: 100_000, provider: "OPERATOR_MONEY", phone_number: "+22370000001" },
    });
    expect(refused.status()).toBe(403);
    const body = await refused.json();
    expect(body.error).toMatchObject({ code: "API_KEY_PERMISSION_DENIED", param: "withdrawals:write" });
    expect(body.error.message).toContain("(needs withdrawals:write)");

    // Revoked like any key.
    await page.getByTestId("api-key").filter({ hasText: "Caisse boutique" }).getByRole("button", { name: /Révoquer/ }).click();
    await page.getByRole("button", { name: "Oui, révoquer" }).click();
    await expect(page.getByTestId("api-key").filter({ hasText: "Caisse boutique" })).toContainText("Révoquée");
    const after = await page.request.get("/v1/payments", { headers: auth });
    expect(after.status()).toBe(401);
  });
}
