import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Page, type Request } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { createMerchant, type TestMerchant } from "./support/merchant";
import { createStaff } from "./support/ops-cli";
import { expectAccessible, screenshots } from "./support/pages";
import { asSlowPhone } from "./support/throttle";
import { signInStaff } from "./support/two-factor";

// Issue 29: the buyer page follows a payment without piling requests, the courier page stays still
// under the finger, the delivery code goes to WhatsApp, phone numbers read as people say them, and
// the test-mode banner is inside a landmark.

type Order = { id: string; reference: string; buyer_url: string; delivery_url: string };

const pathOf = (url: string) => new URL(url).pathname;
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

async function createOrder(request: APIRequestContext, merchant: TestMerchant, customerPhone = "+22376543210"): Promise<Order> {
  const response = await request.post("/v1/secure-orders", { headers: bearer(merchant.test_key), data: { amount: 25_000, description: "Robe wax taille M", customer_phone: customerPhone } });
  expect(response.status()).toBe(201);
  return (await response.json()).data as Order;
}

/** Paid through the sandbox, as the buyer page would; answers the delivery code. */
async function paidOrder(request: APIRequestContext, merchant: TestMerchant): Promise<{ order: Order; code: string }> {
  const order = await createOrder(request, merchant);
  const paid = await request.post(`/v1/sandbox/secure-orders/${order.id}/simulate-payment`, { headers: bearer(merchant.test_key), data: { outcome: "SUCCESS" } });
  expect((await paid.json()).data.status).toBe("PAID_HELD");
  const code = (await (await request.get(`/v1/sandbox/secure-orders/${order.id}/delivery-code`, { headers: bearer(merchant.test_key) })).json()).data.code as string;
  return { order, code };
}

/** Every status request the buyer page sends: when it left, when it ended, and the most ever in flight at once. */
function watchStatusRequests(page: Page) {
  const starts: number[] = [];
  const ends: number[] = [];
  const refreshes: string[] = [];
  const failed: string[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const phase = { now: "load" };
  const isStatus = (url: string) => new URL(url).pathname.endsWith("/status");
  page.on("request", (r) => {
    // A re-render from the server (router.refresh), not a link's prefetch.
    if (new URL(r.url()).searchParams.has("_rsc") && !r.headers()["next-router-prefetch"]) refreshes.push(phase.now);
    if (!isStatus(r.url())) return;
    starts.push(Date.now());
    maxInFlight = Math.max(maxInFlight, ++inFlight);
  });
  page.on("requestfinished", (r) => {
    if (!isStatus(r.url())) return;
    ends.push(Date.now());
    inFlight--;
  });
  // Any request of the page cut off before its answer came, a refresh too (the old page aborted each
  // refresh the next one overtook). Chromium also reports ERR_ABORTED when Next.js stops reading a
  // response it already has (a refresh, a tap's server action): that one was answered.
  const answered = new WeakSet<Request>();
  page.on("response", (r) => answered.add(r.request()));
  page.on("requestfailed", (r) => {
    if (!answered.has(r)) failed.push(`${phase.now} ${r.method()} ${new URL(r.url()).pathname}: ${r.failure()?.errorText}`);
    if (isStatus(r.url())) inFlight--;
  });
  return { starts, ends, refreshes, failed, phase, maxInFlight: () => maxInFlight };
}

const setHidden = (page: Page, hidden: boolean) =>
  page.evaluate((value) => {
    Object.defineProperty(document, "hidden", { configurable: true, get: () => value });
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => (value ? "hidden" : "visible") });
    document.dispatchEvent(new Event("visibilitychange"));
  }, hidden);

