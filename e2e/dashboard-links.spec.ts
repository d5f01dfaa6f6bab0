import { expect as baseExpect, test, type Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { expectWithinViewport, screenshots } from "./support/pages";
import { signUpOnPage } from "./support/signup";

test.describe.configure({ timeout: 300_000, mode: "serial" });
const expect = baseExpect.configure({ timeout: 30_000 });

const PASSWORD = "mot de passe e2e solide";
const email = `e2e-links-${randomUUID().slice(0, 8)}@example.ml`;
// Words of the English dashboard that must never show on the French pages.
const ENGLISH = /\b(Active|Inactive|Deleted|Edit|Save|Payments?|Amount|Status|Customer|Collected|Open amount|Fixed amount|Previous|Next)\b/;

async function expectFrench(page: Page) {
  const text = await page.locator("main").innerText();
  expect(text.match(ENGLISH)?.[0] ?? null, "an English word on a French page").toBeNull();
}

async function atPhoneWidth(page: Page, check: () => Promise<void>) {
  await page.setViewportSize({ width: 360, height: 740 });
  await check();
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("links: create an OPEN link typing « 35 000 », edit it, deactivate it, pay through it and read its payments", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const key = await signUpOnPage(page, { business: "Association des Tisserandes", email, password: PASSWORD });
  const auth = { authorization: `Bearer ${key}` };

  // ── Create: the amounts as people type them; an unreadable one is refused beside its field ──
  await page.goto("/dashboard/links");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Liens de paiement");
  await page.getByLabel("Nom affiché au client").fill("Cotisation des membres");
  await page.getByLabel("Montant libre (le client choisit)").check();
  await page.getByLabel("Montant minimum (FCFA)").fill("1 000");
  const max = page.getByLabel("Montant maximum (FCFA)");
  await max.fill("35,5");
  await page.getByRole("button", { name: "Créer le lien" }).click();
  await expect(page.getByText("Saisissez le montant en chiffres, par exemple 35 000, 35.000 ou 35 000 FCFA.")).toBeVisible();
  await expect(max).toHaveAttribute("aria-invalid", "true");
  await max.fill("35 000");
  await page.getByRole("button", { name: "Créer le lien" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Lien créé." })).toBeVisible();
  const card = page.getByTestId("link-card").filter({ hasText: "Cotisation des membres" });
  await expect(card.getByTestId("link-amount")).toHaveText("Montant libre : 1 000 FCFA – 35 000 FCFA");
  await expect(card.getByTestId("link-status")).toHaveText("Actif");
  const linkPath = new URL((await card.locator("code").textContent())!.trim()).pathname;
  await expectFrench(page);
  await screenshots(page, "dashboard-links-list");
  await atPhoneWidth(page, async () => {
    await expectWithinViewport(page, card.getByTestId("link-status"), "le statut du lien");
    await expectWithinViewport(page, card.getByTestId("link-amount"), "le montant du lien");
  });

  // ── Edit on the link's page: format error, a range the API refuses, then name, bounds, deactivate ──
  await card.getByRole("link", { name: /Modifier et voir les paiements/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/links\/link_[^/?]+$/);
  const detailUrl = page.url();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cotisation des membres");
  await expect(page.getByText("Aucun paiement par ce lien pour l'instant.")).toBeVisible();
  await page.getByRole("button", { name: "Modifier le lien" }).click();
  const form = page.getByRole("form", { name: "Modifier le lien Cotisation des membres" });
  await expect(form.getByLabel("Montant maximum (FCFA)")).toHaveValue("35 000 FCFA");
  await form.getByLabel("Montant maximum (FCFA)").fill("trente mille");
  await form.getByRole("button", { name: "Enregistrer les modifications" }).click();
  await expect(form.getByText("Saisissez le montant en chiffres, par exemple 35 000, 35.000 ou 35 000 FCFA.")).toBeVisible();
  await form.getByLabel("Montant minimum (FCFA)").fill("40 000");
  await form.getByLabel("Montant maximum (FCFA)").fill("35 000");
  await form.getByRole("button", { name: "Enregistrer les modifications" }).click();
  await expect(form.getByText("Indiquez un minimum et un maximum entre 100 et 5 000 000 FCFA, le minimum au plus égal au maximum.")).toBeVisible();
  await expect(form.getByLabel("Montant minimum (FCFA)")).toHaveAttribute("aria-invalid", "true");
  await form.getByLabel("Adresse de retour après paiement (facultatif)").fill("http://asso.example.ml/merci");
  await form.getByLabel("Montant minimum (FCFA)").fill("2.000");
  await form.getByRole("button", { name: "Enregistrer les modifications" }).click();
  await expect(form.getByText("L'adresse de retour doit commencer par https:// et mener à votre site (ni à Cauri, ni à une adresse locale).")).toBeVisible();
  await expectFrench(page);
  await screenshots(page, "dashboard-links-edit");

  await form.getByLabel("Adresse de retour après paiement (facultatif)").fill("");
  await form.getByLabel("Nom affiché au client").fill("Cotisation annuelle");
  await form.getByLabel("Montant maximum (FCFA)").fill("50 000 FCFA");
  await form.getByLabel("Lien actif : il accepte des paiements").uncheck();
  await form.getByRole("button", { name: "Enregistrer les modifications" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Modifications enregistrées." })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cotisation annuelle");
  await expect(page.getByTestId("link-status")).toHaveText("Inactif");
  await expect(page.locator("main")).toContainText("2 000 FCFA – 50 000 FCFA");

  // ── The public page refuses while the link is off ──
  expect((await page.goto(linkPath))?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "Ce lien ne prend pas de paiement pour le moment" })).toBeVisible();
  await expect(page.getByLabel("Montant à payer (FCFA)")).toHaveCount(0);

  // ── Reactivate, then a customer pays typing « 12 500 FCFA »; the sandbox settles it ──
  await page.goto(detailUrl);
  await page.getByRole("button", { name: "Modifier le lien" }).click();
  await page.getByLabel("Lien actif : il accepte des paiements").check();
  await page.getByRole("button", { name: "Enregistrer les modifications" }).click();
  await expect(page.getByTestId("link-status")).toHaveText("Actif");

  await page.goto(linkPath);
  await page.getByLabel("Montant à payer (FCFA)").fill("12 500 FCFA");
  await page.getByLabel("Votre numéro mobile money").fill("70 00 00 01");
  await page.getByRole("button", { name: "Payer 12 500 FCFA" }).click();
  await page.waitForURL(/\/checkout\/txn_/);
  const paymentId = new URL(page.url()).pathname.split("/").pop()!;
  // The number typed on the link page was pushed with the same tap (issue 29); the simulator approves it.
  await expect.poll(async () => (await (await page.request.get(`/v1/payments/${paymentId}`, { headers: auth })).json()).data.status).toBe("SUCCESS");
  // A second attempt that fails, so the list shows two statuses.
  const slug = linkPath.split("/").pop()!;
  const second = await page.request.post(`/v1/payment-links/${slug}/checkout`, { data: { customer_phone: "+22370000002", amount: 2_000 } });
  expect(second.status(), await second.text()).toBe(201);
  const failedId = (await second.json()).data.payment_id as string;
  expect((await page.request.post(`/v1/sandbox/payments/${failedId}/simulate`, { headers: auth, data: { outcome: "FAILED" } })).status()).toBe(200);

  // ── The link's payments ──
  await page.goto(detailUrl);
  const rows = page.getByTestId("link-payment-row");
  await expect(rows).toHaveCount(2);
  const paid = rows.filter({ has: page.locator(`a[href^="/dashboard/payments/${paymentId}"]`) });
  await expect(paid.getByTestId("link-payment-amount")).toHaveText("12 500 FCFA");
  await expect(paid.getByTestId("link-payment-status")).toContainText("Réussi");
  await expect(paid.getByTestId("link-payment-status")).toContainText("SUCCESS");
  await expect(paid).toContainText("+223••••••01");
  await expect(paid).not.toContainText("70000001");
  await expect(rows.filter({ hasText: "Échoué" })).toContainText("2 000 FCFA");
  await expect(page.locator("main")).toContainText("12 500 FCFA · 1 paiement réussi");
  await expectFrench(page);
  await screenshots(page, "dashboard-links-detail");
  await atPhoneWidth(page, async () => {
    await expectWithinViewport(page, paid.getByTestId("link-payment-status"), "le statut du paiement");
    await expectWithinViewport(page, paid.getByTestId("link-payment-amount"), "le montant du paiement");
  });

  await paid.getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/payments/${paymentId}$`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText("12 500 FCFA");

  // ── The English page speaks English ──
  await page.goto(`${detailUrl}?lang=en`);
  await expect(page.getByRole("heading", { name: "Payments received through this link" })).toBeVisible();
  await expect(page.getByTestId("link-status")).toHaveText("Active");
});
