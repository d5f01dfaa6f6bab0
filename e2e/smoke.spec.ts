import { expect, test } from "@playwright/test";

test.describe("landing page", () => {
  test("is in French for a French browser", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Encaissez");
    await expect(page.getByRole("link", { name: "Ouvrir le tableau de bord" }).first()).toHaveAttribute("href", "/dashboard");
    await expect(page.getByRole("link", { name: "Lire la documentation de l'API" })).toHaveAttribute("href", "/docs");
  });

  test("falls back to French for a browser in a language we do not offer", async ({ browser }) => {
    const context = await browser.newContext({ locale: "de-DE" });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Encaissez");
    await context.close();
  });

  test("is in English with ?lang=en", async ({ page }) => {
    await page.goto("/?lang=en");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Get paid by mobile money");
    await expect(page.getByRole("link", { name: "Read the API documentation" })).toHaveAttribute("href", "/docs");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });

  test("follows an English browser when no language was chosen", async ({ browser }) => {
    const context = await browser.newContext({ locale: "en-US" });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Get paid by mobile money");
    await context.close();
  });

  test("remembers the language picked with the switch", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("navigation", { name: "Langue" }).getByRole("link", { name: "English" }).click();
    await expect(page).toHaveURL(/\?lang=en$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Get paid by mobile money");

    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Get paid by mobile money");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });

  test("fits a 360px phone without horizontal scrolling", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test("an unknown page answers 404 in the visitor's language", async ({ page }) => {
  const response = await page.goto("/cette-page-n-existe-pas");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page introuvable");
});

test("an unknown API route, /v1 itself included, answers the JSON error envelope with 404, a request id and the rate-limit headers", async ({ request }) => {
  for (const path of ["/v1/does-not-exist", "/v1"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect(response.headers()["content-type"]).toContain("application/json");
    expect(response.headers()["x-request-id"]).toBeTruthy();
    expect(response.headers()["ratelimit-limit"]).toBe("100");
    const body = await response.json();
    expect(body).toMatchObject({ success: false, error: { code: "NOT_FOUND" } });
    expect(typeof body.error.message).toBe("string");
  }
  for (const path of ["/healthz", "/readyz"]) expect((await request.get(path)).headers()["x-request-id"], path).toBeTruthy();
});

test("a method a /v1 route does not serve answers the JSON 405 with Allow, and OPTIONS lists only what is served", async ({ request }) => {
  const refused = await request.delete("/v1/payments");
  expect(refused.status()).toBe(405);
  expect(refused.headers()["allow"]).toBe("GET, POST");
  expect(refused.headers()["x-request-id"]).toBeTruthy();
  expect(await refused.json()).toEqual({ success: false, error: { code: "METHOD_NOT_ALLOWED", message: "DELETE is not allowed on /v1/payments. Allowed: GET, POST." } });

  // A POST-only route refuses GET the same way, per request (not a response frozen at build time).
  const [first, second] = await Promise.all([request.get("/v1/portal/sessions"), request.get("/v1/portal/sessions")]);
  for (const response of [first, second]) {
    expect(response.status()).toBe(405);
    expect(response.headers()["allow"]).toBe("POST");
    expect((await response.json()).error.code).toBe("METHOD_NOT_ALLOWED");
  }
  expect(first.headers()["x-request-id"]).not.toBe(second.headers()["x-request-id"]);

  const options = await request.fetch("/v1/payments", { method: "OPTIONS" });
  expect(options.status()).toBe(204);
  expect(options.headers()["allow"]).toBe("GET, POST, HEAD, OPTIONS");
  expect(options.headers()["x-request-id"]).toBeTruthy();
});

test("a path that is not valid percent-encoding is an unknown identifier, not the router's 500", async ({ request }) => {
  for (const path of ["/v1/payments/%ZZ", "/v1/payments/txn_%E0%A4%A", "/v1/nope/%C0"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect((await response.json()).error.code).toBe("NOT_FOUND");
  }
  for (const path of ["/checkout/%ZZ", "/o/%E0%A4%A"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect(response.headers()["content-type"]).toContain("text/html");
  }
});
