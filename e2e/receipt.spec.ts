import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { asOwnCustomer } from "./support/customer-ip";
import { createMerchant, type TestMerchant } from "./support/merchant";
import { screenshots } from "./support/pages";
import { asSlowPhone } from "./support/throttle";

let merchant: TestMerchant;
let seq = 0;

// The merchant's site, a host that never resolves. The checkout leaves for it 2 s after SUCCESS,
// with or without script; the test cancels that navigation so the success screen stays to be read.
// A success screen is never navigated again (its redirect could cancel that navigation): other pages
// open in pages of their own, as a shared link would.
const RETURN_URL = "https://boutique-awa.invalid/merci";

test.beforeEach(async ({ context }) => {
  await asOwnCustomer(context);
  await context.route("https://boutique-awa.invalid/**", (route) => route.abort("aborted"));
});

test.beforeAll(async () => {
  merchant = await createMerchant({ name: "Boutique Awa" });
});

/** A test payment, to be settled by the checkout's simulator or the sandbox API. */
async function createPayment(request: APIRequestContext) {
  const response = await request.post("/v1/payments", {
    headers: { authorization: `Bearer ${merchant.test_key}`, "x-idempotency-key": `e2e-receipt-${Date.now()}-${++seq}` },
    data: { amount: 12_500, payment_method: "OPERATOR_MONEY", customer_phone: "+22376554433", return_url: RETURN_URL, description: "Commande n° 1042", client_reference: "CMD-1042" },
  });
  expect(response.status()).toBe(201);
  const { data } = await response.json();
  // redirect_url carries the server's public origin (the one shared links use); the browser uses the suite's base URL.
  const redirect = new URL(data.redirect_url);
  return { id: data.id as string, path: redirect.pathname, publicOrigin: redirect.origin };
}

async function succeedThroughApi(request: APIRequestContext, id: string) {
  const response = await request.post(`/v1/sandbox/payments/${id}/simulate`, { headers: { authorization: `Bearer ${merchant.test_key}` }, data: { outcome: "SUCCESS" } });
  expect(response.status()).toBe(200);
  return (await response.json()).data as { provider_ref: string | null };
}

/** The success screen's receipt card, and the receipt path it links to. */
async function receiptOnSuccessScreen(page: Page) {
  const card = page.getByTestId("checkout-receipt");
  await expect(card).toBeVisible();
  await expect(card).toContainText("Boutique Awa");
  await expect(card).toContainText("12 500 FCFA");
  const href = await page.getByTestId("receipt-view").getAttribute("href");
  expect(href).toMatch(/^\/r\/[A-Za-z0-9_-]{40,}\?lang=fr$/);
  return href!.split("?")[0];
}

