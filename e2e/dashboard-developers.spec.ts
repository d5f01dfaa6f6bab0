import { expect as baseExpect, test, type Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { readMail } from "./support/mail";
import { expectWithinViewport, screenshots } from "./support/pages";
import { startWebhookReceiver } from "./support/webhook-receiver";
import { signUpOnPage } from "./support/signup";

test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const PASSWORD = "mot de passe e2e solide";
const PHONE = "+22370000001";
const email = `e2e-dev-${randomUUID().slice(0, 8)}@example.ml`;
const viewer = `e2e-viewer-${randomUUID().slice(0, 8)}@example.ml`;

async function signUp(page: Page): Promise<string> {
  await page.setViewportSize({ width: 1280, height: 800 });
  return signUpOnPage(page, { business: "Boutique Développeurs", email, password: PASSWORD });
}

test("developers: the request log filtered and opened with masked bodies; a webhook endpoint delivered to, opened, edited and deleted", async ({ page }) => {
  const receiver = await startWebhookReceiver();
  try {
    const key = await signUp(page);
    const auth = { authorization: `Bearer ${key}` };
    const payment = { amount: 12_500, payment_method: "OPERATOR_MONEY", customer_phone: PHONE, description: "Commande développeurs", return_url: "https://boutique.example.ml/merci" };
    const created = await page.request.post("/v1/payments", { headers: { ...auth, "x-idempotency-key": `e2e-dev-${randomUUID()}` }, data: payment });
    expect(created.status(), await created.text()).toBe(201);
    const refused = await page.request.post("/v1/payments", { headers: { ...auth, "x-idempotency-key": `e2e-dev-${randomUUID()}` }, data: { ...payment, amount: 99 } });
    expect(refused.status()).toBe(400);
    expect((await page.request.get("/v1/payments?limit=5", { headers: auth })).status()).toBe(200);
    expect((await page.request.get("/v1/webhooks/endpoints", { headers: auth })).status()).toBe(200);

    // ── Request log: French labels, filters like Stripe's, a request opened with its masked bodies ──
    await page.goto("/dashboard/developers");
    await expect(page.getByRole("heading", { name: "Application par défaut" })).toBeVisible();
    await expect(page.getByText("Default application")).toHaveCount(0);
    const entries = page.getByTestId("request-log-entry");
    await expect(async () => {
      await page.reload();
      await expect(entries).toHaveCount(4, { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await page.getByLabel("Statut HTTP").selectOption("4xx");
    await expect(entries).toHaveCount(1);
    await expect(entries.first()).toContainText("POST /v1/payments");
    await expect(entries.first().getByTestId("request-status")).toContainText("Invalide");
    await expect(entries.first().getByTestId("request-status")).toContainText("400");
    await page.getByLabel("Statut HTTP").selectOption("");
    await page.getByLabel("Chemin commençant par").fill("/v1/payments");
    await page.getByRole("button", { name: "Filtrer" }).click();
    await expect(entries).toHaveCount(3);
    await page.getByLabel("Code exact (facultatif)").fill("4O4");
    await page.getByRole("button", { name: "Filtrer" }).click();
    await expect(page.getByText("Indiquez un code HTTP à 3 chiffres, par exemple 404.")).toBeVisible();
    await page.getByLabel("Code exact (facultatif)").fill("201");
    await page.getByRole("button", { name: "Filtrer" }).click();
    await expect(entries).toHaveCount(1);
    await expect(entries.first().getByTestId("request-status")).toContainText("Créée");
    await page.getByLabel("Code exact (facultatif)").fill("400");
    await page.getByRole("button", { name: "Filtrer" }).click();
    await expect(entries).toHaveCount(1);

    await entries.first().getByRole("button", { name: /POST \/v1\/payments/ }).click();
    const detail = page.getByTestId("request-detail");
    await expect(detail.getByRole("heading", { name: "Requête POST /v1/payments" })).toBeFocused();
    await expect(detail.getByTestId("request-body")).toContainText('"customer_phone": "+223••••••01"');
    await expect(detail.getByTestId("request-body")).toContainText('"amount": 99');
    await expect(detail.getByTestId("response-body")).toContainText('"code": "INVALID_AMOUNT"');
    await expect(detail).not.toContainText(PHONE);
    await expect(detail).not.toContainText(key);
    await screenshots(page, "developers-request-log");
    await page.setViewportSize({ width: 360, height: 740 });
    await expectWithinViewport(page, entries.first().getByTestId("request-status"), "the request's status");
    await expectWithinViewport(page, entries.first().getByRole("button", { name: /POST \/v1\/payments/ }), "the request's method and path");
    await page.setViewportSize({ width: 1280, height: 800 });

    // ── Webhooks: an endpoint on a receiver, a test event, the delivery opened ──
    await page.goto("/dashboard/webhooks");
    await page.getByLabel("Adresse HTTPS de réception").fill(receiver.url);
    await page.getByRole("button", { name: "Ajouter", exact: true }).click();
    await expect(page.getByTestId("revealed-secret")).toHaveText(/^whsec_/);
    await expect(page.getByRole("button", { name: "Copier le secret" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Copier la clé" })).toHaveCount(0);
    await page.getByRole("button", { name: "J'ai enregistré le secret" }).click();
    await page.getByRole("button", { name: "Envoyer un événement de test" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Événement de test envoyé à 1 point(s) de réception." })).toBeVisible();
    const delivery = page.getByTestId("webhook-log").filter({ hasText: "webhook.test" });
    await expect(async () => {
      await page.reload();
      await expect(delivery.getByTestId("delivery-status")).toContainText("Livré", { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(delivery.getByTestId("delivery-status")).toContainText("SUCCESS");
    expect(receiver.receipts.filter((r) => r.type === "webhook.test")).toHaveLength(1);

    await delivery.getByRole("button", { name: "Détail de la livraison" }).click();
    const opened = delivery.getByTestId("delivery-detail");
    await expect(opened.getByTestId("delivery-payload")).toContainText('"type": "webhook.test"');
    const attempt = opened.getByTestId("delivery-attempt");
    await expect(attempt).toHaveCount(1);
    await expect(attempt.getByTestId("attempt-request")).toContainText(`POST ${receiver.url}`);
    await expect(attempt.getByTestId("attempt-request")).toContainText("webhook-signature: v1,");
    await expect(attempt.getByTestId("attempt-request")).toContainText(`webhook-id: ${receiver.receipts[0].eventId}`);
    await expect(attempt.getByTestId("attempt-response")).toContainText("200");
    await expect(attempt.getByTestId("attempt-response")).toContainText("ok");
    await expect(attempt).toContainText("Automatique");
    await expect(opened).not.toContainText("whsec_");
    await screenshots(page, "webhooks-delivery-detail");
    await page.setViewportSize({ width: 360, height: 740 });
    await expectWithinViewport(page, delivery.getByTestId("delivery-status"), "the delivery's status");
    await page.setViewportSize({ width: 1280, height: 800 });

    // ── Edit: a new URL, fewer events, switched off ──
    const endpoint = page.getByTestId("webhook-endpoint");
    await endpoint.getByRole("button", { name: /^Modifier/ }).click();
    const form = page.getByTestId("endpoint-edit-form");
    await form.getByLabel("Adresse de réception").fill("pas une adresse");
    await form.getByRole("button", { name: "Enregistrer les modifications" }).click();
    await expect(form.getByText("Indiquez une adresse HTTPS publique valide.")).toBeVisible();
    await form.getByLabel("Adresse de réception").fill(`${receiver.url}/v2`);
    await form.getByLabel("Actif : reçoit les événements").uncheck();
    await form.getByLabel("Seulement ceux-ci :").check();
    await form.getByLabel("payment.success").check();
    await screenshots(page, "webhooks-endpoint-edit");
    await form.getByRole("button", { name: "Enregistrer les modifications" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Point de réception enregistré." })).toBeVisible();
    await expect(endpoint).toContainText(`${receiver.url}/v2`);
    await expect(endpoint).toContainText("Désactivé");
    await expect(endpoint).toContainText("payment.success");

    // ── Delete, after a confirmation ──
    await endpoint.getByRole("button", { name: /^Supprimer/ }).click();
    await expect(page.getByRole("group", { name: "Supprimer ce point de réception ?" })).toBeVisible();
    await page.getByRole("button", { name: "Oui, supprimer" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Point de réception supprimé." })).toBeVisible();
    await expect(page.getByText("Aucun point de réception.")).toBeVisible();
    // Its delivery log stays readable.
    await expect(delivery).toHaveCount(1);
  } finally {
    await receiver.close();
  }
});

async function signIn(page: Page, address: string, password: string) {
  await page.goto("/signin");
  await page.getByLabel("Adresse e-mail").fill(address);
  await page.getByLabel("Mot de passe", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
}

test("a viewer reads the developers and webhooks pages without any button that changes keys or endpoints", async ({ page, browser, baseURL }) => {
  // An owner of its own, so this test stands alone (run by itself, or if the first one failed).
  await page.setViewportSize({ width: 1280, height: 800 });
  const ownerKey = await signUpOnPage(page, { business: "Boutique Lecture", email: `e2e-dev-owner-${randomUUID().slice(0, 8)}@example.ml`, password: PASSWORD });
  const auth = { authorization: `Bearer ${ownerKey}` };
  expect((await page.request.post("/v1/webhooks/endpoints", { headers: auth, data: { url: "https://hooks.example.ml/cauri" } })).status()).toBe(201);
  expect((await page.request.post("/v1/webhooks/test", { headers: auth, data: {} })).status()).toBe(200);
  await page.goto("/dashboard/settings/team");
  const invite = page.getByRole("region", { name: "Inviter un membre" });
  await invite.getByLabel("E-mail").fill(viewer);
  await invite.getByLabel("Rôle").selectOption("viewer");
  await invite.getByRole("button", { name: "Envoyer l'invitation" }).click();
  await expect(page.getByText(`Invitation envoyée à ${viewer}.`)).toBeVisible();
  const link = /https?:\/\/[^\s/]+(\/account\/invitation\?token=\S+)/.exec(await readMail(viewer, "invitation"))![1];

  const context = await browser.newContext({ baseURL });
  const member = await context.newPage();
  await member.goto(link);
  await member.getByLabel("Mot de passe", { exact: true }).fill(PASSWORD);
  await member.getByLabel("Confirmez le mot de passe").fill(PASSWORD);
  await member.getByRole("button", { name: "Choisir mon mot de passe" }).click();
  await expect(member).toHaveURL(/\/signin$/, { timeout: 30_000 });
  await signIn(member, viewer, PASSWORD);

  await member.goto("/dashboard/developers");
  await expect(member.getByTestId("api-key").first()).toBeVisible();
  await expect(member.getByRole("button", { name: /Créer une clé/ })).toHaveCount(0);
  await expect(member.getByRole("button", { name: /Révoquer/ })).toHaveCount(0);
  await expect(member.getByRole("heading", { name: "Nouvelle application" })).toHaveCount(0);
  // Request bodies are for roles with developers.logs.
  await expect(member.getByRole("heading", { name: "Journal des requêtes (24 h)" })).toHaveCount(0);

  await member.goto("/dashboard/webhooks");
  await expect(member.getByTestId("webhook-endpoint")).toHaveCount(1);
  for (const name of [/^Modifier/, /^Supprimer/, /^Désactiver/, /^Renouveler le secret/, /^Envoyer un événement de test/, /^Ajouter$/]) {
    await expect(member.getByRole("button", { name })).toHaveCount(0);
  }
  await expect(member.getByRole("heading", { name: "Ajouter un point de réception" })).toHaveCount(0);
  const delivery = member.getByTestId("webhook-log").filter({ hasText: "webhook.test" }).first();
  await expect(delivery).toBeVisible();
  await expect(delivery.getByRole("button")).toHaveCount(0);
  await context.close();
});
