import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { asOwnCustomer } from "./support/customer-ip";
import { createMerchant, type TestMerchant } from "./support/merchant";

// The merchant's site: a host that never resolves. The browser never leaves the machine: every
// request to it is answered by page.route, and the test asserts the URL it was sent to.
const RETURN_URL = "https://boutique-awa.invalid/merci?commande=1042";
const RETURN_HOST = "https://boutique-awa.invalid/**";

let merchant: TestMerchant;
let seq = 0;

test.beforeEach(({ context }) => asOwnCustomer(context));

test.beforeAll(async () => {
  merchant = await createMerchant({ name: "Boutique Awa" });
});

async function createPayment(request: APIRequestContext, phone: string, extra: Record<string, unknown> = {}) {
  const response = await request.post("/v1/payments", {
    headers: { authorization: `Bearer ${merchant.test_key}`, "x-idempotency-key": `e2e-checkout-${Date.now()}-${++seq}` },
    data: { amount: 12_500, payment_method: "OPERATOR_MONEY", customer_phone: phone, return_url: RETURN_URL, description: "Commande n° 1042", ...extra },
  });
  expect(response.status()).toBe(201);
  const { data } = await response.json();
  // redirect_url carries the server's public origin; the browser uses the suite's base URL.
  return { id: data.id as string, path: new URL(data.redirect_url).pathname };
}

async function readPayment(request: APIRequestContext, id: string) {
  const response = await request.get(`/v1/payments/${id}`, { headers: { authorization: `Bearer ${merchant.test_key}` } });
  return (await response.json()).data as { status: string; initiated_at: string | null; provider_ref: string | null };
}

/** Counts the browser's visits to the merchant's site and answers them locally. */
async function interceptMerchantSite(page: Page) {
  const visits: string[] = [];
  await page.route(RETURN_HOST, async (route) => {
    visits.push(route.request().url());
    await route.fulfill({ status: 200, contentType: "text/html", body: "<html lang=fr><body><h1>Merci pour votre commande</h1></body></html>" });
  });
  return visits;
}

test("pays with the simulator's success number and lands on the return URL with the payment id and status", async ({ page, request }) => {
  const { id, path } = await createPayment(request, "+22370000001");
  const visits = await interceptMerchantSite(page);
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1, name: "Boutique Awa" })).toBeVisible();
  await expect(page.getByTestId("checkout-amount")).toHaveText("12 500 FCFA");
  await expect(page.getByText("Commande n° 1042")).toBeVisible();
  await expect(page.getByRole("note")).toContainText("Mode test");

  // One tap: the number the merchant sent is shown confirmed (issue 29).
  await page.getByRole("button", { name: "Payer 12 500 FCFA" }).click();
  // The success screen lasts 2 s before the redirect: waitFor watches the page continuously, where
  // expect's polls, a second apart on a busy machine, could fall either side of it.
  await page.getByRole("heading", { name: "Paiement réussi" }).waitFor();

  await page.waitForURL((url) => url.hostname === "boutique-awa.invalid");
  const landed = new URL(page.url());
  expect(landed.pathname).toBe("/merci");
  expect(Object.fromEntries(landed.searchParams)).toEqual({ commande: "1042", payment_id: id, status: "SUCCESS" });
  expect(visits).toHaveLength(1);
  await expect(page.getByRole("heading", { name: "Merci pour votre commande" })).toBeVisible();
  expect((await readPayment(request, id)).status).toBe("SUCCESS");
});

test("pays with the test buttons after a wrong number is refused", async ({ page, request }) => {
  const { id, path } = await createPayment(request, "+22376543210");
  await interceptMerchantSite(page);
  await page.goto(path);
  const phone = page.getByLabel("Votre numéro mobile money");
  await page.getByText("modifier", { exact: true }).click();
  await phone.fill("70 00 00 01");
  await page.getByRole("button", { name: "Payer 12 500 FCFA" }).click();
  await expect(page.getByText("Ce n'est pas le numéro indiqué par le marchand.")).toBeVisible();
  await expect(phone).toHaveAttribute("aria-invalid", "true");
  expect((await readPayment(request, id)).initiated_at).toBeNull();

  await phone.fill("76 54 32 10");
  await page.getByRole("button", { name: "Payer 12 500 FCFA" }).click();
  await expect(page.getByRole("heading", { name: "Validez le paiement sur votre téléphone" })).toBeVisible();
  await page.getByRole("button", { name: "Réussir le paiement" }).click();
  await page.waitForURL((url) => url.hostname === "boutique-awa.invalid");
  expect(new URL(page.url()).searchParams.get("payment_id")).toBe(id);
});

