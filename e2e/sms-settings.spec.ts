import { expect, test } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { screenshots } from "./support/pages";
import { signUpOnPage } from "./support/signup";

// Issue 30, text messages: the merchant sees the receipt its customer got by text (test mode keeps
// it in the sandbox) and switches a use off, on a phone-sized screen and a desktop one.

test("a receipt by text shows in the SMS settings, and the merchant turns receipts off", async ({ page, request }) => {
  const key = await signUpOnPage(page, { business: "Boutique SMS", email: `e2e-sms-${randomUUID().slice(0, 8)}@example.ml`, password: "mot de passe e2e solide" });
  const auth = { authorization: `Bearer ${key}` };
  const created = await request.post("/v1/payments", {
    headers: { ...auth, "x-idempotency-key": `e2e-sms-${randomUUID()}` },
    data: { amount: 7_500, payment_method: "OPERATOR_MONEY", customer_phone: "+22376554433", return_url: "https://boutique.invalid/merci" },
  });
  expect(created.status()).toBe(201);
  const { data } = await created.json();
  expect((await request.post(`/v1/sandbox/payments/${data.id}/simulate`, { headers: auth, data: { outcome: "SUCCESS" } })).status()).toBe(200);

  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/dashboard/settings/sms");
  await expect(page.getByRole("heading", { name: "SMS", level: 1 })).toBeVisible();
  await expect(page.getByText("Mode test : les messages restent dans le bac à sable")).toBeVisible();
  await expect(page.getByText("Reçu · +223 76 55 44 33")).toBeVisible();
  await screenshots(page, "sms-settings");

  const receipts = page.getByRole("checkbox", { name: /Reçu de paiement/ });
  await expect(receipts).toBeChecked();
  await receipts.uncheck();
  await page.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByText("Réglages enregistrés.")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("checkbox", { name: /Reçu de paiement/ })).not.toBeChecked();
  await expect(page.getByRole("checkbox", { name: /Code de livraison/ })).toBeChecked();
});
