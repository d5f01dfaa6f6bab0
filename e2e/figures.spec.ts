import { expect as baseExpect, test, type APIRequestContext } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { screenshots } from "./support/pages";
import { signUpOnPage } from "./support/signup";

// Issue 32, the figures: a merchant reads collected, success rate and the charts at a glance, at
// 360 px and on a desktop, with each chart's data as a table for screen readers. The sums' exactness
// at the period's edges and at 1,000,000 payments is lib/figures/queries.test.ts and bench/figures.ts.
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

async function paidOrFailed(request: APIRequestContext, key: string, amount: number, outcome: "SUCCESS" | "FAILED") {
  const headers = { authorization: `Bearer ${key}` };
  const created = await request.post("/v1/payments", {
    headers: { ...headers, "x-idempotency-key": randomUUID() },
    data: { amount, payment_method: "OPERATOR_MONEY", customer_phone: "+22376001122", return_url: "https://boutique.example/merci" },
  });
  expect(created.status()).toBe(201);
  const id = (await created.json()).data.id as string;
  const simulated = await request.post(`/v1/sandbox/payments/${id}/simulate`, { headers, data: { outcome } });
  expect((await simulated.json()).data.status).toBe(outcome);
}

test("the figures page shows what was collected and the success rate, each chart with its table, readable at 360 px", async ({ page }) => {
  const key = await signUpOnPage(page, { business: `Boutique Chiffres ${randomUUID().slice(0, 6)}`, email: `figures-${randomUUID().slice(0, 8)}@example.ml`, password: "mot de passe e2e solide" });
  await paidOrFailed(page.request, key, 5_000, "SUCCESS");
  await paidOrFailed(page.request, key, 7_500, "SUCCESS");
  await paidOrFailed(page.request, key, 20_000, "FAILED");

  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/dashboard/figures");
  // The navigation names the page (behind the menu button at 360 px).
  await expect(page.locator('a[href="/dashboard/figures"]').first()).toHaveText(/Chiffres/);
  await expect(page.getByTestId("figures-page")).toBeVisible();
  await expect(page.getByTestId("figures-period-30")).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("figures-tile-collected")).toContainText("12 500 FCFA");
  await expect(page.getByTestId("figures-tile-success-rate")).toContainText("66,7 %");
  for (const chart of ["collected", "outcomes", "origins", "reasons"]) await expect(page.getByTestId(`figures-${chart}-chart`)).toBeVisible();
  // The operator's reason, in the merchant's language as on the payment's page.
  await expect(page.getByTestId("figures-reasons-chart")).toContainText("Échec simulé : le client a refusé le paiement (test).");
  // Simulated outcomes were never pushed to a phone: no confirmation time to chart, and the page says so.
  await expect(page.getByTestId("figures-times-chart")).toHaveCount(0);

  // A chart's data as a table: today's row carries the day's sum.
  const collected = page.getByTestId("figures-collected-chart");
  await collected.getByText("Voir les données").click();
  await expect(collected.getByRole("table")).toBeVisible();
  await expect(collected.getByRole("table")).toContainText("12 500 FCFA");
  await screenshots(page, "figures-30-days");

  // Another period keeps today's payments and says which one is chosen.
  await page.getByTestId("figures-period-7").click();
  await expect(page.getByTestId("figures-period-7")).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("figures-period-30")).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByTestId("figures-tile-collected")).toContainText("12 500 FCFA");
  await screenshots(page, "figures-7-days");
});