test("shows FAILED and does not redirect", async ({ page, request }) => {
  const { id, path } = await createPayment(request, "+22370000004");
  const visits = await interceptMerchantSite(page);
  await page.goto(path);
  await page.getByRole("button", { name: "Payer 12 500 FCFA" }).click();
  await expect(page.getByRole("heading", { name: "Le paiement a échoué" })).toBeVisible();
  await expect(page.getByText("Le solde de votre compte mobile money est insuffisant.")).toBeVisible();
  // An absence needs a window: twice the success redirect's 2 s delay (components/checkout/use-checkout.ts),
  // and still here, the merchant's site never visited.
  await page.waitForTimeout(4_000);
  expect(new URL(page.url()).pathname).toBe(path);
  expect(visits).toEqual([]);
  expect((await readPayment(request, id)).status).toBe("FAILED");
  // A reload shows the same outcome, still without a redirect.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Le paiement a échoué" })).toBeVisible();
  // Past the 2 s redirect delay again: no redirect after a reload either.
  await page.waitForTimeout(2_500);
  expect(visits).toEqual([]);
});

test("a double click and a reload resume the same operator session, never a second collection", async ({ page, request }) => {
  const { id, path } = await createPayment(request, "+22370000009");
  await interceptMerchantSite(page);
  await page.goto(path);
  await page.getByRole("button", { name: "Payer 12 500 FCFA" }).dblclick();
  await expect(page.getByRole("heading", { name: "Validez le paiement sur votre téléphone" })).toBeVisible();
  const first = await readPayment(request, id);
  expect(first.status).toBe("PENDING");
  expect(first.initiated_at).not.toBeNull();

  await page.reload();
  // Resumed: straight to the waiting state, no number asked again.
  await expect(page.getByRole("heading", { name: "Validez le paiement sur votre téléphone" })).toBeVisible();
  await expect(page.getByLabel("Votre numéro mobile money")).toHaveCount(0);
  // A second tab confirming again joins the same session.
  const again = await request.post(`/v1/payments/${id}/confirm`, { data: { customer_phone: "+22370000009" } });
  expect((await again.json()).data.initiated_at).toBe(first.initiated_at);
  expect((await readPayment(request, id)).initiated_at).toBe(first.initiated_at);

  // The page follows the status live: settled elsewhere (the sandbox API), it redirects.
  const settled = await request.post(`/v1/sandbox/payments/${id}/simulate`, { headers: { authorization: `Bearer ${merchant.test_key}` }, data: { outcome: "SUCCESS" } });
  expect(settled.status()).toBe(200);
  await page.waitForURL((url) => url.hostname === "boutique-awa.invalid", { timeout: 15_000 });
  expect((await readPayment(request, id)).initiated_at).toBe(first.initiated_at);
});

test("the customer can cancel (after saying yes); no redirect follows", async ({ page, request }) => {
  const { id, path } = await createPayment(request, "+22370000009");
  const visits = await interceptMerchantSite(page);
  await page.goto(path);
  // Cancel asks first (issue 13: a stray tap must not end the payment).
  await page.getByRole("button", { name: "Annuler le paiement" }).click();
  await page.getByRole("button", { name: "Oui, annuler" }).click();
  await expect(page.getByRole("heading", { name: "Paiement annulé" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Paiement annulé" })).toBeFocused();
  expect((await readPayment(request, id)).status).toBe("CANCELLED");
  expect(visits).toEqual([]);
});

test("is in English with ?lang=en and fits a 360px phone", async ({ page, request }) => {
  const { path } = await createPayment(request, "+22370000009");
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`${path}?lang=en`);
  await expect(page.getByRole("heading", { name: "Pay with Mobile money" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Pay 12 500 FCFA" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Succeed" })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  // Keyboard only: the pay button (the number is the one the merchant sent, issue 29).
  await page.getByRole("button", { name: "Pay 12 500 FCFA" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Approve the payment on your phone" })).toBeFocused();
});

test("has no accessibility violations in the confirm and waiting states", async ({ page, request }) => {
  const { path } = await createPayment(request, "+22370000009");
  await page.goto(path);
  // The shared TestModeBanner (components/ui, not this page's) sits outside any landmark (axe "region"); reported to its owner.
  const scan = async () => (await new AxeBuilder({ page }).exclude('[role="note"]').analyze()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(await scan()).toEqual([]);
  await page.getByRole("button", { name: "Payer 12 500 FCFA" }).click();
  await expect(page.getByRole("heading", { name: "Validez le paiement sur votre téléphone" })).toBeVisible();
  expect(await scan()).toEqual([]);
});

test("an unknown payment is a 404 page", async ({ page }) => {
  const response = await page.goto("/checkout/txn_does_not_exist");
  expect(response?.status()).toBe(404);
});
