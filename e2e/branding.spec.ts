import { expect, test, type Browser, type Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { LOGO_MAX_BYTES } from "../lib/branding/image";
import { HTML_PAGE, png, SVG_WITH_SCRIPT } from "../lib/branding/test-images";
import { asOwnCustomer } from "./support/customer-ip";
import { merchantIdOf } from "./support/merchant";
import { screenshots } from "./support/pages";
import { signUpOnPage } from "./support/signup";

test.describe.configure({ timeout: 240_000 });
test.beforeEach(({ context }) => asOwnCustomer(context));

const ACCENT = "#7a1f5c";
const PAGE_BUDGET = 200 * 1024;
const logoFile = png(160, 40, { grey: 0x30 });

/** What the page's first load moved over the network: the document and every resource, as the browser counts them. */
async function firstLoadBytes(page: Page): Promise<number> {
  return page.evaluate(() =>
    [...performance.getEntriesByType("navigation"), ...performance.getEntriesByType("resource")].reduce((sum, e) => sum + (e as PerformanceResourceTiming).transferSize, 0),
  );
}

/** The first load of a page in a fresh context (cold cache), once it is idle. */
async function coldLoadBytes(browser: Browser, path: string, ready: (page: Page) => Promise<void>): Promise<number> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(path, { waitUntil: "networkidle" });
  await ready(page);
  const bytes = await firstLoadBytes(page);
  await context.close();
  return bytes;
}

async function upload(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.getByLabel("Fichier du logo").setInputFiles(file);
  await page.getByRole("button", { name: "Envoyer le logo" }).click();
}

test("branding: logo refused when too large, not an image, or SVG; accepted by content; shown with the accent on checkout and link pages, under 200 KB", async ({ page, browser }) => {
  const email = `e2e-brand-${randomUUID().slice(0, 8)}@example.ml`;
  const key = await signUpOnPage(page, { business: "Boutique Awa Traoré", email, password: "mot de passe e2e solide" });
  const merchantId = await merchantIdOf(email);
  const auth = { authorization: `Bearer ${key}` };
  const created = await page.request.post("/v1/payments", {
    headers: { ...auth, "x-idempotency-key": `e2e-brand-${randomUUID()}` },
    data: { amount: 12_500, payment_method: "OPERATOR_MONEY", customer_phone: "+22376554433", return_url: "https://boutique.example.ml/merci", description: "Commande n° 7" },
  });
  expect(created.status()).toBe(201);
  const checkoutPath = new URL((await created.json()).data.redirect_url).pathname;
  const link = await page.request.post("/v1/payment-links", { headers: auth, data: { name: "Panier de mangues", amount: 5_000 } });
  expect(link.status()).toBe(201);
  const linkPath = new URL((await link.json()).data.url).pathname;

  // ── Without a logo: the initials, in the service's colour ──
  await page.goto(checkoutPath);
  await expect(page.getByRole("banner").getByTestId("merchant-initials")).toHaveText("BA");
  await expect(page.getByRole("banner").getByTestId("merchant-name")).toHaveText("Boutique Awa Traoré");
  const unbranded = await coldLoadBytes(browser, checkoutPath, (p) => expect(p.getByRole("banner").getByTestId("merchant-initials")).toBeVisible());

  // ── The dashboard refuses what is not a small PNG or JPEG, next to the field ──
  await page.goto("/dashboard/settings/branding");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Logo et couleur");
  const error = page.getByTestId("logo-error");
  await upload(page, { name: "logo.png", mimeType: "image/png", buffer: png(64, 64, { size: LOGO_MAX_BYTES + 1 }) });
  await expect(error).toContainText("Fichier trop lourd (20 Ko)");
  await expect(page.getByLabel("Fichier du logo")).toHaveAttribute("aria-invalid", "true");
  await upload(page, { name: "logo.png", mimeType: "image/png", buffer: HTML_PAGE });
  await expect(error).toContainText("ni un PNG ni un JPEG");
  await upload(page, { name: "logo.svg", mimeType: "image/svg+xml", buffer: SVG_WITH_SCRIPT });
  await expect(error).toContainText("Le format SVG n'est pas accepté : envoyez un PNG ou un JPEG.");
  await expect(page.getByText("Aucun logo : vos initiales sont affichées.")).toBeVisible();

  // A PNG named .jpg and declared JPEG is taken for what it is: a PNG.
  await upload(page, { name: "logo.jpg", mimeType: "image/jpeg", buffer: logoFile });
  await expect(page.getByText("Logo enregistré.")).toBeVisible();
  await expect(error).toHaveCount(0);
  await expect(page.getByText(/Logo actuel : PNG/)).toBeVisible();
  await expect(page.getByTestId("brand-preview").getByTestId("merchant-logo")).toHaveAttribute("src", new RegExp(`^/brand/${merchantId}/[0-9a-f]{16}\\.png$`));

  // ── The accent: a light colour refused with its ratio, a dark one kept ──
  const colour = page.getByLabel("Code de la couleur (#RRGGBB)");
  await colour.fill("#f0c000");
  await expect(page.getByTestId("accent-contrast")).toContainText("4,5:1 au moins nécessaire");
  await page.getByRole("button", { name: "Enregistrer la couleur" }).click();
  await expect(page.getByText(/Couleur trop claire : contraste de 1,\d\d:1/)).toBeVisible();
  await expect(colour).toHaveAttribute("aria-invalid", "true");
  await colour.fill(ACCENT);
  await page.getByRole("button", { name: "Enregistrer la couleur" }).click();
  await expect(page.getByText("Couleur enregistrée.")).toBeVisible();
  await screenshots(page, "dashboard-branding");

  // ── The checkout and link pages show the logo and take the accent ──
  for (const path of [checkoutPath, linkPath]) {
    await page.goto(path);
    const logo = page.getByRole("banner").getByTestId("merchant-logo");
    await expect(logo).toHaveAttribute("src", new RegExp(`^/brand/${merchantId}/[0-9a-f]{16}\\.png$`));
    await expect(logo).toHaveAttribute("alt", "Boutique Awa Traoré");
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(160);
    const brandVar = await page.locator("div[lang]").first().evaluate((el) => getComputedStyle(el).getPropertyValue("--color-brand").trim());
    expect(brandVar).toBe(ACCENT);
  }
  const logoUrl = (await page.getByRole("banner").getByTestId("merchant-logo").getAttribute("src"))!;
  const served = await page.request.get(logoUrl);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toBe("image/png");
  expect(served.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(served.headers()["x-content-type-options"]).toBe("nosniff");
  expect((await page.request.get(logoUrl.replace(/\/[0-9a-f]{16}\.png$/, "/0000000000000000.png"))).status()).toBe(404);

  // ── First load of the branded checkout, cold cache: under the budget, and the brand costs the logo file and little more ──
  const branded = await coldLoadBytes(browser, checkoutPath, (p) => expect(p.getByRole("banner").getByTestId("merchant-logo")).toBeVisible());
  console.log(`checkout first load: ${unbranded} bytes with initials, ${branded} bytes with a ${logoFile.length}-byte logo`);
  expect(branded).toBeLessThan(PAGE_BUDGET);
  expect(branded - unbranded).toBeLessThan(logoFile.length + 2_048);

  await page.goto(checkoutPath);
  await screenshots(page, "checkout-branded");
});
