import { expect, test } from "@playwright/test";

const GUIDES = ["/docs", "/docs/quick-start", "/docs/test-mode", "/docs/test-clock", "/docs/idempotency", "/docs/webhooks", "/docs/errors", "/docs/client", "/docs/going-live", "/docs/secure-orders", "/docs/migrating"];

test.describe("documentation", () => {
  test("/docs renders with bilingual navigation", async ({ page }, testInfo) => {
    await page.goto("/docs");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cauri API");
    const nav = page.getByRole("navigation", { name: "Documentation" });
    await expect(nav.getByRole("link", { name: /Démarrage rapide\s*Quick start/ })).toHaveAttribute("href", "/docs/quick-start");
    await expect(nav.getByRole("link", { name: /Accueil\s*Overview/ })).toHaveAttribute("aria-current", "page");
    await page.screenshot({ path: testInfo.outputPath("docs-1280.png"), fullPage: true });
    await testInfo.attach("docs-1280", { path: testInfo.outputPath("docs-1280.png"), contentType: "image/png" });
  });

  test("the interactive reference renders the generated document in Chromium", async ({ page }, testInfo) => {
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto("/docs/reference");
    await expect(page.getByRole("heading", { name: "Cauri merchant payments API" })).toBeVisible({ timeout: 30_000 });
    // The decisions from the README, and the operations of the routes themselves.
    await expect(page.getByRole("heading", { name: "Decisions where the contract is silent" })).toBeAttached();
    const sidebar = page.getByRole("navigation", { name: /^Sidebar/ });
    await sidebar.getByRole("button", { name: /^Payments/ }).click();
    await expect(sidebar.getByText("Create a payment")).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("reference-1280.png") });
    await testInfo.attach("reference-1280", { path: testInfo.outputPath("reference-1280.png"), contentType: "image/png" });
    expect(errors).toEqual([]);
  });

  test("the quick start's samples use the address the reader is on", async ({ page, baseURL }) => {
    await page.goto("/docs/quick-start");
    await expect(page.getByText(`export CAURI_URL=${baseURL}`)).toBeVisible();
    await expect(page.getByText("X-Idempotency-Key: $(").first()).toBeVisible();
  });

  test("the error guide lists the catalogue", async ({ page }) => {
    await page.goto("/docs/errors");
    for (const code of ["RATE_LIMIT_EXCEEDED", "IDEMPOTENCY_KEY_REQUIRED", "INVALID_AMOUNT", "PAID_SUBSCRIPTION_REQUIRED"]) {
      await expect(page.locator(`code#${code}`)).toBeVisible();
    }
  });

  test("every guide fits a 360px phone without horizontal scrolling", async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 360, height: 740 });
    for (const path of GUIDES) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
    }
    await page.goto("/docs/webhooks");
    await page.screenshot({ path: testInfo.outputPath("webhooks-360.png"), fullPage: true });
    await testInfo.attach("webhooks-360", { path: testInfo.outputPath("webhooks-360.png"), contentType: "image/png" });
  });
});
