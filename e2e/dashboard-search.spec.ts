import { expect as baseExpect, test, type Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { expectWithinViewport, screenshots } from "./support/pages";
import { signUpOnPage } from "./support/signup";

test.describe.configure({ timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const PASSWORD = "mot de passe e2e solide";
const REFERENCE = `CMD-CHERCHE-${randomUUID().slice(0, 6).toUpperCase()}`;

/** The header's search field, on any dashboard page. */
const searchField = (page: Page) => page.getByRole("search", { name: "Recherche dans le tableau de bord" }).getByLabel("Rechercher un paiement, une commande, un lien, un client ou un retrait");

test("search: from the home page by reference and by a phone typed with spaces, then open the result", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const key = await signUpOnPage(page, { business: "Boutique Recherche", email: `e2e-search-${randomUUID().slice(0, 8)}@example.ml`, password: PASSWORD });

  const auth = { authorization: `Bearer ${key}` };
  const created = await page.request.post("/v1/payments", {
    headers: { ...auth, "x-idempotency-key": `e2e-search-${randomUUID()}` },
    data: { amount: 15_000, payment_method: "OPERATOR_MONEY", customer_phone: "+22376554433", client_reference: REFERENCE, description: "Commande tissus", return_url: "https://boutique.example.ml/merci" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const paymentId = (await created.json()).data.id as string;
  const link = await page.request.post("/v1/payment-links", { headers: auth, data: { name: "Pagne wax indigo", amount: 7_500 } });
  expect(link.status(), await link.text()).toBe(201);

  // ── By reference, typed in the header of the home page ──
  await page.goto("/dashboard");
  await searchField(page).fill(REFERENCE);
  await searchField(page).press("Enter");
  await expect(page).toHaveURL(new RegExp(`/dashboard/search\\?q=${REFERENCE}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Recherche" })).toBeVisible();
  const payments = page.getByTestId("search-group-payment");
  await expect(payments.getByRole("heading", { name: "Paiements" })).toBeVisible();
  await expect(payments.getByTestId("search-hit")).toHaveCount(1);
  await expect(payments.getByTestId("search-hit")).toContainText("En attente");
  await expect(payments.getByTestId("search-hit")).toContainText("15 000 FCFA");
  await expect(payments.getByTestId("search-hit")).toContainText("Trouvé par : référence");
  // The header keeps what was searched.
  await expect(searchField(page)).toHaveValue(REFERENCE);
  await screenshots(page, "search-reference");

  // ── By phone typed with spaces, the field focused with "/" ──
  await page.goto("/dashboard");
  // The shortcut works once the page is hydrated: press until it does.
  await expect(async () => {
    await page.keyboard.press("/");
    await expect(searchField(page)).toBeFocused({ timeout: 1_000 });
  }).toPass();
  await page.keyboard.type("76 55 44 33");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/dashboard\/search\?q=76\+55\+44\+33$/);
  const byPhone = page.getByTestId("search-group-payment").getByTestId("search-hit");
  await expect(byPhone).toHaveCount(1);
  await expect(byPhone).toContainText("Trouvé par : téléphone");
  await expect(byPhone).toContainText("+22376554433");

  // At 360 px the header field fits, and the hit's status and amount stay on screen.
  await page.setViewportSize({ width: 360, height: 740 });
  await expectWithinViewport(page, searchField(page), "the header's search field");
  await expectWithinViewport(page, byPhone.getByText("En attente"), "the payment's status");
  await expectWithinViewport(page, byPhone.getByText("15 000 FCFA"), "the payment's amount");
  await page.setViewportSize({ width: 1280, height: 800 });

  // ── Open the result: the payment's own page ──
  await byPhone.getByRole("link", { name: REFERENCE }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/payments/${paymentId}$`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText("15 000 FCFA");

  // ── An exact id opens the object directly ──
  await searchField(page).fill(paymentId);
  await searchField(page).press("Enter");
  await expect(page).toHaveURL(new RegExp(`/dashboard/payments/${paymentId}$`));

  // ── A link by part of its name ──
  await searchField(page).fill("wax");
  await searchField(page).press("Enter");
  const links = page.getByTestId("search-group-payment_link");
  await expect(links.getByTestId("search-hit")).toContainText("Actif");
  await expect(links.getByTestId("search-hit")).toContainText("7 500 FCFA");
  await links.getByRole("link", { name: "Pagne wax indigo" }).click();
  await expect(page).toHaveURL(/\/dashboard\/links\/link_/);

  // ── Too few digits for a phone, and nothing found: both said in words ──
  await page.goto("/dashboard/search?q=443");
  await expect(page.getByRole("note").filter({ hasText: "au moins 4 chiffres" })).toBeVisible();
  await expect(page.getByText("Aucun résultat pour « 443 » dans ce mode.")).toBeVisible();
  await screenshots(page, "search-empty");

  // English, and the prompt before anything is typed.
  await page.goto("/dashboard/search?lang=en");
  await expect(page.getByRole("heading", { level: 1, name: "Search" })).toBeVisible();
  await expect(page.getByText("Type an id (txn_…")).toBeVisible();
  await expect(page.getByRole("search", { name: "Dashboard search" }).locator('input[name="lang"]')).toHaveValue("en");
});
