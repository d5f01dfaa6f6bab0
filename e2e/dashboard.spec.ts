import { expect, test } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { merchantIdOf, updateMerchant } from "./support/merchant";
import { screenshots } from "./support/pages";

const PASSWORD = "mot de passe e2e solide";

test.describe.configure({ timeout: 240_000 });

test("dashboard: withdrawal requested and cancelled, payment link created, payment seen in the table and its detail, webhook test event retried, plan and subscription, secure order", async ({ page }) => {
  const email = `e2e-dash-${randomUUID().slice(0, 8)}@example.ml`;
  await page.goto("/signup");
  await page.getByLabel("Nom de votre commerce").fill("Boutique Tableau");
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByLabel("Mot de passe").fill(PASSWORD);
  await page.getByRole("button", { name: "Créer mon compte" }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  const key = (await page.getByTestId("revealed-secret").textContent())!.trim();
  expect(key).toMatch(/^sk_test_/);
  await page.getByRole("button", { name: "J'ai enregistré la clé" }).click();

  // Money on the test balance: a payment through the API, settled by the sandbox.
  const auth = { authorization: `Bearer ${key}` };
  const created = await page.request.post("/v1/payments", {
    headers: { ...auth, "x-idempotency-key": `e2e-dash-${randomUUID()}` },
    data: { amount: 80_000, payment_method: "OPERATOR_MONEY", customer_phone: "+22370000001", client_reference: "CMD-DASH-1", description: "Commande tableau", return_url: "https://boutique.example.ml/merci" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const paymentId = (await created.json()).data.id as string;
  const simulated = await page.request.post(`/v1/sandbox/payments/${paymentId}/simulate`, { headers: auth, data: { outcome: "SUCCESS" } });
  expect(simulated.status()).toBe(200);
  const merchantId = await merchantIdOf(email);
  await updateMerchant(merchantId, { kyc: "approved", secureOrders: true });

  // ── Home: 30-day activity and the latest payments ──
  await page.goto("/dashboard");
  await expect(page.getByTestId("activity-collected")).toContainText("80 000 FCFA");
  await expect(page.getByTestId("activity-success-rate")).toContainText("100 %");
  await expect(page.getByTestId("activity-success-rate")).toContainText("1 réussi(s) sur 1 paiement(s) terminé(s)");
  const chart = page.getByTestId("activity-chart");
  await expect(chart.getByRole("img")).toHaveAttribute("aria-label", /80 000 FCFA au total/);
  await chart.getByText("Voir les chiffres par jour").click();
  await expect(chart.getByRole("row")).toHaveCount(31);
  await expect(chart.getByRole("row").last()).toContainText("80 000 FCFA");
  const recent = page.getByTestId("recent-payment");
  await expect(recent).toHaveCount(1);
  await expect(recent).toContainText("CMD-DASH-1");
  await expect(recent).toContainText("Réussi");
  await screenshots(page, "dashboard-home");
  await recent.getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/payments/${paymentId}$`));

  // ── Withdrawals ──
  await page.goto("/dashboard/withdrawals");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Retraits");
  const available = page.getByTestId("balance-available");
  const before = Number((await available.textContent())!.replace(/\D/g, ""));
  expect(before).toBeGreaterThanOrEqual(50_000);
  await page.getByLabel("Montant (FCFA, frais inclus)").fill("50000");
  await expect(page.getByTestId("withdrawal-quote")).toContainText("Frais : 500 FCFA");
  await expect(page.getByTestId("withdrawal-quote")).toContainText("Vous recevez : 49 500 FCFA");
  await page.getByLabel("Numéro mobile money qui reçoit le retrait").fill("+22370000001");
  await page.getByRole("button", { name: "Demander le retrait" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Demande de retrait reçue" })).toBeVisible();
  const row = page.getByTestId("withdrawal-row").first();
  await expect(row).toContainText("En attente");
  await expect(row).toContainText("50 000 FCFA");
  await expect(page.getByTestId("balance-reserved")).toHaveText("50 000 FCFA");
  const listed = await page.request.get("/v1/withdrawals", { headers: auth });
  expect((await listed.json()).data.withdrawals[0]._source).toBe("dashboard");
  await screenshots(page, "dashboard-withdrawals");

  await row.getByRole("button", { name: /^Annuler/ }).click();
  await row.getByRole("button", { name: "Oui, annuler" }).click();
  await expect(row).toContainText("Annulé");
  await expect(page.getByTestId("balance-reserved")).toHaveText("0 FCFA");
  await expect(available).toHaveText(`${String(before).replace(/\B(?=(\d{3})+(?!\d))/g, " ")} FCFA`);

  // Validation mirrors the API.
  await page.getByLabel("Montant (FCFA, frais inclus)").fill("1000");
  await page.getByRole("button", { name: "Demander le retrait" }).click();
  await expect(page.getByText("Le montant doit être un nombre entier de FCFA entre 50 000 et 5 000 000.")).toBeVisible();

  // ── Payment links ──
  await page.goto("/dashboard/links");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Liens de paiement");
  await page.getByLabel("Nom affiché au client").fill("Panier de mangues");
  await page.getByLabel("Montant (FCFA)").fill("50");
  await page.getByRole("button", { name: "Créer le lien" }).click();
  await expect(page.getByText("Le montant doit être un nombre entier entre 100 et 5 000 000 FCFA.")).toBeVisible();
  await page.getByLabel("Montant (FCFA)").fill("7500");
  await page.getByRole("button", { name: "Créer le lien" }).click();
  const card = page.getByTestId("link-card").filter({ hasText: "Panier de mangues" });
  await expect(card).toContainText("7 500 FCFA");
  await expect(card).toContainText("Actif");
  await card.getByRole("button", { name: /Voir le QR code/ }).click();
  await expect(card.getByRole("img", { name: "QR code du lien Panier de mangues" })).toBeVisible();
  const svgHref = await card.getByRole("link", { name: "Télécharger en SVG" }).getAttribute("href");
  const svg = await page.request.get(svgHref!);
  expect(svg.headers()["content-type"]).toContain("image/svg+xml");
  // Optimistic deactivate, confirmed by a reload.
  const toggled = page.waitForResponse((r) => r.url().includes("/active") && r.request().method() === "POST");
  await card.getByRole("switch").click();
  await expect(card.getByRole("switch")).not.toBeChecked();
  await expect(card).toContainText("Inactif");
  expect((await toggled).status()).toBe(200);
  await page.reload();
  await expect(page.getByTestId("link-card").filter({ hasText: "Panier de mangues" }).getByRole("switch")).not.toBeChecked();
  await screenshots(page, "dashboard-links");

  // ── Payments ──
  await page.goto("/dashboard/payments");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Paiements");
  const paymentRow = page.getByTestId("payment-row").filter({ hasText: paymentId });
  await expect(paymentRow).toContainText("80 000 FCFA");
  await expect(paymentRow).toContainText("Réussi");
  await screenshots(page, "dashboard-payments");
  await page.getByLabel("Référence client ou téléphone").fill("CMD-DASH-1");
  await page.getByLabel("Statut").selectOption("FAILED");
  await page.getByRole("button", { name: "Filtrer" }).click();
  await expect(page.getByText("Aucun paiement ne correspond.")).toBeVisible();
  await page.getByLabel("Statut").selectOption("SUCCESS");
  await page.getByRole("button", { name: "Filtrer" }).click();
  await expect(page.getByTestId("payment-row")).toHaveCount(1);

  await page.getByRole("link", { name: paymentId }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/payments/${paymentId}`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText("80 000 FCFA");
  await expect(page.getByText("payment.success")).toBeVisible();
  await expect(page.getByRole("region", { name: "Écritures comptables" }).first()).toContainText("merchant_available");
  await page.getByRole("button", { name: "Revérifier auprès de l'opérateur" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Aucun changement" })).toBeVisible();
  await screenshots(page, "dashboard-payment-detail");

  // ── Webhooks ──
  await page.goto("/dashboard/webhooks");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Webhooks");
  await page.getByLabel("Adresse HTTPS de réception").fill("pas une adresse");
  await page.getByRole("button", { name: "Ajouter", exact: true }).click();
  await expect(page.getByText("Indiquez une adresse HTTPS publique valide.")).toBeVisible();
  // Nothing listens on port 1: every delivery fails, which gives a delivery to retry.
  await page.getByLabel("Adresse HTTPS de réception").fill("https://127.0.0.1:1/webhook");
  await page.getByRole("button", { name: "Ajouter", exact: true }).click();
  await expect(page.getByTestId("revealed-secret")).toHaveText(/^whsec_/);
  await page.getByRole("button", { name: "J'ai enregistré le secret" }).click();
  await expect(page.getByTestId("webhook-endpoint")).toHaveCount(1);
  await expect(page.getByTestId("webhook-endpoint")).toContainText("tous les événements");
  // Narrow it to chosen events with the checkboxes; "only these" with none ticked is refused.
  await page.getByRole("button", { name: /^Modifier/ }).click();
  const eventsForm = page.getByTestId("endpoint-edit-form");
  await eventsForm.getByLabel("Seulement ceux-ci :").check();
  await eventsForm.getByRole("button", { name: "Enregistrer les modifications" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Cochez au moins un événement" })).toBeVisible();
  await eventsForm.getByLabel("webhook.test").check();
  await eventsForm.getByLabel("payment.failed").check();
  await eventsForm.getByRole("button", { name: "Enregistrer les modifications" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Point de réception enregistré." })).toBeVisible();
  await expect(page.getByTestId("webhook-endpoint")).toContainText("payment.failed, webhook.test");
  await page.getByRole("button", { name: "Envoyer un événement de test" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Événement de test envoyé à 1 point(s) de réception." })).toBeVisible();
  const log = page.getByTestId("webhook-log").filter({ hasText: "webhook.test" });
  await expect(async () => {
    await page.reload();
    await expect(log).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await log.getByRole("button", { name: "Renvoyer" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Renvoi effectué." })).toBeVisible();
  await log.getByRole("button", { name: "Détail de la livraison" }).click();
  await expect(log.getByText(/manual/)).toBeVisible();
  await expect(page.getByTestId("webhook-stats-24h")).toContainText("Livraisons1");
  const deliveriesChart = page.getByTestId("webhook-stats-chart");
  await deliveriesChart.getByText("Voir les chiffres par jour").click();
  await expect(deliveriesChart.getByRole("row")).toHaveCount(8);
  await screenshots(page, "dashboard-webhooks");

  // ── Application switcher: webhook endpoints belong to one application ──
  await page.goto("/dashboard/developers");
  // The request log keeps the API calls of the last 24 hours: the payment created above is there.
  const created201 = page.getByTestId("request-log-entry").filter({ hasText: "POST /v1/payments" }).first();
  await expect(created201).toContainText("201");
  await page.getByLabel("Statut HTTP").selectOption("4xx");
  await expect(page.getByTestId("request-log-entry").filter({ hasText: "POST /v1/payments" })).toHaveCount(0);
  await screenshots(page, "dashboard-developers-request-log");
  await page.getByLabel("Nom de l'application").fill("Caisse mobile");
  await page.getByRole("button", { name: "Créer l'application" }).click();
  await expect(page.getByRole("heading", { name: "Caisse mobile" })).toBeVisible();
  await page.goto("/dashboard/webhooks");
  await page.getByLabel("Application", { exact: true }).selectOption({ label: "Caisse mobile" });
  await expect(page.getByText("Aucun point de réception.")).toBeVisible();
  await expect(page.getByLabel("Application", { exact: true })).toHaveValue(/.+/);
  await page.reload();
  await expect(page.getByText("Aucun point de réception.")).toBeVisible();
  await page.getByLabel("Application", { exact: true }).selectOption({ index: 0 });
  await expect(page.getByTestId("webhook-endpoint")).toHaveCount(1);

  // ── Billing ──
  await page.goto("/dashboard/billing");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Abonnements");
  await page.getByLabel("Nom de la formule").fill("Panier hebdo");
  await page.getByLabel("Montant par période (FCFA)").fill("99");
  await page.getByRole("button", { name: "Créer la formule" }).click();
  await expect(page.getByText("Le montant doit être un nombre entier entre 100 et 5 000 000 FCFA.")).toBeVisible();
  await page.getByLabel("Montant par période (FCFA)").fill("5000");
  await page.getByLabel("Périodicité").selectOption("WEEKLY");
  await page.getByRole("button", { name: "Créer la formule" }).click();
  await expect(page.getByTestId("plan").filter({ hasText: "Panier hebdo" })).toContainText("5 000 FCFA / Hebdomadaire");
  await screenshots(page, "dashboard-billing");

  const plans = await page.request.get("/v1/billing/plans", { headers: auth });
  const planId = ((await plans.json()).data as { id: string; name: string }[]).find((p) => p.name === "Panier hebdo")!.id;
  const subscribed = await page.request.post("/v1/billing/subscriptions", {
    headers: { ...auth, "x-idempotency-key": `e2e-dash-sub-${randomUUID()}` },
    data: { plan_id: planId, customer_phone: "+22370000001" },
  });
  expect(subscribed.status(), await subscribed.text()).toBe(201);
  await page.reload();
  const sub = page.getByTestId("subscription").first();
  await expect(sub).toContainText("Panier hebdo");
  await sub.getByRole("button", { name: /^Résilier/ }).click();
  await sub.getByRole("button", { name: "Oui, résilier" }).click();
  await expect(sub).toContainText("Résilié");

  // ── Secure orders (enabled for this merchant above) ──
  await page.goto("/dashboard/secure-orders");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Commandes sécurisées");
  await page.getByLabel("Montant (FCFA)").fill("25000");
  await page.getByLabel("Description visible par l'acheteur").fill("Robe wax taille M");
  await page.getByLabel("Téléphone de l'acheteur").fill("abc");
  await page.getByRole("button", { name: "Créer la commande" }).click();
  await expect(page.getByText("Numéro non valide : 8 chiffres pour un numéro malien (76 55 44 33), sinon le numéro international avec + (+223 76 55 44 33).")).toBeVisible();
  // Typed as a Mali customer says it; listed as people read it (stored in E.164).
  await page.getByLabel("Téléphone de l'acheteur").fill("70 00 00 01");
  await page.getByRole("button", { name: "Créer la commande" }).click();
  const order = page.getByTestId("secure-order").filter({ hasText: "Robe wax taille M" });
  await expect(order).toContainText("25 000 FCFA");
  await expect(order).toContainText("+223 70 00 00 01");
  await expect(order).toContainText("CREATED");
  await screenshots(page, "dashboard-secure-orders");
  await order.getByRole("button", { name: "Annuler la commande" }).click();
  await order.getByRole("button", { name: "Oui, annuler" }).click();
  await expect(order).toContainText("CANCELLED");
});

