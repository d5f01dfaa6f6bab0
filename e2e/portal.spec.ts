import { expect, test, type APIRequestContext } from "@playwright/test";
import { createMerchant, type TestMerchant } from "./support/merchant";

let merchant: TestMerchant;

test.beforeEach(async () => {
  // A merchant per test: the sandbox clock is per merchant and one test moves it.
  merchant = await createMerchant({ name: "Club Sport Bamako" });
});

const auth = () => ({ authorization: `Bearer ${merchant.test_key}` });

async function subscribed(request: APIRequestContext, phone: string, planName = "Abonnement salle") {
  const plan = await (await request.post("/v1/billing/plans", { headers: auth(), data: { name: planName, amount: 5_000, interval: "MONTHLY" } })).json();
  const sub = await (await request.post("/v1/billing/subscriptions", { headers: auth(), data: { plan_id: plan.data.id, customer_phone: phone } })).json();
  expect(sub.success).toBe(true);
  return sub.data as { id: string };
}

async function portal(request: APIRequestContext, phone: string) {
  const response = await request.post("/v1/portal/sessions", { headers: auth(), data: { customer_phone: phone, customer_name: "Awa", return_url: "https://club.invalid/compte" } });
  expect(response.status()).toBe(201);
  const { data } = await response.json();
  return new URL(data.url).pathname;
}

test("a customer cancels a subscription in the portal, after confirming", async ({ page, request }) => {
  const sub = await subscribed(request, "+22370000001");
  const path = await portal(request, "+22370000001");
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1, name: "Votre espace client" })).toBeVisible();
  await expect(page.getByText("Vos abonnements et paiements chez Club Sport Bamako.")).toBeVisible();
  const card = page.getByRole("listitem").filter({ hasText: "Abonnement salle" });
  await expect(card.getByText("Actif")).toBeVisible();
  await expect(card.getByText("5 000 FCFA")).toBeVisible();
  await expect(page.getByRole("link", { name: /Retour sur le site du marchand/ })).toHaveAttribute("href", "https://club.invalid/compte");

  await card.getByRole("button", { name: "Résilier l'abonnement" }).click();
  await expect(card.getByRole("heading", { name: "Résilier « Abonnement salle » ?" })).toBeFocused();
  await card.getByRole("button", { name: "Garder mon abonnement" }).click();
  expect((await (await request.get(`/v1/billing/subscriptions/${sub.id}`, { headers: auth() })).json()).data.status).toBe("ACTIVE");

  await card.getByRole("button", { name: "Résilier l'abonnement" }).click();
  await card.getByRole("button", { name: "Oui, résilier" }).click();
  await expect(card.getByText("Votre abonnement est résilié. Vous ne serez plus prélevé.")).toBeVisible();
  await expect(card.getByText("Résilié", { exact: true })).toBeVisible();
  expect((await (await request.get(`/v1/billing/subscriptions/${sub.id}`, { headers: auth() })).json()).data).toMatchObject({ status: "CANCELLED", cancel_reason: "customer_portal" });
});

test("a customer pays an overdue period now from the portal", async ({ page, request }) => {
  await subscribed(request, "+22370000002", "Cours de danse");
  // One second on the sandbox clock runs the billing cycle: the first collection fails (…02).
  await request.post("/v1/sandbox/clock/advance", { headers: auth(), data: { seconds: 1 } });
  await page.goto(await portal(request, "+22370000002"));
  const card = page.getByRole("listitem").filter({ hasText: "Cours de danse" });
  await expect(card.getByText("Paiement en retard")).toBeVisible();
  await expect(card.getByText("Le dernier prélèvement de 5 000 FCFA a échoué.")).toBeVisible();
  await expect(page.getByRole("cell", { name: "Échoué" })).toBeVisible();
  await card.getByRole("button", { name: "Payer 5 000 FCFA maintenant" }).click();
  await page.waitForURL(/\/checkout\/txn_/);
  await expect(page.getByText("5 000 FCFA").first()).toBeVisible();
});

test("a customer adds a missing e-mail; the name the merchant recorded is read-only", async ({ page, request }) => {
  await subscribed(request, "+22370000001");
  // The merchant's session recorded the name "Awa" and no e-mail.
  await page.goto(`${await portal(request, "+22370000001")}?lang=en`);
  await expect(page.getByRole("heading", { level: 1, name: "Your customer account" })).toBeVisible();
  await expect(page.getByLabel("Name")).toBeDisabled();
  await expect(page.getByLabel("Name")).toHaveValue("Awa");
  await expect(page.getByText("Already on record: to change it, contact the merchant.")).toBeVisible();
  await page.getByLabel("E-mail address").fill("awa@");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Enter a valid e-mail address")).toBeVisible();
  await page.getByLabel("E-mail address").fill("awa@example.ml");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Your details are saved.")).toBeVisible();
  // Both details on record now: nothing left to fill, no save button.
  await expect(page.getByLabel("E-mail address")).toBeDisabled();
  await expect(page.getByRole("button", { name: "Save" })).toHaveCount(0);
  const customers = await (await request.get("/v1/billing/customers?search=Awa", { headers: auth() })).json();
  expect(customers.data).toEqual([expect.objectContaining({ name: "Awa", email: "awa@example.ml", phone: "+22370000001" })]);
});

test("an expired portal session shows the expiry page and no data", async ({ page, request }) => {
  await subscribed(request, "+22370000001", "Plan secret");
  const path = await portal(request, "+22370000001");
  const advanced = await request.post("/v1/sandbox/clock/advance", { headers: auth(), data: { seconds: 24 * 3600 } });
  expect(advanced.status()).toBe(200);
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1, name: "Ce lien a expiré" })).toBeVisible();
  await expect(page.getByText("Demandez au marchand de vous envoyer un nouveau lien.")).toBeVisible();
  await expect(page.getByText("Plan secret")).toHaveCount(0);
  await expect(page.getByText("Club Sport Bamako")).toHaveCount(0);
});

test("an unknown portal link says it is not valid", async ({ page }) => {
  await page.goto(`/portal/${"A".repeat(43)}`);
  await expect(page.getByRole("heading", { level: 1, name: "Ce lien n'est pas valide" })).toBeVisible();
});