test("a payment paid on the checkout shows a receipt card, whose page, PDF and WhatsApp link carry the receipt", async ({ page, request }) => {
  const { id, path, publicOrigin } = await createPayment(request);
  await page.goto(path);
  await page.getByRole("button", { name: "Réussir le paiement" }).click();
  await expect(page.getByRole("heading", { name: "Paiement réussi" })).toBeVisible();
  const receiptPath = await receiptOnSuccessScreen(page);
  await expect(page.getByTestId("checkout-receipt")).toContainText(id);
  // The receipt's key is not the payment id: a shared receipt does not hand out the checkout.
  expect(receiptPath).not.toContain(id);

  const share = await page.getByTestId("receipt-whatsapp").getAttribute("href");
  expect(share).toMatch(/^https:\/\/wa\.me\/\?text=/);
  expect(share).toContain(encodeURIComponent(`${publicOrigin}${receiptPath}`));
  expect(decodeURIComponent(share!.slice("https://wa.me/?text=".length))).toBe(`Reçu de mon paiement de 12 500 FCFA à Boutique Awa : ${publicOrigin}${receiptPath}`);
  await expect(page.getByTestId("receipt-whatsapp")).toHaveAttribute("rel", "noopener noreferrer");
  await screenshots(page, "checkout-success-receipt");

  // The same payment always has the same receipt URL.
  const again = await page.context().newPage();
  await again.goto(path);
  expect(await receiptOnSuccessScreen(again)).toBe(receiptPath);

  const { provider_ref } = await (await request.get(`/v1/payments/${id}`, { headers: { authorization: `Bearer ${merchant.test_key}` } })).json().then((b) => b.data);
  const receipt = await page.context().newPage();
  await receipt.goto(receiptPath);
  const card = receipt.getByTestId("receipt-card");
  await expect(receipt.getByRole("heading", { level: 1, name: "Reçu de paiement" })).toBeVisible();
  await expect(receipt.getByTestId("receipt-amount")).toHaveText("12 500 FCFA");
  for (const text of ["Boutique Awa", "Paiement réussi", id, "CMD-1042", "+223 76 •• •• 33", "Commande n° 1042"]) await expect(card).toContainText(text);
  if (provider_ref) await expect(card).toContainText(provider_ref);
  await expect(card).not.toContainText("76554433");
  await expect(receipt.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await expect(receipt.locator('meta[name="referrer"]')).toHaveAttribute("content", "same-origin");
  await screenshots(receipt, "receipt");

  const pdfHref = await receipt.getByTestId("receipt-pdf").getAttribute("href");
  expect(pdfHref).toBe(`${receiptPath}/pdf?lang=fr`);
  const pdf = await request.get(pdfHref!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect(pdf.headers()["content-disposition"]).toBe(`attachment; filename="recu-${id}.pdf"`);
  expect(pdf.headers()["cache-control"]).toContain("immutable");
  expect((await pdf.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  const download = receipt.waitForEvent("download");
  await receipt.getByTestId("receipt-pdf").click();
  expect((await download).suggestedFilename()).toBe(`recu-${id}.pdf`);

  await receipt.goto(`${receiptPath}?lang=en`);
  await expect(receipt.getByRole("heading", { level: 1, name: "Payment receipt" })).toBeVisible();
  await expect(receipt.getByTestId("receipt-card")).toContainText("Operator's reference");
  const en = await request.get(`${receiptPath}/pdf?lang=en`);
  expect(en.headers()["content-disposition"]).toBe(`attachment; filename="receipt-${id}.pdf"`);
});

test("on a slow phone the receipt page is readable and its actions are reachable", async ({ page, request }) => {
  const { id, path } = await createPayment(request);
  await succeedThroughApi(request, id);
  await page.goto(path);
  const receiptPath = await receiptOnSuccessScreen(page);
  // The receipt opened on its own, as from a shared link.
  const phone = await page.context().newPage();
  await asSlowPhone(phone);
  await phone.goto(receiptPath);
  await expect(phone.getByTestId("receipt-amount")).toHaveText("12 500 FCFA");
  await expect(phone.getByTestId("receipt-pdf")).toBeVisible();
  await expect(phone.getByTestId("receipt-whatsapp")).toHaveAttribute("href", /^https:\/\/wa\.me\/\?text=/);
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await phone.screenshot({ path: test.info().outputPath("receipt-slow-360.png"), fullPage: true });
});

test("an unknown or altered token is a 404, for the page and the PDF", async ({ page, request }) => {
  const { id, path } = await createPayment(request);
  await succeedThroughApi(request, id);
  await page.goto(path);
  const receiptPath = await receiptOnSuccessScreen(page);
  const token = receiptPath.slice(3);
  const altered = `${token.slice(0, -2)}${token.endsWith("AA") ? "BB" : "AA"}`;
  const visitor = await page.context().newPage();
  for (const bad of [altered, "nope", id]) {
    expect((await visitor.goto(`/r/${bad}`))?.status()).toBe(404);
    expect((await request.get(`/r/${bad}/pdf`)).status()).toBe(404);
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the success screen and the receipt page render, with plain links to the PDF and WhatsApp", async ({ page, request }) => {
    const { id, path, publicOrigin } = await createPayment(request);
    await succeedThroughApi(request, id);
    await page.goto(path);
    await expect(page.getByRole("heading", { name: "Paiement réussi" })).toBeVisible();
    const receiptPath = await receiptOnSuccessScreen(page);
    // A plain link: its href is all a page without script has.
    const href = await page.getByTestId("receipt-view").getAttribute("href");
    expect(href).toBe(`${receiptPath}?lang=fr`);
    const receipt = await page.context().newPage();
    await receipt.goto(href!);
    await expect(receipt.getByTestId("receipt-amount")).toHaveText("12 500 FCFA");
    await expect(receipt.getByTestId("receipt-card")).toContainText(id);
    await expect(receipt.getByTestId("receipt-whatsapp")).toHaveAttribute("href", new RegExp(`^https://wa\\.me/\\?text=.*${encodeURIComponent(`${publicOrigin}${receiptPath}`).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
    const pdf = await request.get((await receipt.getByTestId("receipt-pdf").getAttribute("href"))!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
  });
});
