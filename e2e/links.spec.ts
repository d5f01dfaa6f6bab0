import { expect, test, type APIRequestContext } from "@playwright/test";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { createMerchant, type TestMerchant } from "./support/merchant";

let merchant: TestMerchant;

test.beforeAll(async () => {
  merchant = await createMerchant({ name: "Coopérative de Ségou" });
});

const auth = () => ({ authorization: `Bearer ${merchant.test_key}` });

async function createLink(request: APIRequestContext, body: Record<string, unknown>) {
  const response = await request.post("/v1/payment-links", { headers: auth(), data: body });
  expect(response.status()).toBe(201);
  const { data } = await response.json();
  // `url` carries the server's public origin; the browser uses the suite's base URL.
  return { ...data, path: new URL(data.url).pathname } as { id: string; slug: string; url: string; path: string };
}

test("a customer pays an OPEN link choosing an amount, through the hosted checkout, and is thanked", async ({ page, request }) => {
  const link = await createLink(request, { name: "Don pour la coopérative", description: "Soutenez les tisserandes.", mode: "OPEN", min_amount: 500, max_amount: 50_000 });
  await page.goto(link.path);
  await expect(page.getByRole("heading", { level: 1, name: "Don pour la coopérative" })).toBeVisible();
  // The merchant leads the header (its initials and name, issue 29) and is named on the page.
  await expect(page.getByRole("banner").getByTestId("merchant-name")).toHaveText("Coopérative de Ségou");
  await expect(page.getByRole("main").getByText("Coopérative de Ségou")).toBeVisible();
  await expect(page.getByText("Soutenez les tisserandes.")).toBeVisible();
  await expect(page.getByRole("note")).toContainText("Mode test");

  const amount = page.getByLabel("Montant à payer (FCFA)");
  await amount.fill("100");
  await page.getByLabel("Votre numéro mobile money").fill("70 00 00 01");
  await page.getByRole("button", { name: "Continuer vers le paiement" }).click();
  await expect(page.getByText("Saisissez un montant entier entre 500 FCFA et 50 000 FCFA.")).toBeVisible();
  await expect(amount).toHaveAttribute("aria-invalid", "true");

  await amount.fill("2500");
  await page.getByRole("button", { name: "Payer 2 500 FCFA" }).click();
  await page.waitForURL(/\/checkout\/txn_/);
  const paymentId = new URL(page.url()).pathname.split("/").pop()!;

  // The hosted checkout: the number typed on the link page was pushed with the same tap (issue 29), the simulator approves at once.
  // The success screen lasts 2 s before going back: waitFor watches it continuously.
  await page.getByRole("heading", { name: "Paiement réussi" }).waitFor();

  // Back on the link page (the link has no success_redirect_url): the thank-you view.
  await page.waitForURL((url) => url.pathname === link.path && url.search.includes(paymentId));
  await expect(page.getByRole("heading", { name: "Merci, paiement reçu !" })).toBeVisible();
  await expect(page.getByText("Coopérative de Ségou a bien reçu votre paiement de 2 500 FCFA.")).toBeVisible();

  const read = await request.get(`/v1/payment-links/by-id/${link.id}`, { headers: auth() });
  expect((await read.json()).data).toMatchObject({ total_collected: 2_500, payment_count: 1 });
});

test("a FIXED link redirects to its success_redirect_url after payment", async ({ page, request }) => {
  const link = await createLink(request, { title: "Pagne wax", price: 12_500, redirect_url: "https://cooperative.invalid/merci" });
  await page.route("https://cooperative.invalid/**", (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<h1>Merci de votre achat</h1>" }));
  await page.goto(link.path);
  await expect(page.getByText("12 500 FCFA").first()).toBeVisible();
  await page.getByLabel("Votre numéro mobile money").fill("+22370000001");
  await page.getByRole("button", { name: "Payer 12 500 FCFA" }).click();
  await page.waitForURL(/\/checkout\/txn_/);
  await page.waitForURL((url) => url.hostname === "cooperative.invalid");
  expect(new URL(page.url()).pathname).toBe("/merci");
});

test("the QR code PNG decodes to the link's URL", async ({ request }) => {
  const link = await createLink(request, { name: "Cotisation", amount: 1_000 });
  const png = await request.get(`/v1/payment-links/${link.slug}/qr?format=png&size=256`);
  expect(png.status()).toBe(200);
  expect(png.headers()["content-type"]).toBe("image/png");
  expect(png.headers()["etag"]).toBeTruthy();
  const image = PNG.sync.read(await png.body());
  expect(image.width).toBe(256);
  expect(jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data).toBe(link.url);

  const json = await (await request.get(`/v1/payment-links/${link.slug}/qr`)).json();
  expect(json.data.url).toBe(link.url);
  const fromJson = PNG.sync.read(Buffer.from(json.data.qr_code.replace(/^data:image\/png;base64,/, ""), "base64"));
  expect(jsQR(new Uint8ClampedArray(fromJson.data), fromJson.width, fromJson.height)?.data).toBe(link.url);

  const cached = await request.get(`/v1/payment-links/${link.slug}/qr?format=png&size=256`, { headers: { "if-none-match": png.headers()["etag"] } });
  expect(cached.status()).toBe(304);
});

test("a deactivated link says so, a deleted one answers 410 and says it no longer exists (its QR too), an unknown one 404", async ({ page, request }) => {
  const link = await createLink(request, { name: "Soldes", amount: 5_000 });
  await request.patch(`/v1/payment-links/${link.id}/deactivate`, { headers: auth() });
  expect((await page.goto(link.path))?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "Ce lien ne prend pas de paiement pour le moment" })).toBeVisible();
  await expect(page.getByLabel("Votre numéro mobile money")).toHaveCount(0);

  await request.delete(`/v1/payment-links/${link.id}`, { headers: auth() });
  expect((await page.goto(`${link.path}?lang=en`))?.status()).toBe(410);
  await expect(page.getByRole("heading", { level: 1, name: "This payment link no longer exists" })).toBeVisible();
  expect((await request.get(`/v1/payment-links/${link.slug}/qr?format=png`)).status()).toBe(410);

  expect((await page.goto("/l/aucun-lien-de-ce-nom"))?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("the link page fits a 360px phone", async ({ page, request }) => {
  const link = await createLink(request, { name: "Un nom de lien assez long pour tester le retour à la ligne sur un petit écran", mode: "OPEN", min_amount: 100, max_amount: 5_000_000 });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(link.path);
  await expect(page.getByLabel("Montant à payer (FCFA)")).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
