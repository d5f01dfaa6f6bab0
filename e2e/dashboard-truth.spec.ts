import { expect as baseExpect, test, type Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { merchantIdOf, updateMerchant } from "./support/merchant";
import { screenshots } from "./support/pages";
import { signInStaff } from "./support/two-factor";
import { createStaff } from "./support/ops-cli";

// Issue 13, "The dashboard tells the truth about money": figures from the ledger, one mode's
// secret never on the other mode's screen, and the secure-orders pilot said as it is.
test.describe.configure({ timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const PASSWORD = "mot de passe e2e solide";

async function signUp(page: Page, business: string): Promise<{ email: string; key: string }> {
  const email = `e2e-truth-${randomUUID().slice(0, 8)}@example.ml`;
  await page.goto("/signup");
  await page.getByLabel("Nom de votre commerce").fill(business);
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByLabel("Mot de passe").fill(PASSWORD);
  await page.getByRole("button", { name: "Créer mon compte" }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  const key = (await page.getByTestId("revealed-secret").textContent())!.trim();
  expect(key).toMatch(/^sk_test_/);
  return { email, key };
}

test("a test key's secret never stays on screen once the dashboard is switched to Production", async ({ page }) => {
  const { key: signupKey } = await signUp(page, "Boutique Secrets");
  // The sign-up key, shown on the home page in test mode, is gone once the mode is Production.
  const modes = page.getByRole("group", { name: "Mode des données" });
  await modes.getByRole("button", { name: "Production" }).click();
  await expect(page.getByRole("note").filter({ hasText: "Mode production" })).toBeVisible();
  await expect(page.getByTestId("revealed-secret")).toHaveCount(0);
  await expect(page.locator("body")).not.toContainText(signupKey);

  await modes.getByRole("button", { name: "Test" }).click();
  await expect(page.getByRole("note").filter({ hasText: "Mode test" })).toBeVisible();
  await page.goto("/dashboard/developers");
  await expect(page.getByText(/^Clés API du mode test/)).toBeVisible();
  await page.getByRole("button", { name: /^Créer une clé/ }).first().click();
  const secret = page.getByTestId("revealed-secret");
  await expect(secret).toHaveText(/^sk_test_/);
  const created = (await secret.textContent())!.trim();

  await modes.getByRole("button", { name: "Production" }).click();
  await expect(page.getByText(/^Clés API du mode production/)).toBeVisible();
  await expect(page.getByTestId("revealed-secret")).toHaveCount(0);
  await expect(page.locator("body")).not.toContainText(created);
  await expect(page.locator("body")).not.toContainText("sk_test_");
  // Shown once: back in test mode it is not shown again either (only its masked form is listed).
  await modes.getByRole("button", { name: "Test" }).click();
  await expect(page.getByText(/^Clés API du mode test/)).toBeVisible();
  await expect(page.getByTestId("revealed-secret")).toHaveCount(0);
  await expect(page.locator("body")).not.toContainText(created);
  expect(await page.evaluate(() => JSON.stringify({ ...sessionStorage }) + JSON.stringify({ ...localStorage }))).not.toContain("sk_test_");
});

test("a secure order refunded to its buyer is in Remboursé, not in Encaissé; a failed payment shows no fee", async ({ page }) => {
  const { email, key } = await signUp(page, "Boutique Comptes");
  await page.getByRole("button", { name: "J'ai enregistré la clé" }).click();
  await updateMerchant(await merchantIdOf(email), { secureOrders: true });
  const auth = { authorization: `Bearer ${key}` };
  const post = async (path: string, data: unknown) => {
    const res = await page.request.post(path, { headers: { ...auth, "x-idempotency-key": randomUUID() }, data });
    expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
    return (await res.json()).data;
  };
  const payment = (amount: number) => ({ amount, payment_method: "OPERATOR_MONEY", customer_phone: "+22370000001", return_url: "https://boutique.example.ml/merci" });

  const paid = await post("/v1/payments", payment(8_000));
  await post(`/v1/sandbox/payments/${paid.id}/simulate`, { outcome: "SUCCESS" });
  const failed = await post("/v1/payments", payment(8_000));
  await post(`/v1/sandbox/payments/${failed.id}/simulate`, { outcome: "FAILED" });
  const order = await post("/v1/secure-orders", { amount: 45_000, description: "Robe wax taille M", customer_phone: "+22370000001" });
  const held = await post(`/v1/sandbox/secure-orders/${order.id}/simulate-payment`, { outcome: "SUCCESS" });
  expect(held.status).toBe("PAID_HELD");
  expect((await post(`/v1/secure-orders/${order.id}/cancel`, { reason: "Litige : colis jamais reçu" })).status).toBe("REFUNDED");

  await page.goto("/dashboard");
  await expect(page.getByTestId("activity-collected")).toContainText("8 000 FCFA");
  await expect(page.getByTestId("activity-refunded")).toContainText("45 000 FCFA");
  await expect(page.getByTestId("recent-payment").filter({ hasText: "45 000 FCFA" })).toContainText("Remboursé");
  await screenshots(page, "truth-home-refunded");

  await page.goto(`/dashboard/payments/${held.payment_intent_id}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("45 000 FCFA");
  await expect(page.getByTestId("payment-refund")).toContainText("45 000 FCFA le ");
  await expect(page.getByText("Remboursé à l'acheteur")).toBeVisible();
  await expect(page.getByTestId("payment-net")).toHaveText("Rien : l'argent a été rendu à l'acheteur");
  await expect(page.getByTestId("payment-fee")).toHaveText("Aucun frais");
  await expect(page.getByRole("region", { name: "Écritures comptables" }).first()).toContainText("customer_refunds");
  await screenshots(page, "truth-payment-refunded");

  await page.goto(`/dashboard/payments/${failed.id}`);
  await expect(page.getByTestId("payment-fee")).toHaveText("Aucun frais");
  await expect(page.getByTestId("payment-net")).toHaveText("Rien : le client n'a pas été débité");

  await page.goto(`/dashboard/payments/${paid.id}`);
  await expect(page.getByTestId("payment-fee")).toHaveText(`${paid.fee_total} FCFA`);
  await expect(page.getByTestId("payment-net")).toHaveText(`${String(8_000 - paid.fee_total).replace(/\B(?=(\d{3})+(?!\d))/g, " ")} FCFA`);
});

test("a merchant outside the secure-orders pilot asks to join; staff see the request and enable the feature", async ({ browser }) => {
  const business = `Boutique Pilote ${randomUUID().slice(0, 6)}`;
  const merchantContext = await browser.newContext();
  const merchant = await merchantContext.newPage();
  await signUp(merchant, business);
  await merchant.getByRole("button", { name: "J'ai enregistré la clé" }).click();

  await merchant.goto("/dashboard/secure-orders");
  await expect(merchant.getByRole("heading", { level: 1 })).toHaveText("Commandes sécurisées");
  const pilot = merchant.getByTestId("secure-orders-pilot");
  await expect(pilot).toContainText("Elles ne sont pas activées pour votre compte");
  await expect(pilot).toContainText("SECURE_ORDERS_DISABLED");
  await expect(merchant.getByText("arrive bientôt")).toHaveCount(0);
  await screenshots(merchant, "truth-secure-orders-pilot");
  await merchant.getByRole("button", { name: "Demander l'accès au pilote" }).click();
  await expect(merchant.getByTestId("pilot-requested")).toContainText("Demande envoyée le");
  await merchant.reload();
  await expect(merchant.getByTestId("pilot-requested")).toContainText("Demande envoyée le");
  await expect(merchant.getByRole("button", { name: "Demander l'accès au pilote" })).toHaveCount(0);
  await screenshots(merchant, "truth-secure-orders-requested");

  const staffEmail = `staff-${randomUUID().slice(0, 8)}@cauri.test`;
  await createStaff(staffEmail, "console staff passphrase");
  const staffContext = await browser.newContext();
  const opsPage = await staffContext.newPage();
  // Staff enroll two-factor on their first sign-in; the console opens after it.
  await signInStaff(opsPage, staffEmail, "console staff passphrase");
  await expect(opsPage).toHaveURL(/\/ops$/, { timeout: 30_000 });
  const request = opsPage.getByTestId("ops-request").filter({ hasText: business });
  await expect(request).toContainText("Pilote des commandes sécurisées");
  await expect(request.getByRole("link", { name: /Voir le marchand/ })).toBeVisible();
  await screenshots(opsPage, "truth-ops-pilot-request");
  await request.getByRole("button", { name: "Activer les commandes sécurisées" }).click();
  await expect(request).toHaveCount(0);

  await merchant.reload();
  await expect(merchant.getByRole("heading", { level: 1 })).toHaveText("Commandes sécurisées");
  await expect(merchant.getByRole("button", { name: "Créer la commande" })).toBeVisible();
  await expect(merchant.getByTestId("secure-orders-pilot")).toHaveCount(0);
  await merchantContext.close();
  await staffContext.close();
});
