import { expect, test, type Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { expectAccessible, screenshots } from "./support/pages";

const PASSWORD = "mot de passe e2e solide";

// Page loads, axe scans and screenshots at two widths add up on a 2-core machine.
// Each test signs up an account of its own, so the workers can split them.
test.describe.configure({ timeout: 180_000, mode: "parallel" });

const newEmail = () => `e2e-${randomUUID().slice(0, 8)}@example.ml`;

async function signUp(page: Page, email: string, business = "Boutique E2E") {
  await page.goto("/signup");
  await page.getByLabel("Nom de votre commerce").fill(business);
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByLabel("Mot de passe").fill(PASSWORD);
  await page.getByRole("button", { name: "Créer mon compte" }).click();
  // Sign-up, then sign-in, then the first render of the dashboard: slower than one expect's default.
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
}

async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByLabel("Mot de passe").fill(password);
  // Wait for the credential check itself, so a repeated identical error message is the new one.
  const checked = page.waitForResponse((r) => r.url().includes("/api/auth/callback/credentials"));
  await page.getByRole("button", { name: "Se connecter" }).click();
  await checked;
}

test("sign up, see the test key once on the dashboard home, sign out, sign in again", async ({ page }) => {
  const email = newEmail();
  await page.goto("/signup");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Créer un compte");
  await expectAccessible(page);
  await screenshots(page, "signup");

  await signUp(page, email);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Accueil");
  await expect(page.getByRole("note").filter({ hasText: "Mode test" })).toBeVisible();
  const secret = page.getByTestId("revealed-secret");
  await expect(secret).toHaveText(/^sk_test_[0-9A-Za-z]{32}$/);
  const key = (await secret.textContent())!.trim();
  await expect(page.getByRole("heading", { name: "Votre clé API de test" })).toBeFocused();
  await expect(page.getByTestId("checklist-kyc")).toContainText("À faire");
  await expectAccessible(page);
  await screenshots(page, "dashboard-home-new-key");

  // The key shown is a real, working test key.
  const balance = await page.request.get("/v1/withdrawals/balance", { headers: { authorization: `Bearer ${key}` } });
  expect(balance.status()).toBe(200);

  // Shown once: gone after dismissal and after a reload.
  await page.getByRole("button", { name: "J'ai enregistré la clé" }).click();
  await expect(secret).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Accueil");
  await expect(secret).toHaveCount(0);

  await page.getByRole("button", { name: "Se déconnecter" }).click();
  await expect(page).toHaveURL(/\/signin/);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/signin\?next=%2Fdashboard/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Connexion");
  await expect(page.getByText("le compte est bloqué pendant 15 minutes")).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, "signin");

  await signIn(page, email.toUpperCase());
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Accueil");
  await expect(secret).toHaveCount(0);
});

test("a wrong password shows an error and keeps the visitor on the sign-in page", async ({ page }) => {
  const email = newEmail();
  await signUp(page, email);
  await page.getByRole("button", { name: "Se déconnecter" }).click();
  await expect(page).toHaveURL(/\/signin/);

  await signIn(page, email, "pas le bon mot de passe");
  const alert = page.getByRole("main").getByRole("alert");
  await expect(alert).toHaveText("Adresse e-mail ou mot de passe incorrect.");
  await expect(alert).toBeFocused();
  await expect(page).toHaveURL(/\/signin/);
  await expectAccessible(page);
  await screenshots(page, "signin-error");

  // An unknown address gets the very same answer.
  await signIn(page, newEmail());
  await expect(alert).toHaveText("Adresse e-mail ou mot de passe incorrect.");
});

test("five wrong passwords lock the account, even against the right password", async ({ page }) => {
  const email = newEmail();
  await signUp(page, email);
  await page.getByRole("button", { name: "Se déconnecter" }).click();
  await expect(page).toHaveURL(/\/signin/);

  const alert = page.getByRole("main").getByRole("alert");
  for (let i = 1; i <= 4; i++) {
    await signIn(page, email, `mauvais mot de passe ${i}`);
    await expect(alert).toHaveText("Adresse e-mail ou mot de passe incorrect.");
  }
  await signIn(page, email, "mauvais mot de passe 5");
  await expect(alert).toContainText("ce compte est bloqué pendant 15 minutes");

  await signIn(page, email, PASSWORD);
  await expect(alert).toContainText("ce compte est bloqué pendant 15 minutes");
  await expect(page).toHaveURL(/\/signin/);
  await expectAccessible(page);
});

test("the dashboard speaks English with ?lang=en, and staff-only pages do not exist for a merchant", async ({ page }) => {
  await signUp(page, newEmail());
  await page.goto("/dashboard?lang=en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Home");
  await expect(page.getByRole("note").filter({ hasText: "Test mode" })).toBeVisible();
  const response = await page.goto("/ops");
  expect(response?.status()).toBe(404);
});

