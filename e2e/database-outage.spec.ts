import { expect, test, type APIRequestContext, type Browser, type BrowserContext } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { createMerchant } from "./support/merchant";
import { screenshots } from "./support/pages";
import { startDatabaseProxy, startInstance, suiteDatabaseUrl, type Instance } from "./support/instance";
import { signUpOnPage } from "./support/signup";

/**
 * The database goes away under an instance (a restart, a failover): requests answer 503
 * SERVICE_UNAVAILABLE quickly, in the error envelope, and the instance recovers by itself.
 */
let proxy: Awaited<ReturnType<typeof startDatabaseProxy>>;
let app: Instance;

test.beforeAll(async () => {
  // Starting one more production server takes a while on a busy machine (startInstance waits up to 90 s).
  test.setTimeout(120_000);
  proxy = await startDatabaseProxy(suiteDatabaseUrl());
  app = await startInstance(Number(process.env.E2E_OUTAGE_PORT ?? 3198), { DATABASE_URL: proxy.url, CAURI_JOBS: "off" });
});

test.afterAll(async () => {
  await app?.stop();
  await proxy?.close();
});

test("answers 503 while the database is unreachable and recovers without a restart", async ({ request }) => {
  test.setTimeout(120_000);
  const m = await createMerchant();
  const headers = { Authorization: `Bearer ${m.test_key}` };
  const body = { amount: 1000, payment_method: "OPERATOR_MONEY", customer_phone: "+22370000009", return_url: "https://shop.example.ml/ok" };
  const ok = await request.post(`${app.url}/v1/payments`, { headers: { ...headers, "X-Idempotency-Key": "before" }, data: body });
  expect(ok.status()).toBe(201);

  await proxy.cut();
  const started = Date.now();
  const down = await request.post(`${app.url}/v1/payments`, { headers: { ...headers, "X-Idempotency-Key": "during" }, data: body, timeout: 30_000 });
  expect(Date.now() - started).toBeLessThan(3_000);
  expect(down.status()).toBe(503);
  expect(await down.json()).toEqual({ success: false, error: { code: "SERVICE_UNAVAILABLE", message: expect.any(String) } });
  expect(down.headers()["retry-after"]).toBeTruthy();
  const ready = await request.get(`${app.url}/readyz`);
  expect(ready.status()).toBe(503);

  await proxy.restore();
  const deadline = Date.now() + 20_000;
  let status = 0;
  while (Date.now() < deadline) {
    status = (await request.post(`${app.url}/v1/payments`, { headers: { ...headers, "X-Idempotency-Key": "after" }, data: body })).status();
    if (status === 201) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  expect(status).toBe(201);
  expect((await request.get(`${app.url}/readyz`)).status()).toBe(200);
});

test("answers 503 within 3 s while the database is frozen (accepts connections, never replies), and recovers when it thaws", async ({ request }) => {
  test.setTimeout(120_000);
  const m = await createMerchant();
  const headers = { Authorization: `Bearer ${m.test_key}` };
  const body = { amount: 1000, payment_method: "OPERATOR_MONEY", customer_phone: "+22370000009", return_url: "https://shop.example.ml/ok" };
  expect((await request.post(`${app.url}/v1/payments`, { headers: { ...headers, "X-Idempotency-Key": "frozen-before" }, data: body })).status()).toBe(201);

  proxy.freeze();
  for (const attempt of ["frozen-1", "frozen-2"]) {
    const started = Date.now();
    const down = await request.post(`${app.url}/v1/payments`, { headers: { ...headers, "X-Idempotency-Key": attempt }, data: body, timeout: 30_000 });
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(down.status()).toBe(503);
    expect((await down.json()).error.code).toBe("SERVICE_UNAVAILABLE");
  }
  const read = await request.get(`${app.url}/v1/payments`, { headers, timeout: 30_000 });
  expect(read.status()).toBe(503);

  proxy.thaw();
  const deadline = Date.now() + 20_000;
  let status = 0;
  while (Date.now() < deadline) {
    status = (await request.post(`${app.url}/v1/payments`, { headers: { ...headers, "X-Idempotency-Key": "frozen-after" }, data: body })).status();
    if (status === 201) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  expect(status).toBe(201);
});

type PageUnderTest = { name: string; path: string; audience: "customer" | "merchant"; healthy: number };

/**
 * One of each server-rendered page that reads the database, with what it answers when all is well:
 * the customer pages (checkout, payment link, secure order buyer and courier, portal), the
 * dashboard, and the sign-in of a visitor who is signed in (it looks the user up to send them on).
 */
async function pagesToCheck(browser: Browser): Promise<{ pages: PageUnderTest[]; visitor: BrowserContext }> {
  const visitor = await browser.newContext({ baseURL: app.url });
  const m = await createMerchant({ secureOrders: true });
  const post = async (path: string, data: Record<string, unknown>, idempotent = false) => {
    const response = await visitor.request.post(path, { headers: { Authorization: `Bearer ${m.test_key}`, ...(idempotent ? { "X-Idempotency-Key": randomUUID() } : {}) }, data });
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()).data;
  };
  const payment = await post("/v1/payments", { amount: 1000, payment_method: "OPERATOR_MONEY", customer_phone: "+22370000009", return_url: "https://shop.example.ml/ok" }, true);
  const link = await post("/v1/payment-links", { name: "Panier de mangues", mode: "FIXED", amount: 2500 });
  const order = await post("/v1/secure-orders", { amount: 25_000, description: "Robe wax taille M", customer_phone: "+22376543210" });
  const portal = await post("/v1/portal/sessions", { customer_phone: "+22370000001", customer_name: "Awa", return_url: "https://club.invalid/compte" });
  const page = await visitor.newPage();
  await signUpOnPage(page, { business: "Boutique Panne", email: `e2e-outage-${randomUUID().slice(0, 8)}@example.ml`, password: "mot de passe e2e solide" });
  await page.close();
  const path = (url: string) => new URL(url).pathname;
  return {
    visitor,
    pages: [
      { name: "checkout", path: `/checkout/${payment.id}`, audience: "customer", healthy: 200 },
      { name: "payment link", path: `/l/${link.slug}`, audience: "customer", healthy: 200 },
      { name: "buyer page", path: path(order.buyer_url), audience: "customer", healthy: 200 },
      { name: "courier page", path: path(order.delivery_url), audience: "customer", healthy: 200 },
      { name: "portal", path: path(portal.url), audience: "customer", healthy: 200 },
      { name: "dashboard", path: "/dashboard", audience: "merchant", healthy: 200 },
      { name: "sign-in", path: "/signin", audience: "merchant", healthy: 307 },
    ],
  };
}

async function expectOutagePage(request: APIRequestContext, page: PageUnderTest) {
  const started = Date.now();
  const response = await request.get(page.path, { maxRedirects: 0, timeout: 60_000, headers: { "Accept-Language": "fr-ML,fr;q=0.9" } });
  const waited = Date.now() - started;
  expect(response.status(), `${page.name} during the outage`).toBe(503);
  // The deadline is 1 s plus a 1.2 s probe (DATABASE_PROBE_AFTER_MS/_TIMEOUT_MS); a page may meet it
  // once for its layout and once for itself. 5 s says "within seconds" with room for a loaded CI box,
  // and is still far below the 30 s statement timeout a page without the deadline would wait for.
  expect(waited, `${page.name} answered after ${waited} ms`).toBeLessThan(5_000);
  expect(response.headers()["retry-after"]).toBe("5");
  expect(response.headers()["content-type"]).toContain("text/html");
  const html = await response.text();
  expect(html).toContain("Service momentanément indisponible");
  expect(html).toContain("Réessayer");
  if (page.audience === "customer") expect(html).toContain("votre paiement n&#39;est pas perdu");
  else expect(html).not.toContain("votre paiement");
  expect(html).not.toMatch(/DATABASE_DEADLINE|ECONNREFUSED|at \S+ \(/);
}

async function expectRecovered(request: APIRequestContext, pages: PageUnderTest[]) {
  for (const page of pages) {
    await expect
      .poll(async () => (await request.get(page.path, { maxRedirects: 0, timeout: 10_000 })).status(), { message: `${page.name} after the outage`, timeout: 20_000, intervals: [250, 500, 1_000] })
      .toBe(page.healthy);
  }
}

test("every page answers the outage page (503, Retry-After) within 5 s while the database is frozen, and comes back when it thaws", async ({ browser }) => {
  test.setTimeout(180_000);
  const { pages, visitor } = await pagesToCheck(browser);
  await expectRecovered(visitor.request, pages);

  proxy.freeze();
  try {
    for (const page of pages) await expectOutagePage(visitor.request, page);
    const english = await visitor.request.get(`${pages[0]!.path}?lang=en`, { timeout: 60_000 });
    expect(english.status()).toBe(503);
    expect(await english.text()).toContain("your payment is not lost");
    // What a customer sees on a phone: the page, its retry button, nothing cut off.
    const phone = await visitor.newPage();
    await phone.setViewportSize({ width: 360, height: 740 });
    await phone.goto(pages[0]!.path);
    await expect(phone.getByRole("heading", { level: 1 })).toHaveText("Service momentanément indisponible");
    await expect(phone.getByRole("button", { name: "Réessayer" })).toBeVisible();
    await screenshots(phone, "outage-checkout");
  } finally {
    proxy.thaw();
  }
  await expectRecovered(visitor.request, pages);
  await visitor.close();
});

test("every page answers the outage page (503, Retry-After) within 5 s while the database is stopped, and comes back when it restarts", async ({ browser }) => {
  test.setTimeout(180_000);
  const { pages, visitor } = await pagesToCheck(browser);
  await expectRecovered(visitor.request, pages);

  await proxy.cut();
  try {
    for (const page of pages) await expectOutagePage(visitor.request, page);
  } finally {
    await proxy.restore();
  }
  await expectRecovered(visitor.request, pages);
  await visitor.close();
});
