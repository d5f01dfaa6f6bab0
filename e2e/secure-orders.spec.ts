import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { createMerchant } from "./support/merchant";

type Order = { id: string; reference: string; status: string; buyer_url: string; delivery_url: string };

/** Creates an order through the API with the merchant's test key; the pages are opened by path (any host). */
async function createOrder(request: APIRequestContext, key: string, body: Record<string, unknown> = {}): Promise<Order> {
  const response = await request.post("/v1/secure-orders", {
    headers: { authorization: `Bearer ${key}` },
    data: { amount: 25_000, description: "Robe wax taille M", customer_phone: "+22376543210", ...body },
  });
  expect(response.status()).toBe(201);
  return (await response.json()).data as Order;
}

const pathOf = (url: string) => new URL(url).pathname;

async function readCode(page: Page): Promise<string> {
  const code = (await page.getByTestId("delivery-code").textContent())?.replace(/\s/g, "") ?? "";
  expect(code).toMatch(/^\d{6}$/);
  return code;
}

test.describe("secure orders: buyer and courier pages", () => {
  test("the buyer pays on the buyer page and sees the code; the courier types a wrong code, then the right one, and sees the release", async ({ page, request }) => {
    const merchant = await createMerchant({ secureOrders: true });
    const order = await createOrder(request, merchant.test_key);

    await page.goto(pathOf(order.buyer_url));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Commande sécurisée");
    await expect(page.getByTestId("order-reference")).toHaveText(order.reference);
    await expect(page.getByText("25 000 FCFA").first()).toBeVisible();
    await expect(page.getByText("Mode test")).toBeVisible();

    // The wrong number is refused, as on the hosted checkout.
    await page.getByLabel("Votre numéro mobile money").fill("+22370999999");
    await page.getByRole("button", { name: "Payer 25 000 FCFA" }).click();
    await expect(page.getByText("Ce n'est pas le numéro donné au marchand")).toBeVisible();

    await page.getByLabel("Votre numéro mobile money").fill("76 54 32 10");
    await page.getByRole("button", { name: "Payer 25 000 FCFA" }).click();
    await expect(page.getByRole("heading", { name: "Validez le paiement sur votre téléphone" })).toBeVisible();
    // A reload resumes the same payment (still waiting, no new form).
    await page.reload();
    await expect(page.getByRole("heading", { name: "Validez le paiement sur votre téléphone" })).toBeVisible();
    await page.getByRole("button", { name: "Simuler un paiement accepté" }).click();

    await expect(page.getByText("Paiement reçu, argent bloqué en sécurité")).toBeVisible();
    const code = await readCode(page);
    await expect(page.getByText("Donnez ce code au livreur seulement à ce moment-là", { exact: false })).toBeVisible();

    const courier = await page.context().newPage();
    await courier.goto(pathOf(order.delivery_url));
    await expect(courier.getByRole("heading", { level: 1 })).toHaveText("Confirmer la livraison");
    await expect(courier.getByTestId("order-reference")).toHaveText(order.reference);
    await expect(courier.getByText("+223")).toHaveCount(0);
    const field = courier.getByLabel("Code de livraison");
    await expect(field).toHaveAttribute("inputmode", "numeric");
    await expect(field).toHaveAttribute("autocomplete", "one-time-code");
    await expect(field).toHaveAttribute("pattern", "[0-9]{6}");

    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    await field.fill(wrong);
    await courier.getByRole("button", { name: "Confirmer la livraison" }).click();
    await expect(courier.locator("#courier-answer")).toHaveText("Code incorrect. Il reste 4 essais.");
    await expect(courier.getByText("4 essais restants.", { exact: false })).toBeVisible();

    await courier.getByLabel("Code de livraison").fill(code);
    await courier.getByRole("button", { name: "Confirmer la livraison" }).click();
    await expect(courier.getByText("Le code est correct : le paiement est versé au marchand", { exact: false })).toBeVisible();
    await expect(courier.getByTestId("order-status")).toHaveText("Livraison confirmée");

    const api = await request.get(`/v1/secure-orders/${order.id}`, { headers: { authorization: `Bearer ${merchant.test_key}` } });
    expect((await api.json()).data).toMatchObject({ status: "RELEASED", code_attempts_remaining: 4 });

    await page.reload();
    await expect(page.getByText("Livraison confirmée")).toBeVisible();
    await expect(page.getByTestId("delivery-code")).toHaveCount(0);
  });

  test("a magic success number pays at once on the English page at 360px; the courier code field refuses non-digits", async ({ page, request }) => {
    const merchant = await createMerchant({ secureOrders: true });
    const order = await createOrder(request, merchant.test_key, { customer_phone: "+22370000001", amount: 12_500 });
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`${pathOf(order.buyer_url)}?lang=en`);
    await page.getByLabel("Your mobile money number").fill("+22370000001");
    await page.getByRole("button", { name: "Pay 12 500 FCFA" }).click();
    await expect(page.getByText("Payment received, money held safely")).toBeVisible();
    await readCode(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await page.goto(`${pathOf(order.delivery_url)}?lang=en`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirm the delivery");
    await page.getByLabel("Delivery code").fill("12ab");
    await page.getByRole("button", { name: "Confirm the delivery" }).click();
    await expect(page.getByLabel("Delivery code")).toHaveJSProperty("validity.valid", false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  });

  test("the buyer opens a dispute while the money is held; the courier can no longer confirm", async ({ page, request }) => {
    const merchant = await createMerchant({ secureOrders: true });
    const order = await createOrder(request, merchant.test_key, { customer_phone: "+22370000001" });
    await page.goto(pathOf(order.buyer_url));
    await page.getByLabel("Votre numéro mobile money").fill("+22370000001");
    await page.getByRole("button", { name: /Payer/ }).click();
    await readCode(page);
    await page.getByText("Un problème avec la commande ?").click();
    await page.getByLabel("Décrivez le problème").fill("Le colis est arrivé ouvert et abîmé.");
    await page.getByRole("button", { name: "Signaler un problème" }).click();
    await expect(page.getByText("Litige en cours").first()).toBeVisible();
    await expect(page.getByText("Le colis est arrivé ouvert et abîmé.", { exact: false })).toBeVisible();

    await page.goto(pathOf(order.delivery_url));
    await expect(page.getByText("L'acheteur a signalé un problème", { exact: false })).toBeVisible();
    await expect(page.getByLabel("Code de livraison")).toHaveCount(0);
  });

  test("an unpaid order tells the courier not to hand it over; an unknown token is 404", async ({ page, request }) => {
    const merchant = await createMerchant({ secureOrders: true });
    const order = await createOrder(request, merchant.test_key);
    await page.goto(pathOf(order.delivery_url));
    await expect(page.getByText("L'acheteur n'a pas encore payé. Ne remettez pas la commande.")).toBeVisible();
    const missing = await page.goto("/d/this-token-does-not-exist");
    expect(missing?.status()).toBe(404);
  });
});
