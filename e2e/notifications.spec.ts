import { expect, test } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { screenshots } from "./support/pages";

const PASSWORD = "mot de passe e2e solide";

test.describe.configure({ timeout: 180_000 });

test("notification settings: an owner turns a kind off and on again, in French and English, at phone and desktop width", async ({ page }) => {
  await page.goto("/signup");
  await page.getByLabel("Nom de votre commerce").fill("Boutique Notifications");
  await page.getByLabel("Adresse e-mail").fill(`e2e-notif-${randomUUID().slice(0, 8)}@example.ml`);
  await page.getByLabel("Mot de passe").fill(PASSWORD);
  await page.getByRole("button", { name: "Créer mon compte" }).click();
  await expect(page).toHaveURL(/\/dashboard/, { timeout: 30_000 });

  await page.goto("/dashboard/settings/notifications");
  await expect(page.getByRole("heading", { name: "Notifications par e-mail" })).toBeVisible();
  const webhook = page.getByRole("checkbox", { name: /Webhook en échec/ });
  await expect(webhook).toBeChecked();
  await webhook.uncheck();
  await page.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByRole("status")).toHaveText("Préférences enregistrées.");
  await screenshots(page, "notification-settings");

  await page.reload();
  await expect(page.getByRole("checkbox", { name: /Webhook en échec/ })).not.toBeChecked();
  await expect(page.getByRole("checkbox", { name: /Retraits/ })).toBeChecked();

  await page.goto("/dashboard/settings/notifications?lang=en");
  await expect(page.getByRole("heading", { name: "E-mail notifications" })).toBeVisible();
  const failing = page.getByRole("checkbox", { name: /Failing webhook/ });
  await expect(failing).not.toBeChecked();
  await failing.check();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toHaveText("Preferences saved.");
  const saved = await page.request.get("/dashboard-api/account/notifications");
  expect((await saved.json()).data.opt_outs).toEqual([]);
});
