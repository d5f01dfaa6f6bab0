import { expect, type Page } from "@playwright/test";

/**
 * Signs a new merchant up through the form, as a person does, and returns the test key the
 * dashboard shows once. `keepKeyOpen` leaves the key panel on screen (a spec that reads it later).
 */
export async function signUpOnPage(page: Page, { business, email, password, keepKeyOpen = false }: { business: string; email: string; password: string; keepKeyOpen?: boolean }): Promise<string> {
  await page.goto("/signup");
  await page.getByLabel("Nom de votre commerce").fill(business);
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByLabel("Mot de passe").fill(password);
  await page.getByRole("button", { name: "Créer mon compte" }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  const key = (await page.getByTestId("revealed-secret").textContent())!.trim();
  expect(key).toMatch(/^sk_test_/);
  if (!keepKeyOpen) await page.getByRole("button", { name: "J'ai enregistré la clé" }).click();
  return key;
}
