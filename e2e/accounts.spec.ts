import { expect as baseExpect, test, type Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { linkIn, readMail } from "./support/mail";
import { expectAccessible, screenshots } from "./support/pages";
import { enrollOnPage, freshCode } from "./support/two-factor";

// Sign-up, two mails, an enrollment and three sign-ins on a cold server: well over the default.
test.describe.configure({ timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const PASSWORD = "mot de passe e2e solide";
const NEW_PASSWORD = "nouveau mot de passe e2e";

async function fillSignIn(page: Page, email: string, password: string) {
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByLabel("Mot de passe").fill(password);
  await page.getByRole("button", { name: "Se connecter" }).click();
}

test("sign up, verify the address from the mail, enable 2FA, sign out, reset the password from the mail, sign in with 2FA", async ({ page }) => {
  const email = `compte-${randomUUID().slice(0, 8)}@example.ml`;

  // Sign-up: the account works at once (test mode) and asks for the address to be confirmed.
  await page.goto("/signup");
  await page.getByLabel("Nom de votre commerce").fill("Boutique Sécurité");
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByLabel("Mot de passe").fill(PASSWORD);
  await page.getByRole("button", { name: "Créer mon compte" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const banner = page.getByTestId("email-verification-banner");
  await expect(banner).toContainText(email);
  await expectAccessible(page);

  // The verification mail's link confirms the address (a button: mail scanners open links too).
  await page.goto(linkIn(await readMail(email, "email_verification"), "/account/verify"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirmer votre adresse e-mail");
  await page.getByRole("button", { name: "Confirmer mon adresse" }).click();
  await expect(page.getByRole("status")).toContainText(`L'adresse ${email} est confirmée`);
  await page.getByRole("link", { name: "Ouvrir le tableau de bord" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Accueil");
  await expect(banner).toHaveCount(0);

  // Two-factor from the security settings.
  await page.goto("/dashboard/settings/security");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sécurité du compte");
  await expectAccessible(page);
  const { secret, recoveryCodes } = await enrollOnPage(page);
  expect(recoveryCodes).toHaveLength(10);
  await expect(page.getByText("Codes de secours encore utilisables : 10.")).toBeVisible();
  await screenshots(page, "dashboard-security");

  await page.getByRole("button", { name: "Se déconnecter" }).click();
  await expect(page).toHaveURL(/\/signin/);

  // Forgot password: the same answer whatever the address; the mail carries a 30-minute link.
  await page.getByRole("link", { name: "Mot de passe oublié ?" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mot de passe oublié");
  await expectAccessible(page);
  const asked = new Date(Date.now() - 1_000);
  await page.getByLabel("Adresse e-mail du compte").fill(email);
  await page.getByRole("button", { name: "Recevoir un lien" }).click();
  await expect(page.getByRole("status")).toContainText(`Si un compte Cauri utilise ${email}`);
  const resetMail = await readMail(email, "password_reset", { after: asked });
  expect(resetMail).toContain("Ce lien fonctionne une seule fois, pendant 30 minutes.");
  const resetLink = linkIn(resetMail, "/account/reset");

  await page.goto(resetLink);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Choisir un nouveau mot de passe");
  await expectAccessible(page);
  await page.getByLabel("Nouveau mot de passe").fill("court");
  await page.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
  await expect(page.getByText("Le mot de passe doit compter au moins 10 caractères")).toBeVisible();
  await page.getByLabel("Nouveau mot de passe").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
  await expect(page.getByRole("status")).toContainText("Votre mot de passe est changé");

  // The link worked once.
  await page.goto(resetLink);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Lien expiré ou déjà utilisé");

  // The old password no longer works; the new one asks for the app's code, on the same page.
  await page.goto("/signin");
  await fillSignIn(page, email, PASSWORD);
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("Adresse e-mail ou mot de passe incorrect.");
  await fillSignIn(page, email, NEW_PASSWORD);
  await expect(page.getByRole("heading", { name: "Vérification en deux étapes" })).toBeVisible();
  await expect(page.getByLabel("Code de vérification")).toBeFocused();
  await expectAccessible(page);
  await page.getByLabel("Code de vérification").fill("000000");
  await page.getByRole("button", { name: "Vérifier" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toContainText("Ce code est incorrect ou a déjà servi.");
  await page.getByLabel("Code de vérification").fill(await freshCode(secret));
  await page.getByRole("button", { name: "Vérifier" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Accueil");

  // A recovery code signs in once, in place of the app's code.
  await page.getByRole("button", { name: "Se déconnecter" }).click();
  await expect(page).toHaveURL(/\/signin/);
  await fillSignIn(page, email, NEW_PASSWORD);
  await page.getByLabel("Code de vérification").fill(recoveryCodes[0]);
  await page.getByRole("button", { name: "Vérifier" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("an unknown address gets the same answer and no mail", async ({ page }) => {
  await page.goto("/forgot-password");
  const email = `personne-${randomUUID().slice(0, 8)}@example.ml`;
  await page.getByLabel("Adresse e-mail du compte").fill(email);
  await page.getByRole("button", { name: "Recevoir un lien" }).click();
  await expect(page.getByRole("status")).toContainText(`Si un compte Cauri utilise ${email}`);
  await expect(readMail(email, "password_reset", { timeoutMs: 2_000 })).rejects.toThrow("no password_reset mail");
});
