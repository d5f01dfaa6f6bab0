import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { asOwnCustomer } from "./support/customer-ip";
import { createMerchant, type TestMerchant } from "./support/merchant";

/**
 * Issue 13, where people meet the hosted pages: a second tap never lands on cancel, a cancel never
 * follows the push to the phone, the forms work before the script has loaded, customer pages
 * prefetch nothing, and the end states always give a way back.
 */

// The merchant's site: a host that never resolves; page.route answers for it.
const RETURN_URL = "https://boutique-awa.invalid/merci?commande=1042";

let merchant: TestMerchant;
let seq = 0;

test.beforeEach(({ context }) => asOwnCustomer(context));

test.beforeAll(async () => {
  merchant = await createMerchant({ name: "Boutique Awa" });
});

const auth = () => ({ authorization: `Bearer ${merchant.test_key}` });

async function createPayment(request: APIRequestContext, phone: string) {
  const response = await request.post("/v1/payments", {
    headers: { ...auth(), "x-idempotency-key": `e2e-fingers-${Date.now()}-${++seq}` },
    data: { amount: 12_500, payment_method: "OPERATOR_MONEY", customer_phone: phone, return_url: RETURN_URL, description: "Commande n° 1042" },
  });
  expect(response.status()).toBe(201);
  const { data } = await response.json();
  return { id: data.id as string, path: new URL(data.redirect_url).pathname };
}

async function createLink(request: APIRequestContext, body: Record<string, unknown>) {
  const response = await request.post("/v1/payment-links", { headers: auth(), data: body });
  expect(response.status()).toBe(201);
  const { data } = await response.json();
  return { slug: data.slug as string, path: new URL(data.url).pathname };
}

/** A payment through a link, as its page's script would make it: answers the checkout's path. */
async function linkPayment(request: APIRequestContext, slug: string, phone: string) {
  const response = await request.post(`/v1/payment-links/${slug}/checkout`, { data: { customer_phone: phone } });
  expect(response.status()).toBe(201);
  const { data } = await response.json();
  return { id: data.payment_id as string, path: new URL(data.redirect_url).pathname };
}

async function readPayment(request: APIRequestContext, id: string) {
  const response = await request.get(`/v1/payments/${id}`, { headers: auth() });
  return (await response.json()).data as { status: string; initiated_at: string | null };
}

/** Every URL the page asks for, and every call to a payment's cancel. */
function watch(page: Page) {
  const urls: string[] = [];
  page.on("request", (r) => urls.push(r.url()));
  return { urls, cancels: () => urls.filter((u) => /\/v1\/payments\/[^/]+\/cancel/.test(u)) };
}

test.describe("a second tap", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("a double tap on Payer after a wrong-number error pays; it never cancels", async ({ page, request }) => {
    const { id, path } = await createPayment(request, "+22376543210");
    const seen = watch(page);
    await page.goto(path);
    const phone = page.getByLabel("Votre numéro mobile money");
    const pay = page.getByRole("button", { name: "Payer 12 500 FCFA" });
    await page.getByText("modifier", { exact: true }).click();
    await phone.fill("70 00 00 01");
    await pay.click();
    await expect(page.getByText("Ce n'est pas le numéro indiqué par le marchand.")).toBeVisible();

    await phone.fill("76 54 32 10");
    await pay.dblclick();
    await expect(page.getByRole("heading", { name: "Validez le paiement sur votre téléphone" })).toBeVisible();
    // An absence needs a window: well past the 500 ms tap guard (SETTLE_MS in components/checkout/use-checkout.ts),
    // a cancel from the second tap would have been sent. Still waiting for the operator, never cancelled.
    await page.waitForTimeout(1_500);
    const payment = await readPayment(request, id);
    expect(payment.status).toBe("PENDING");
    expect(payment.initiated_at).not.toBeNull();
    expect(seen.cancels()).toEqual([]);
  });

  test("cancel asks first; a double tap on it never confirms, Oui does", async ({ page, request }) => {
    const { id, path } = await createPayment(request, "+22370000009");
    const seen = watch(page);
    await page.goto(path);
    await page.getByRole("button", { name: "Annuler le paiement" }).dblclick();
    await expect(page.getByText("Annuler ce paiement ? Aucun montant ne sera débité.")).toBeVisible();
    // An absence needs a window: past the 500 ms guard (SETTLE_MS), a cancel confirmed by the second tap would have been sent.
    await page.waitForTimeout(800);
    expect(seen.cancels()).toEqual([]);
    expect((await readPayment(request, id)).status).toBe("PENDING");

    // "Non" puts the cancel button back; the number form never moved.
    await page.getByRole("button", { name: "Non", exact: true }).click();
    await expect(page.getByRole("button", { name: "Annuler le paiement" })).toBeVisible();
    await page.getByRole("button", { name: "Annuler le paiement" }).click();
    await page.getByRole("button", { name: "Oui, annuler" }).click();
    await expect(page.getByRole("heading", { name: "Paiement annulé" })).toBeVisible();
    expect((await readPayment(request, id)).status).toBe("CANCELLED");
    expect(seen.cancels()).toHaveLength(1);
  });
});

