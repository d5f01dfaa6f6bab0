import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

const GUIDES = [
  "/docs",
  "/docs/quick-start",
  "/docs/reference",
  "/docs/reference/payments",
  "/docs/test-mode",
  "/docs/test-clock",
  "/docs/idempotency",
  "/docs/webhooks",
  "/docs/errors",
  "/docs/client",
  "/docs/cli",
  "/docs/going-live",
  "/docs/secure-orders",
  "/docs/invoices",
  "/docs/migrating",
];

const SIZES = [
  { width: 1280, height: 800 },
  { width: 360, height: 740 },
];

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(" | ")})`);
}

/** Bytes on the wire for a page load: HTML, scripts, styles and fonts, as the browser received them. */
async function transferredBytes(page: Page, path: string): Promise<number> {
  const client = await page.context().newCDPSession(page);
  await client.send("Network.enable");
  await client.send("Network.setCacheDisabled", { cacheDisabled: true });
  let total = 0;
  client.on("Network.loadingFinished", (event) => (total += event.encodedDataLength));
  await page.goto(path, { waitUntil: "networkidle" });
  await client.detach();
  return total;
}

test.describe("documentation", () => {
  // The guides are read-only pages: the tests share nothing, so the workers split them (5 min in a row).
  test.describe.configure({ mode: "parallel" });

  // Both sizes in French (the longer copy, the first language), English at desktop width: the two
  // languages share their markup and styles, and an English run at 360 px cost 2.5 min of CI.
  const runs = SIZES.flatMap((size) => (size.width < 1000 ? ["fr"] : ["fr", "en"]).map((lang) => ({ size, lang })));
  for (const { size, lang } of runs) {
    test(`every guide in ${lang} has no serious or critical axe violation at ${size.width}×${size.height}`, async ({ page }) => {
      // 14 pages with axe each: slow on a loaded CI box, not a behaviour.
      test.setTimeout(420_000);
      await page.setViewportSize(size);
      for (const path of GUIDES) {
        const response = await page.goto(`${path}?lang=${lang}`);
        expect(response?.status(), path).toBe(200);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expect(page.locator("html")).toHaveAttribute("lang", lang);
        expect(await seriousViolations(page), `${path}?lang=${lang}`).toEqual([]);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
      }
    });
  }

  test("French by default; the language switch keeps the page and sets <html lang>", async ({ page }, testInfo) => {
    await page.goto("/docs/going-live");
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Passer en production");
    const nav = page.getByRole("navigation", { name: "Sommaire de la documentation" });
    await expect(nav.getByRole("link", { name: "Passer en production" })).toHaveAttribute("aria-current", "page");

    await page.getByRole("navigation", { name: "Langue" }).getByRole("link", { name: "English" }).click();
    await expect(page).toHaveURL(/\/docs\/going-live\?lang=en$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Going live");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    // The choice is remembered: the next guide opens in English without ?lang.
    await page.goto("/docs/webhooks");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Webhooks and signature verification");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.screenshot({ path: testInfo.outputPath("webhooks-en.png"), fullPage: true });

    await page.getByRole("navigation", { name: "Language" }).getByRole("link", { name: "Français" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Webhooks et vérification des signatures");
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  });

  test("the going-live guide says what the KYC form asks and how documents reach the team", async ({ page }) => {
    await page.goto("/docs/going-live?lang=fr");
    await expect(page.getByText("Le formulaire ne demande aucun document")).toBeVisible();
    await expect(page.getByText(/numéro RCCM/)).toBeVisible();
    await page.goto("/docs/going-live?lang=en");
    await expect(page.getByText("The form asks for no documents")).toBeVisible();
  });

  test("the quick start's tabs work with the keyboard and its samples use the reader's address", async ({ page, baseURL }, testInfo) => {
    const bytes = await transferredBytes(page, "/docs/quick-start?lang=en");
    console.log(`/docs/quick-start transferred ${bytes} bytes`);
    testInfo.annotations.push({ type: "quick-start bytes", description: String(bytes) });
    expect(bytes).toBeLessThan(400_000);

    await expect(page.getByText(`export CAURI_URL=${baseURL}`)).toBeVisible();
    const tabs = page.getByRole("tablist", { name: "Program language" });
    const curl = tabs.getByRole("tab", { name: "curl" });
    await expect(curl).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel", { name: "curl" }).first()).toContainText("X-Idempotency-Key: $(");

    await curl.focus();
    await page.keyboard.press("ArrowRight");
    const node = tabs.getByRole("tab", { name: "Node.js" });
    await expect(node).toBeFocused();
    await expect(node).toHaveAttribute("aria-selected", "true");
    await expect(curl).toHaveAttribute("tabindex", "-1");
    await expect(page.getByRole("tabpanel", { name: "Node.js" }).first()).toContainText("crypto.randomUUID()");

    await page.keyboard.press("End");
    await expect(tabs.getByRole("tab", { name: "PHP" })).toBeFocused();
    await expect(page.getByRole("tabpanel", { name: "PHP" }).first()).toContainText("file_get_contents");
    await page.keyboard.press("ArrowRight");
    await expect(curl).toBeFocused();
    await page.keyboard.press("ArrowLeft");
    await expect(tabs.getByRole("tab", { name: "PHP" })).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Home");
    await expect(curl).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect(tabs.getByRole("tab", { name: "Python" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel", { name: "Python" }).first()).toContainText("urllib.request");
  });

  test("the reference is server-rendered from the generated document, with anchors per operation", async ({ page }, testInfo) => {
    const bytes = await transferredBytes(page, "/docs/reference?lang=en");
    console.log(`/docs/reference transferred ${bytes} bytes`);
    testInfo.annotations.push({ type: "reference bytes", description: String(bytes) });

    await expect(page.getByRole("heading", { level: 1 })).toHaveText("API reference");
    await page.getByRole("link", { name: "Create a payment", exact: true }).click();
    await expect(page).toHaveURL(/\/docs\/reference\/payments\?lang=en#postPayments$/);
    const operation = page.locator("section", { has: page.locator("h2#postPayments") });
    await expect(operation.getByRole("heading", { level: 2 })).toHaveText("Create a payment");
    await expect(operation.getByText("POST", { exact: true })).toBeVisible();
    await expect(operation.getByRole("table", { name: "POST /v1/payments: request body" }).getByText("customer_phone", { exact: true })).toBeVisible();
    await expect(operation.getByRole("table", { name: "POST /v1/payments: errors" }).getByText("IDEMPOTENCY_KEY_REQUIRED")).toBeVisible();
    await expect(operation.getByRole("table", { name: "POST /v1/payments: parameters" }).getByText("X-Idempotency-Key")).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("reference-payments-1280.png") });

    // Routes added this session appear without anyone writing them here.
    await page.goto("/docs/reference/balance?lang=en");
    await expect(page.getByText("GET /v1/balance/transactions").first()).toBeVisible();
    expect((await page.goto("/docs/reference/no-such-topic"))?.status()).toBe(404);
  });

  test("the error guide lists the catalogue", async ({ page }) => {
    await page.goto("/docs/errors");
    for (const code of ["RATE_LIMIT_EXCEEDED", "IDEMPOTENCY_KEY_REQUIRED", "INVALID_AMOUNT", "PAID_SUBSCRIPTION_REQUIRED"]) {
      await expect(page.locator(`code#${code}`)).toBeVisible();
    }
  });
});
