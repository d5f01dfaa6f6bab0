import { expect, type Page } from "@playwright/test";
import { generate } from "otplib";

const STEP_SECONDS = 30;
// The last step whose code each secret has used: the product accepts each step once.
const lastStep = new Map<string, number>();

/**
 * A code the authenticator app would show that has not been used yet: the current step's, or the
 * next one's (accepted up to one step ahead) when the current one was already used; otherwise waits.
 */
export async function freshCode(secret: string): Promise<string> {
  for (;;) {
    const current = Math.floor(Date.now() / 1000 / STEP_SECONDS);
    const used = lastStep.get(secret) ?? -1;
    const step = Math.max(current, used + 1);
    if (step <= current + 1) {
      lastStep.set(secret, step);
      return generate({ secret, epoch: step * STEP_SECONDS });
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

/**
 * Enrolls two-factor on the security page that is open (dashboard or console), as a person
 * would: start, read the key shown under the QR code, type the app's code, keep the recovery codes.
 */
export async function enrollOnPage(page: Page): Promise<{ secret: string; recoveryCodes: string[] }> {
  await page.getByRole("button", { name: "Activer la vérification en deux étapes" }).click();
  await expect(page.getByRole("img", { name: /QR code/ })).toBeVisible();
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  await page.getByLabel("Code à 6 chiffres").fill(await freshCode(secret));
  await page.getByRole("button", { name: "Confirmer et activer" }).click();
  const list = page.getByTestId("recovery-codes").getByRole("listitem");
  await expect(list).toHaveCount(10);
  const recoveryCodes = (await list.allTextContents()).map((c) => c.trim());
  await page.getByRole("button", { name: "J'ai conservé mes codes" }).click();
  await expect(page.getByText(/Activée depuis le/)).toBeVisible();
  return { secret, recoveryCodes };
}

const staffSecrets = new Map<string, string>();

/**
 * A staff member signs in to the console: the first time, the console sends them to enroll
 * two-factor (/ops/security), which they do; later sign-ins ask for the app's code. Ends on /ops.
 */
export async function signInStaff(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/signin");
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByLabel("Mot de passe").fill(password);
  await page.getByRole("button", { name: "Se connecter" }).click();
  const secret = staffSecrets.get(email);
  if (secret) {
    await page.getByLabel("Code de vérification").fill(await freshCode(secret));
    await page.getByRole("button", { name: "Vérifier" }).click();
    return;
  }
  await expect(page).toHaveURL(/\/ops\/security$/, { timeout: 30_000 });
  const enrolled = await enrollOnPage(page);
  staffSecrets.set(email, enrolled.secret);
  await page.getByRole("link", { name: "Ouvrir la console" }).click();
}