test.describe("once the request is on the phone", () => {
  test("no cancel: the API answers 409 PAYMENT_ALREADY_INITIATED and the page offers help instead (API payment: tied to its number)", async ({ page, request }) => {
    const { id, path } = await createPayment(request, "+22370000009");
    await page.goto(path);
    await page.getByRole("button", { name: "Payer 12 500 FCFA" }).click();
    await expect(page.getByRole("heading", { name: "Validez le paiement sur votre téléphone" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Annuler le paiement" })).toHaveCount(0);
    await expect(page.getByText("Demande envoyée : elle ne peut plus être annulée ici.")).toBeVisible();

    const refused = await request.post(`/v1/payments/${id}/cancel`);
    expect(refused.status()).toBe(409);
    const body = await refused.json();
    expect(body.error.code).toBe("PAYMENT_ALREADY_INITIATED");
    expect(body.error.message).toContain("customer's phone");
    expect((await readPayment(request, id)).status).toBe("PENDING");

    await page.getByText("Je n'ai rien reçu / utiliser un autre numéro").click();
    await expect(page.getByText(/Vérifiez que votre téléphone est allumé/)).toBeVisible();
    await expect(page.getByText(/cherchez les paiements en attente d'approbation/)).toBeVisible();
    await expect(page.getByRole("timer")).toHaveText(/^\d+:\d\d$/);
    await expect(page.getByText("Boutique Awa a créé ce paiement pour le numéro se terminant par ••09", { exact: false })).toBeVisible();
    await expect(page.getByRole("link", { name: "Payer avec un autre numéro" })).toHaveCount(0);
    // Still waiting for the operator: the payment is not touched.
    expect((await readPayment(request, id)).status).toBe("PENDING");
  });

  test("a link payment offers to start again with another number on the link page, in English too", async ({ page, request }) => {
    const link = await createLink(request, { name: "Panier de mangues", amount: 2_000 });
    const { id, path } = await linkPayment(request, link.slug, "70 00 00 09");
    await page.goto(`${path}?lang=en`);
    await page.getByRole("button", { name: "Pay 2 000 FCFA" }).click();
    await expect(page.getByRole("heading", { name: "Approve the payment on your phone" })).toBeVisible();
    await page.getByText("I received nothing / use another number").click();
    const other = page.getByRole("link", { name: "Pay with another number" });
    await expect(other).toHaveAttribute("href", `${link.path}?lang=en`);
    await other.click();
    await page.waitForURL((url) => url.pathname === link.path);
    await expect(page.getByLabel("Your mobile money number")).toBeVisible();
    // The first payment still waits for the operator (or its expiry), untouched.
    expect((await readPayment(request, id)).status).toBe("PENDING");
  });
});

test.describe("before the script has loaded (no JavaScript)", () => {
  test.use({ javaScriptEnabled: false });

  test("the checkout form posts: a wrong number is refused, the right one is pushed, never a number in a URL", async ({ page, request }) => {
    const { id, path } = await createPayment(request, "+22370000009");
    const seen = watch(page);
    await page.goto(path);
    const phone = page.getByLabel("Votre numéro mobile money");
    await page.getByText("modifier", { exact: true }).click();
    await phone.fill("70 00 00 01");
    await page.getByRole("button", { name: "Payer 12 500 FCFA" }).click();
    await expect(page.getByText("Ce n'est pas le numéro indiqué par le marchand.")).toBeVisible();
    expect((await readPayment(request, id)).initiated_at).toBeNull();

    await page.getByLabel("Votre numéro mobile money").fill("70 00 00 09");
    await page.getByRole("button", { name: "Payer 12 500 FCFA" }).click();
    await expect(page.getByRole("heading", { name: "Validez le paiement sur votre téléphone" })).toBeVisible();
    const payment = await readPayment(request, id);
    expect(payment.status).toBe("PENDING");
    expect(payment.initiated_at).not.toBeNull();
    expect(new URL(page.url()).pathname).toBe(path);
    expect(seen.urls.filter((u) => u.includes("customer_phone") || u.includes("70+00") || u.includes("7000000"))).toEqual([]);
  });

  test("the link form posts, creates the payment and lands on its checkout, which pays", async ({ page, request }) => {
    const link = await createLink(request, { name: "Don", mode: "OPEN", min_amount: 500, max_amount: 50_000 });
    const seen = watch(page);
    await page.goto(link.path);
    await page.getByLabel("Montant à payer (FCFA)").fill("100");
    await page.getByLabel("Votre numéro mobile money").fill("70 00 00 01");
    await page.getByRole("button", { name: "Continuer vers le paiement" }).click();
    await expect(page.getByText("Saisissez un montant entier entre 500 FCFA et 50 000 FCFA.")).toBeVisible();

    // The form post reads the amount with the same parser as the script: "2.500" is 2 500, not 2.5.
    await page.getByLabel("Montant à payer (FCFA)").fill("2.500");
    await page.getByLabel("Votre numéro mobile money").fill("70 00 00 01");
    await page.getByRole("button", { name: "Continuer vers le paiement" }).click();
    await page.waitForURL(/\/checkout\/txn_/);
    const id = new URL(page.url()).pathname.split("/").pop()!;
    await expect(page.getByTestId("checkout-amount")).toHaveText("2 500 FCFA");
    // One tap (issue 29): the number typed on the link page was pushed with the same post.
    // The success screen lasts 2 s before going back: waitFor watches it continuously.
    await page.getByRole("heading", { name: "Paiement réussi" }).waitFor();
    expect((await readPayment(request, id)).status).toBe("SUCCESS");
    expect(seen.urls.filter((u) => u.includes("customer_phone") || u.includes("70+00") || u.includes("7000000"))).toEqual([]);
  });
});

test("customer pages prefetch nothing: no request for the home page's data", async ({ page, request }) => {
  const { path } = await createPayment(request, "+22370000009");
  const link = await createLink(request, { name: "Savon", amount: 1_000 });
  const rsc: string[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.searchParams.has("_rsc") || r.headers()["rsc"] === "1") rsc.push(r.url());
  });
  for (const target of [path, link.path]) {
    await page.goto(target);
    await page.waitForLoadState("networkidle");
    // The merchant's mark leads the header (issue 29), not a link to Cauri's home: nothing there to prefetch.
    await expect(page.locator('a[href="/"], a[href^="/?"]')).toHaveCount(0);
    // An absence needs a window: a prefetch of a link in view would be sent within it.
    await page.waitForTimeout(1_500);
  }
  expect(rsc.filter((u) => new URL(u).pathname === "/")).toEqual([]);
});

test.describe("the end states give a way back", () => {
  test("an API payment that failed: back to the merchant's site (no status=SUCCESS), no retry", async ({ page, request }) => {
    const { path } = await createPayment(request, "+22370000004");
    await page.goto(path);
    await page.getByRole("button", { name: "Payer 12 500 FCFA" }).click();
    await expect(page.getByRole("heading", { name: "Le paiement a échoué" })).toBeVisible();
    await expect(page.getByText("Ce paiement est terminé : pour réessayer, retournez chez le marchand.", { exact: false })).toBeVisible();
    await expect(page.getByRole("link", { name: "Retour au site du marchand" })).toHaveAttribute("href", RETURN_URL);
    await expect(page.getByRole("link", { name: "Réessayer avec un autre numéro" })).toHaveCount(0);
  });

  test("a link payment that failed: try again with another number on the link page", async ({ page, request }) => {
    const link = await createLink(request, { name: "Tissu bogolan", amount: 7_500 });
    const { path } = await linkPayment(request, link.slug, "+22370000002");
    await page.goto(path);
    await page.getByRole("button", { name: "Payer 7 500 FCFA" }).click();
    await expect(page.getByRole("heading", { name: "Le paiement a échoué" })).toBeVisible();
    // The link has no site of its own: no "back to the merchant's site", the link page instead.
    await expect(page.getByRole("link", { name: "Retour au site du marchand" })).toHaveCount(0);
    await page.getByRole("link", { name: "Réessayer avec un autre numéro" }).click();
    await page.waitForURL((url) => url.pathname === link.path);
    await page.getByLabel("Votre numéro mobile money").fill("70 00 00 01");
    await page.getByRole("button", { name: "Payer 7 500 FCFA" }).click();
    await page.waitForURL(/\/checkout\/txn_/);
    expect(new URL(page.url()).pathname).not.toBe(path);
  });

  test("cancelled and expired payments link back to the merchant's site", async ({ page, request }) => {
    const cancelled = await createPayment(request, "+22370000009");
    expect((await request.post(`/v1/payments/${cancelled.id}/cancel`)).status()).toBe(200);
    await page.goto(cancelled.path);
    await expect(page.getByRole("heading", { name: "Paiement annulé" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Retour au site du marchand" })).toHaveAttribute("href", RETURN_URL);

    const expired = await createPayment(request, "+22370000009");
    expect((await request.post("/v1/sandbox/clock/advance", { headers: auth(), data: { seconds: 24 * 3600 } })).status()).toBe(200);
    await page.goto(`${expired.path}?lang=en`);
    await expect(page.getByRole("heading", { name: "This payment has expired" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to the merchant's site" })).toHaveAttribute("href", RETURN_URL);
  });
});
