import { expect, test } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { merchantIdOf, updateMerchant } from "./support/merchant";
import { screenshots } from "./support/pages";

const PASSWORD = "mot de passe e2e solide";

test.describe.configure({ timeout: 240_000 });

test("dashboard billing and secure orders: plan edited, deactivated and reactivated, subscription with a payment link, customers; secure order detail with its timeline, cancelled", async ({ page }) => {
  const email = `e2e-billing-${randomUUID().slice(0, 8)}@example.ml`;
  await page.goto("/signup");
  await page.getByLabel("Nom de votre commerce").fill("Boutique Abonnements");
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByLabel("Mot de passe").fill(PASSWORD);
  await page.getByRole("button", { name: "Créer mon compte" }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  await expect(page.getByTestId("revealed-secret")).toHaveText(/^sk_test_/);
  await page.getByRole("button", { name: "J'ai enregistré la clé" }).click();

  // ── Plans: create, edit, deactivate, reactivate ──
  await page.goto("/dashboard/billing");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Abonnements");
  await page.getByLabel("Nom de la formule").fill("Panier bio");
  await page.getByLabel("Montant par période (FCFA)").fill("4000");
  await page.getByLabel("Périodicité").selectOption("MONTHLY");
  await page.getByRole("button", { name: "Créer la formule" }).click();
  const plan = page.getByTestId("plan").first();
  await expect(plan).toContainText("Panier bio");
  await expect(plan).toContainText("4 000 FCFA / Mensuelle");

  await plan.getByRole("button", { name: "Modifier Panier bio" }).click();
  const edit = plan.getByRole("form", { name: "Modifier la formule Panier bio" });
  await edit.getByLabel("Montant par période (FCFA)").fill("50");
  await edit.getByRole("button", { name: "Enregistrer" }).click();
  await expect(edit.getByText("Le montant doit être un nombre entier entre 100 et 5 000 000 FCFA.")).toBeVisible();
  await edit.getByLabel("Nom de la formule").fill("Panier bio familial");
  await edit.getByLabel("Montant par période (FCFA)").fill("4500");
  await edit.getByLabel("Description (facultatif)").fill("Légumes de saison livrés chaque mois");
  await edit.getByRole("button", { name: "Enregistrer" }).click();
  await expect(plan.getByRole("status")).toHaveText("Formule enregistrée.");
  await expect(plan).toContainText("Panier bio familial");
  await expect(plan).toContainText("4 500 FCFA / Mensuelle");
  await expect(plan).toContainText("Légumes de saison livrés chaque mois");

  await plan.getByRole("button", { name: "Désactiver Panier bio familial" }).click();
  await plan.getByRole("group", { name: "Désactiver la formule Panier bio familial ?" }).getByRole("button", { name: "Oui, désactiver" }).click();
  await expect(plan).toContainText("Inactive");
  await expect(page.getByText("Créez ou réactivez une formule pour y abonner un client.")).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("plan").first()).toContainText("Inactive");
  await page.getByTestId("plan").first().getByRole("button", { name: "Réactiver Panier bio familial" }).click();
  await page.getByRole("button", { name: "Oui, réactiver" }).click();
  await expect(page.getByTestId("plan").first()).toContainText("Active");

  // ── A subscription with a payment link to send ──
  const subscriptions = page.locator("#subscriptions");
  await expect(subscriptions.getByLabel("Formule", { exact: true }).first()).toHaveValue(/^plan_/);
  await subscriptions.getByLabel("Téléphone du client").fill("abc");
  await subscriptions.getByRole("button", { name: "Créer l'abonnement et le lien" }).click();
  await expect(subscriptions.getByText("Numéro non valide : 8 chiffres pour un numéro malien (76 55 44 33), sinon le numéro international avec + (+223 76 55 44 33).")).toBeVisible();
  await subscriptions.getByLabel("Téléphone du client").fill("70000001");
  await subscriptions.getByLabel("Nom du client (facultatif)").fill("Awa Traoré");
  await subscriptions.getByLabel("E-mail du client (facultatif)").fill("awa@example.ml");
  await subscriptions.getByRole("button", { name: "Créer l'abonnement et le lien" }).click();
  const created = page.getByTestId("subscription-created");
  await expect(created.getByRole("status").first()).toHaveText("Abonnement créé. Envoyez ce lien à +223 70 00 00 01 pour qu'il paie la première période.");
  const linkUrl = await created.getByLabel("Lien de paiement de la première période").inputValue();
  expect(linkUrl).toMatch(/\/l\/[^/]+$/);
  const sub = page.getByTestId("subscription").first();
  await expect(sub).toContainText("Panier bio familial");
  await expect(sub).toContainText("+223 70 00 00 01");
  await expect(sub).toContainText("Actif");

  // ── Customers ──
  const customer = page.getByTestId("customer").filter({ hasText: "+223 70 00 00 01" });
  await expect(customer).toContainText("Awa Traoré");
  await expect(customer).toContainText("1 abonnement(s)");
  await customer.getByRole("button", { name: "Voir ses abonnements +223 70 00 00 01" }).click();
  await expect(customer.getByTestId("subscription")).toContainText("Panier bio familial");
  await screenshots(page, "dashboard-billing-full");

  // Filters: nothing cancelled yet; the plan filter keeps the subscription.
  await subscriptions.getByLabel("Statut").selectOption("CANCELLED");
  await expect(subscriptions.getByText("Aucun abonnement ne correspond à ces filtres.")).toBeVisible();
  await subscriptions.getByLabel("Statut").selectOption("ACTIVE");
  await expect(subscriptions.getByTestId("subscription")).toHaveCount(1);

  // The link the customer receives answers with the plan's amount.
  await page.goto(new URL(linkUrl).pathname);
  await expect(page.getByRole("heading", { level: 1, name: "Panier bio familial" })).toBeVisible();
  await expect(page.getByText("4 500 FCFA").first()).toBeVisible();
  await expect(page.getByText("Boutique Abonnements").first()).toBeVisible();

  // ── Secure orders: create, detail with timeline, cancel ──
  await updateMerchant(await merchantIdOf(email), { secureOrders: true });
  await page.goto("/dashboard/secure-orders");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Commandes sécurisées");
  await page.getByLabel("Montant (FCFA)").fill("30000");
  await page.getByLabel("Description visible par l'acheteur").fill("Boubou brodé taille L");
  await page.getByLabel("Téléphone de l'acheteur").fill("+22370000001");
  await page.getByRole("button", { name: "Créer la commande" }).click();
  const order = page.getByTestId("secure-order").filter({ hasText: "Boubou brodé taille L" });
  await expect(order).toContainText("En attente de paiement");
  await expect(order).toContainText("30 000 FCFA");
  await screenshots(page, "dashboard-secure-orders-list");
  await order.getByRole("link", { name: /^Voir le détail/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/secure-orders\/[^/?]+$/);
  const detailUrl = page.url();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Commande SO-/);
  await expect(page.getByTestId("order-amount")).toHaveText("30 000 FCFA");
  await expect(page.getByTestId("order-fee")).toHaveText(/FCFA$/);
  await expect(page.getByLabel("Lien acheteur")).toHaveValue(/\/o\/[^/]+$/);
  await expect(page.getByLabel("Lien livreur")).toHaveValue(/\/d\/[^/]+$/);
  await expect(page.getByRole("button", { name: "Copier Lien acheteur" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Copier Lien livreur" })).toBeVisible();
  const timeline = page.getByTestId("order-timeline");
  await expect(timeline.getByTestId("timeline-step")).toHaveCount(1);
  await expect(timeline).toContainText("Commande créée");
  await screenshots(page, "dashboard-secure-order-detail");

  await page.getByRole("button", { name: "Annuler la commande" }).click();
  const confirm = page.getByRole("group", { name: "Annuler cette commande ?" });
  await confirm.getByLabel("Motif (facultatif, visible dans l'historique)").fill("Client injoignable");
  await confirm.getByRole("button", { name: "Oui, annuler" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Commande annulée." })).toBeVisible();
  await expect(timeline.getByTestId("timeline-step")).toHaveCount(2);
  await expect(timeline).toContainText("Commande annulée");
  await expect(timeline).toContainText("Client injoignable");
  await expect(page.getByText("Cette commande est close : elle ne peut plus être annulée.")).toBeVisible();
  await screenshots(page, "dashboard-secure-order-cancelled");

  // Back to the list, which shows the new state.
  await page.getByRole("link", { name: "Toutes les commandes" }).click();
  await expect(page.getByTestId("secure-order").filter({ hasText: "Boubou brodé taille L" })).toContainText("Annulée");

  // Live mode never shows a test order: the dashboard's 404, as for an unknown id.
  const origin = new URL(detailUrl).origin;
  await page.context().addCookies([{ name: "cauri_mode", value: "live", url: origin }]);
  const live = await page.goto(detailUrl);
  expect(live?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page introuvable");
  await page.context().addCookies([{ name: "cauri_mode", value: "test", url: origin }]);
  const unknown = await page.goto("/dashboard/secure-orders/00000000-0000-4000-8000-000000000000");
  expect(unknown?.status()).toBe(404);
});