test.describe("customer pages: still, light on the network, formatted, in landmarks", () => {
  test("on a slow phone the buyer page asks one status at a time, less and less often, none while hidden, and stops once paid", async ({ page, request }) => {
    test.setTimeout(150_000);
    const merchant = await createMerchant({ secureOrders: true });
    const order = await createOrder(request, merchant);
    await asSlowPhone(page);
    const watch = watchStatusRequests(page);

    await page.goto(pathOf(order.buyer_url));
    await page.getByLabel("Votre numéro mobile money").fill("76 54 32 10");
    watch.phase.now = "pay";
    await page.getByRole("button", { name: "Payer 25 000 FCFA" }).click();
    await expect(page.getByRole("heading", { name: "Validez le paiement sur votre téléphone" })).toBeVisible({ timeout: 30_000 });
    watch.phase.now = "wait";

    // Nothing changes while the phone waits: the first four status requests, each after the last answered.
    await expect.poll(() => watch.starts.length, { timeout: 40_000, intervals: [500] }).toBeGreaterThanOrEqual(4);
    // The wait from one answer to the next request: 3.75 s, 5.6 s, 8.4 s (lib/secure-orders/poll.ts),
    // give or take the slowed CPU's time to read the answer.
    const waits = watch.starts.slice(1, 4).map((at, i) => at - watch.ends[i]!);
    expect(waits[0]).toBeGreaterThanOrEqual(3_700);
    expect(waits[1]! - waits[0]!).toBeGreaterThan(1_000);
    expect(waits[2]! - waits[1]!).toBeGreaterThan(1_500);
    expect(watch.maxInFlight()).toBe(1);

    // Hidden (the buyer went to approve on the phone): nothing for longer than the longest wait (10 s).
    await setHidden(page, true);
    await page.waitForTimeout(1_500); // a request that had already left may still end
    const beforeHidden = watch.starts.length;
    await page.waitForTimeout(11_000); // outlasts POLL_MAX_MS (lib/secure-orders/poll.ts)
    expect(watch.starts.length).toBe(beforeHidden);
    // Back on the page: it asks at once.
    await setHidden(page, false);
    await expect.poll(() => watch.starts.length, { timeout: 3_000, intervals: [100] }).toBe(beforeHidden + 1);

    // The operator's answer arrives elsewhere (the phone, here the sandbox): the page sees it by itself.
    watch.phase.now = "approved";
    const paid = await request.post(`/v1/sandbox/secure-orders/${order.id}/simulate-payment`, { headers: bearer(merchant.test_key), data: { outcome: "SUCCESS" } });
    expect((await paid.json()).data.status).toBe("PAID_HELD");
    await expect(page.getByText("Paiement reçu, argent bloqué en sécurité")).toBeVisible({ timeout: 30_000 });
    watch.phase.now = "paid";
    await expect(page.getByTestId("delivery-code")).toBeVisible();
    // Paid: the page no longer asks (a request already sent may end; none leaves after it).
    await page.waitForTimeout(1_500);
    const afterPaid = watch.starts.length;
    await page.waitForTimeout(6_000); // outlasts the base wait and a grown one
    expect(watch.starts.length).toBe(afterPaid);
    expect(watch.maxInFlight()).toBe(1);
    // One re-render of the page, when the status changed; none while it waited.
    expect(watch.refreshes).toEqual(["approved"]);
    expect(watch.failed).toEqual([]);
  });

  test("the buyer page's status route answers the order's progress only, and 404 for an unknown token", async ({ request }) => {
    const merchant = await createMerchant({ secureOrders: true });
    const order = await createOrder(request, merchant);
    const response = await request.get(`${pathOf(order.buyer_url)}/status`);
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toBe("no-store");
    expect(await response.json()).toEqual({ progress: "CREATED:NONE:not-pushed" });
    const missing = await request.get("/o/this-token-does-not-exist/status");
    expect(missing.status()).toBe(404);
    expect((await missing.json()).error.code).toBe("NOT_FOUND");
  });

  test("the buyer shares the delivery code through WhatsApp; the masked number reads in pairs", async ({ page, request }) => {
    const merchant = await createMerchant({ secureOrders: true, name: "Boutique Fanta" });
    const order = await createOrder(request, merchant);
    await page.goto(pathOf(order.buyer_url));
    await expect(page.getByText("Le numéro donné au marchand : +223 76 •• •• 10.", { exact: false })).toBeVisible();
    await expect(page.getByText("+22376543210")).toHaveCount(0);

    const { code } = await (async () => {
      const paid = await request.post(`/v1/sandbox/secure-orders/${order.id}/simulate-payment`, { headers: bearer(merchant.test_key), data: { outcome: "SUCCESS" } });
      expect((await paid.json()).data.status).toBe("PAID_HELD");
      return (await (await request.get(`/v1/sandbox/secure-orders/${order.id}/delivery-code`, { headers: bearer(merchant.test_key) })).json()).data as { code: string };
    })();
    await page.reload();
    const share = page.getByRole("link", { name: /Partager le code au livreur/ });
    await expect(share).toBeVisible();
    const href = (await share.getAttribute("href")) ?? "";
    expect(href.startsWith("https://wa.me/?text=")).toBe(true);
    const text = decodeURIComponent(href.slice("https://wa.me/?text=".length));
    expect(text).toContain(code);
    expect(text).toContain(order.reference);
    expect(text).toContain("Boutique Fanta");
    // The courier's page is the merchant's to give (docs/decisions/secure-orders.md): the buyer page does not know it.
    expect(text).not.toContain(pathOf(order.delivery_url));
    await expect(share).toHaveAttribute("target", "_blank");
    await expect(share).toHaveAttribute("rel", /noreferrer/);
    await screenshots(page, "buyer-code-share");

    await page.goto(`${pathOf(order.buyer_url)}?lang=en`);
    const english = page.getByRole("link", { name: /Share the code with the courier/ });
    expect(decodeURIComponent((await english.getAttribute("href"))!.replace("https://wa.me/?text=", ""))).toContain(`Delivery code for my order ${order.reference}`);
  });

  for (const size of [
    { name: "a slow phone", slow: true },
    { name: "a desktop", width: 1280, height: 800 },
  ] as const) {
    test(`on ${size.name} the courier's field and button stay where they were after wrong codes`, async ({ page, request }) => {
      const merchant = await createMerchant({ secureOrders: true });
      const { order, code } = await paidOrder(request, merchant);
      if ("slow" in size) await asSlowPhone(page);
      else await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto(pathOf(order.delivery_url));
      const field = page.getByLabel("Code de livraison");
      const button = page.getByRole("button", { name: "Confirmer la livraison" });
      await expect(button).toBeVisible();
      const before = { field: await field.boundingBox(), button: await button.boundingBox() };

      // Two wrong codes of the five allowed: the first answer appears, the second replaces it.
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
      for (const left of [4, 3]) {
        await field.fill(wrong);
        await button.click();
        await expect(page.locator("#courier-answer")).toHaveText(`Code incorrect. Il reste ${left} essais.`, { timeout: 30_000 });
        await expect(page.getByText(`${left} essais restants.`, { exact: false })).toBeVisible();
        const after = { field: await field.boundingBox(), button: await button.boundingBox() };
        expect(after.field!.y).toBe(before.field!.y);
        expect(after.button!.y).toBe(before.button!.y);
        expect(after.button!.height).toBe(before.button!.height);
      }
      // The answer is right under the button, on screen.
      const answer = await page.locator("#courier-answer").boundingBox();
      expect(answer!.y).toBeGreaterThan(before.button!.y + before.button!.height);
      expect(answer!.y + answer!.height).toBeLessThanOrEqual(page.viewportSize()!.height);
      await expect(page.locator("#courier-answer")).toHaveAttribute("role", "alert");
      await expect(field).toHaveAttribute("aria-describedby", /courier-answer/);
      await expectAccessible(page);
    });
  }

  test("the customer portal shows the customer's number grouped", async ({ page, request }) => {
    const merchant = await createMerchant({ name: "Club Sport Bamako" });
    const plan = await (await request.post("/v1/billing/plans", { headers: bearer(merchant.test_key), data: { name: "Abonnement salle", amount: 5_000, interval: "MONTHLY" } })).json();
    expect((await request.post("/v1/billing/subscriptions", { headers: bearer(merchant.test_key), data: { plan_id: plan.data.id, customer_phone: "+22370000001" } })).status()).toBe(201);
    const session = await request.post("/v1/portal/sessions", { headers: bearer(merchant.test_key), data: { customer_phone: "+22370000001" } });
    await page.goto(pathOf((await session.json()).data.url));
    await expect(page.getByLabel("Numéro mobile money")).toHaveValue("+223 70 00 00 01");
  });

  test("the ops withdrawal queue shows the payout number grouped", async ({ browser, request }) => {
    test.setTimeout(180_000);
    const merchant = await createMerchant({ kyc: "approved" });
    const headers = (key: string) => ({ ...bearer(key), "x-idempotency-key": randomUUID() });
    const payment = await (await request.post("/v1/payments", { headers: headers(merchant.test_key), data: { amount: 100_000, payment_method: "OPERATOR_MONEY", customer_phone: "+22370000001", return_url: "https://boutique.example/merci" } })).json();
    await request.post(`/v1/sandbox/payments/${payment.data.id}/simulate`, { headers: headers(merchant.test_key), data: { outcome: "SUCCESS" } });
    const withdrawal = await request.post("/v1/withdrawals", { headers: headers(merchant.test_key), data: { amount: 50_000, provider: "OPERATOR_MONEY", phone_number: "+22376554433" } });
    expect(withdrawal.status(), await withdrawal.text()).toBe(201);
    const reference = (await withdrawal.json()).data.reference as string;

    const email = `staff-phones-${randomUUID().slice(0, 8)}@cauri.test`;
    const password = "console staff passphrase";
    await createStaff(email, password);
    const context = await browser.newContext();
    const ops = await context.newPage();
    await signInStaff(ops, email, password);
    await expect(ops).toHaveURL(/\/ops$/, { timeout: 30_000 });
    await ops.goto("/ops/withdrawals");
    const card = ops.locator(`[data-testid="ops-withdrawal"][data-reference="${reference}"]`);
    await expect(card.getByText("+223 76 55 44 33", { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(card.getByText("+22376554433")).toHaveCount(0);
    await context.close();
  });

  test("in test mode the checkout, link, buyer, courier and portal pages have no content outside a landmark", async ({ page, request }) => {
    test.setTimeout(120_000);
    const merchant = await createMerchant({ secureOrders: true, name: "Boutique Awa" });
    const headers = { ...bearer(merchant.test_key), "x-idempotency-key": randomUUID() };
    const payment = await (await request.post("/v1/payments", { headers, data: { amount: 12_500, payment_method: "OPERATOR_MONEY", customer_phone: "+22376543210", return_url: "https://boutique.example/merci" } })).json();
    const link = await (await request.post("/v1/payment-links", { headers: bearer(merchant.test_key), data: { title: "Panier du marché", price: 5_000 } })).json();
    const { order } = await paidOrder(request, merchant);
    const plan = await (await request.post("/v1/billing/plans", { headers: bearer(merchant.test_key), data: { name: "Abonnement", amount: 5_000, interval: "MONTHLY" } })).json();
    await request.post("/v1/billing/subscriptions", { headers: bearer(merchant.test_key), data: { plan_id: plan.data.id, customer_phone: "+22370000001" } });
    const session = await (await request.post("/v1/portal/sessions", { headers: bearer(merchant.test_key), data: { customer_phone: "+22370000001" } })).json();

    const pages = {
      checkout: pathOf(payment.data.redirect_url),
      link: pathOf(link.data.url),
      buyer: pathOf(order.buyer_url),
      courier: pathOf(order.delivery_url),
      portal: pathOf(session.data.url),
    };
    const findings: Record<string, string[]> = {};
    for (const [name, path] of Object.entries(pages)) {
      await page.setViewportSize({ width: 1280, height: 800 });
      const response = await page.goto(path);
      // The banner is there, inside its own landmark: without it the check below would prove nothing.
      const banner = await page.getByRole("region", { name: "Mode test" }).getByRole("note").count();
      if (response?.status() !== 200 || banner !== 1) {
        findings[name] = [`HTTP ${response?.status()}, test-mode banners in a region: ${banner}`];
        continue;
      }
      for (const width of [360, 1280]) {
        await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
        const results = await new AxeBuilder({ page }).analyze();
        const found = results.violations.filter((v) => v.id === "region" || v.impact === "serious" || v.impact === "critical");
        findings[`${name} ${width}`] = found.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
      }
    }
    expect(findings).toEqual(Object.fromEntries(Object.keys(findings).map((k) => [k, []])));
  });
});