test("developers: create a key (shown once), revoke it; the key list follows the test/live switch", async ({ page }) => {
  await signUp(page, newEmail());
  await page.getByRole("button", { name: "J'ai enregistré la clé" }).click();
  await page.getByRole("navigation", { name: "Tableau de bord" }).getByRole("link", { name: "Développeurs" }).last().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Développeurs");
  await expect(page.getByTestId("api-key")).toHaveCount(1);
  await expectAccessible(page);

  await page.getByRole("button", { name: /Créer une clé/ }).click();
  const secret = page.getByTestId("revealed-secret");
  await expect(secret).toHaveText(/^sk_test_/);
  await expect(page.getByTestId("api-key")).toHaveCount(2);
  await expectAccessible(page);
  await screenshots(page, "dashboard-developers");
  const key = (await secret.textContent())!.trim();
  expect((await page.request.get("/v1/withdrawals/balance", { headers: { authorization: `Bearer ${key}` } })).status()).toBe(200);
  await page.getByRole("button", { name: "J'ai enregistré la clé" }).click();
  await expect(secret).toHaveCount(0);

  const newest = page.getByTestId("api-key").first();
  await newest.getByRole("button", { name: /Révoquer/ }).click();
  await newest.getByRole("button", { name: "Oui, révoquer" }).click();
  await expect(newest.getByText("Révoquée", { exact: true })).toBeVisible();
  await expect.poll(async () => (await page.request.get("/v1/withdrawals/balance", { headers: { authorization: `Bearer ${key}` } })).status()).toBe(401);

  // Live mode: another set of keys (none usable yet), the live banner instead of the test one.
  await page.getByRole("group", { name: "Mode des données" }).getByRole("button", { name: "Production" }).click();
  await expect(page.getByRole("note").filter({ hasText: "Mode production" })).toBeVisible();
  await expect(page.getByRole("note").filter({ hasText: "Mode test" })).toHaveCount(0);
  await expect(page.getByTestId("api-key").filter({ hasText: "sk_test_" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /Créer une clé/ })).toBeDisabled();
  await expectAccessible(page);
  await screenshots(page, "dashboard-developers-live");
  await page.getByRole("group", { name: "Mode des données" }).getByRole("button", { name: "Test" }).click();
  await expect(page.getByRole("note").filter({ hasText: "Mode test" })).toBeVisible();
});

test("settings: the business name previews the operator label; KYC, plan and production requests go to staff", async ({ page }) => {
  await signUp(page, newEmail());
  await page.goto("/dashboard/settings");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Paramètres");
  await expectAccessible(page);

  const name = page.getByLabel("Nom du commerce");
  await name.fill("Quincaillerie Moderne de Bamako");
  await expect(page.getByTestId("operator-label")).toHaveText("CAURI*Quincaillerie Moderne de");
  await page.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByText("Profil enregistré.")).toBeVisible();

  // Production access waits for an approved KYC.
  await expect(page.getByRole("button", { name: "Demander l'accès à la production" })).toBeDisabled();

  const kyc = page.locator("#kyc");
  await kyc.getByLabel("Raison sociale").fill("Quincaillerie Moderne SARL");
  await kyc.getByLabel("Numéro RCCM").fill("MA.BKO.2024.B.4321");
  await kyc.getByLabel("Adresse").fill("Rue 312, Hamdallaye ACI 2000, Bamako");
  await kyc.getByLabel("Nom du responsable").fill("Awa Traoré");
  await kyc.getByLabel("Téléphone du responsable").fill("7000001");
  await kyc.getByLabel("Activité").fill("Quincaillerie");
  await kyc.getByRole("button", { name: "Envoyer pour vérification" }).click();
  await expect(kyc.getByLabel("Téléphone du responsable")).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page);
  await kyc.getByLabel("Téléphone du responsable").fill("70 00 00 01");
  await kyc.getByRole("button", { name: "Envoyer pour vérification" }).click();
  await expect(kyc.getByText("En attente", { exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Choisir cette offre : Pro" }).click();
  await expect(page.locator("#plan").getByText("Demandée", { exact: true }).first()).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, "dashboard-settings");

  await page.goto("/dashboard");
  await expect(page.getByTestId("checklist-kyc")).toContainText("En cours d'examen");
  await expect(page.getByTestId("checklist-platform_plan")).toContainText("En cours d'examen");
});

test("every area page opens in the frame; those still being built say so and list the API routes, with no sample data", async ({ page }) => {
  await signUp(page, newEmail());
  await page.getByRole("button", { name: "J'ai enregistré la clé" }).click();
  for (const [path, label] of [
    ["/dashboard/payments", "Paiements"],
    ["/dashboard/links", "Liens de paiement"],
    ["/dashboard/billing", "Abonnements"],
    ["/dashboard/secure-orders", "Commandes sécurisées"],
    ["/dashboard/withdrawals", "Retraits"],
    ["/dashboard/webhooks", "Webhooks"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("navigation", { name: "Tableau de bord" }).getByRole("link", { name: label }).last()).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("note").filter({ hasText: "Mode test" })).toBeVisible();
    // Pages of other areas replace these placeholders as they land.
    if (await page.getByText("Cette page arrive bientôt").isVisible()) {
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(label);
      await expect(page.getByRole("list", { name: "Routes de l'API disponibles" })).toBeVisible();
      await screenshots(page, `dashboard-coming-soon${path.replace(/\//g, "-")}`);
    }
    await expectAccessible(page);
  }
});
