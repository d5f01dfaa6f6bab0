import { expect, test } from "@playwright/test";

test.describe("landing page", () => {
  test("is in French for a French browser", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Encaissez");
    await expect(page.getByRole("link", { name: "Ouvrir le tableau de bord" }).first()).toHaveAttribute("href", "/dashboard");
    await expect(page.getByRole("link", { name: "Lire la documentation de l'API" })).toHaveAttribute("href", "/docs");
  });

  test("falls back to French for a browser in a language we do not offer", async ({ browser }) => {
    const context = await browser.newContext({ locale: "de-DE" });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Encaissez");
    await context.close();
  });

  test("is in English with ?lang=en", async ({ page }) => {
    await page.goto("/?lang=en");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Get paid by mobile money");
    await expect(page.getByRole("link", { name: "Read the API documentation" })).toHaveAttribute("href", "/docs");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });

  test("follows an English browser when no language was chosen", async ({ browser }) => {
    const context = await browser.newContext({ locale: "en-US" });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Get paid by mobile money");
    await context.close();
  });

  test("remembers the language picked with the switch", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("navigation", { name: "Langue" }).getByRole("link", { name: "English" }).click();
    await expect(page).toHaveURL(/\?lang=en$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Get paid by mobile money");

    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Get paid by mobile money");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });

  test("fits a 360px phone without horizontal scrolling", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test("an unknown page answers 404 in the visitor's language", async ({ page }) => {
  const response = await page.goto("/cette-page-n-existe-pas");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page introuvable");
});

test("an unknown API route answers the JSON error envelope with 404", async ({ request }) => {
  const response = await request.get("/v1/does-not-exist");
  expect(response.status()).toBe(404);
  expect(response.headers()["content-type"]).toContain("application/json");
  const body = await response.json();
  expect(body).toMatchObject({ success: false, error: { code: "NOT_FOUND" } });
  expect(typeof body.error.message).toBe("string");
});
