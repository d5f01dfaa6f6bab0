import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { asOwnCustomer } from "./support/customer-ip";
import { createMerchant, type TestMerchant } from "./support/merchant";
import { expectAccessible } from "./support/pages";
import { asSlowPhone } from "./support/throttle";

/**
 * Issue 30, the customer's side of an invoice: the hosted page (/i/{token}) shows who bills whom
 * and what, at 360×740 and 1280×800, and pays in one tap, with or without its script, reaching
 * the checkout's waiting screen; a paid invoice says so and links its receipt.
 */

let merchant: TestMerchant;
let seq = 0;

test.beforeEach(({ context }) => asOwnCustomer(context));
test.beforeAll(async () => {
  merchant = await createMerchant({ name: "Boutique Awa" });
});

const auth = (key = merchant.test_key) => ({ authorization: `Bearer ${key}` });
const WAITING = "Validez le paiement sur votre téléphone";

/** 12 500 FCFA in two lines, one with a long description. */
const LINES = [
  { description: "Tissu wax hollandais, 6 yards, motif « fleurs de mariage » bleu et or", quantity: 2, unit_amount: 5_000 },
  { description: "Couture", unit_amount: 2_500 },
];

/** An open invoice of the suite's merchant, and its page's path on this server. */
async function openInvoice(request: APIRequestContext, body: Record<string, unknown> = {}, key = merchant.test_key) {
  const created = await request.post("/v1/invoices", {
    headers: { ...auth(key), "x-idempotency-key": `e2e-invoice-${Date.now()}-${++seq}` },
    data: { customer_phone: "76 55 44 33", customer_name: "Awa Traoré", lines: LINES, notes: "Retrait en boutique, marché de Médine.", ...body },
  });
  expect(created.status()).toBe(201);
  const id = (await created.json()).data.id as string;
  const finalized = await request.post(`/v1/invoices/${id}/finalize`, { headers: auth(key) });
  expect(finalized.status()).toBe(200);
  const data = (await finalized.json()).data;
  // hosted_invoice_url carries the server's public origin; the browser uses the suite's base URL.
  return { id, number: data.number as string, path: new URL(data.hosted_invoice_url).pathname };
}

async function readPayment(request: APIRequestContext, id: string, key = merchant.test_key) {
  const response = await request.get(`/v1/payments/${id}`, { headers: auth(key) });
  return (await response.json()).data as { status: string; amount: number; initiated_at: string | null };
}

async function readInvoice(request: APIRequestContext, id: string) {
  const response = await request.get(`/v1/invoices/${id}`, { headers: auth() });
  return (await response.json()).data as { status: string; payment_id: string | null };
}

/** Nothing sticks out sideways (a 360 px phone must not scroll horizontally). */
async function expectNoOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Pays from the invoice page in one tap and returns the payment the checkout waits on. */
async function payInOneTap(page: Page, request: APIRequestContext, key = merchant.test_key) {
  await page.getByRole("button", { name: "Payer 12 500 FCFA" }).click();
  await page.waitForURL(/\/checkout\/txn_[^/?]+\?lang=fr$/);
  await expect(page.getByRole("heading", { name: WAITING })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("+223 76 •• •• 33").first()).toBeVisible();
  const paymentId = new URL(page.url()).pathname.split("/").pop()!;
  const payment = await readPayment(request, paymentId, key);
  expect(payment).toMatchObject({ status: "PENDING", amount: 12_500 });
  expect(payment.initiated_at).not.toBeNull();
  return paymentId;
}

test.describe("with JavaScript", () => {
  test("an open invoice reads well at 360×740 and 1280×800 and pays in one tap on a slow phone", async ({ page, request }) => {
    const invoice = await openInvoice(request);
    await asSlowPhone(page);
    await page.goto(invoice.path);

    await expect(page.getByRole("heading", { level: 1, name: `Facture ${invoice.number}` })).toBeVisible();
    await expect(page.getByTestId("invoice-status")).toHaveText("À payer");
    await expect(page.getByTestId("invoice-total")).toHaveText("12 500 FCFA");
    await expect(page.getByRole("note")).toContainText("Mode test");
    await expect(page.getByTestId("merchant-name")).toHaveText("Boutique Awa");
    const card = page.getByTestId("invoice-card");
    for (const text of ["Boutique Awa", "Awa Traoré", "+223 76 •• •• 33", "Total à payer", "À régler avant le"]) await expect(card).toContainText(text);
    await expect(page.getByText("Retrait en boutique, marché de Médine.")).toBeVisible();
    await expect(page.getByTestId("invoice-issuer")).toContainText("Boutique Awa");
    await expect(page.getByTestId("invoice-pdf")).toHaveAttribute("href", `${invoice.path}/pdf?lang=fr`);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await expect(page.locator('meta[name="referrer"]')).toHaveAttribute("content", "same-origin");
    await expect(card).not.toContainText("76554433");

    // A phone: the lines stacked, one block each; nothing to scroll sideways; the Pay button on the first screen.
    const stacked = page.getByTestId("invoice-lines-stacked");
    await expect(stacked).toBeVisible();
    await expect(page.getByTestId("invoice-lines-table")).toBeHidden();
    await expect(stacked.getByRole("listitem")).toHaveCount(2);
    await expect(stacked.getByRole("listitem").first()).toContainText("2 × 5 000 FCFA");
    await expect(stacked.getByRole("listitem").first()).toContainText("10 000 FCFA");
    await expectNoOverflow(page);
    const pay = await page.getByRole("button", { name: "Payer 12 500 FCFA" }).boundingBox();
    expect(pay!.y + pay!.height).toBeLessThanOrEqual(740);
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath("invoice-360.png"), fullPage: true });

    // A desktop: the table with its column headers and total.
    await page.setViewportSize({ width: 1280, height: 800 });
    const table = page.getByTestId("invoice-lines-table");
    await expect(table).toBeVisible();
    await expect(stacked).toBeHidden();
    for (const header of ["Description", "Qté", "Prix unitaire", "Montant"]) await expect(table.getByRole("columnheader", { name: header })).toBeVisible();
    await expect(table.getByRole("row").nth(1)).toContainText("Tissu wax hollandais");
    await expect(table.getByRole("row").last()).toContainText("12 500 FCFA");
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath("invoice-1280.png"), fullPage: true });

    await page.setViewportSize({ width: 360, height: 740 });
    const paymentId = await payInOneTap(page, request);
    expect(await readInvoice(request, invoice.id)).toMatchObject({ status: "OPEN", payment_id: paymentId });

    // Back on the invoice: the attempt in flight is continued, never a second one.
    await page.goto(invoice.path);
    await expect(page.getByRole("button", { name: "Payer 12 500 FCFA" })).toHaveCount(0);
    await expect(page.getByTestId("invoice-continue")).toHaveAttribute("href", `/checkout/${paymentId}?lang=fr`);
    await expectAccessible(page);
  });

  test("the invoice's own language leads; ?lang= changes it; the PDF follows", async ({ page, request }) => {
    const invoice = await openInvoice(request, { locale: "en" });
    await page.goto(invoice.path);
    await expect(page.getByRole("heading", { level: 1, name: `Invoice ${invoice.number}` })).toBeVisible();
    await expect(page.getByTestId("invoice-status")).toHaveText("To pay");
    await expect(page.getByRole("button", { name: "Pay 12 500 FCFA" })).toBeVisible();
    await expect(page.getByTestId("invoice-pdf")).toHaveText("Download PDF");
    await expect(page.getByTestId("invoice-pdf")).toHaveAttribute("href", `${invoice.path}/pdf?lang=en`);

    await page.goto(`${invoice.path}?lang=fr`);
    await expect(page.getByRole("heading", { level: 1, name: `Facture ${invoice.number}` })).toBeVisible();
    await expect(page.getByTestId("invoice-pdf")).toHaveText("Télécharger le PDF");

    const pdf = await request.get(`${invoice.path}/pdf`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect(pdf.headers()["content-disposition"]).toBe(`attachment; filename="invoice-${invoice.number}.pdf"`);
    expect(pdf.headers()["cache-control"]).toBe("private, no-cache");
    expect((await pdf.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const fr = await request.get(`${invoice.path}/pdf?lang=fr`);
    expect(fr.headers()["content-disposition"]).toBe(`attachment; filename="facture-${invoice.number}.pdf"`);
    const download = page.waitForEvent("download");
    await page.getByTestId("invoice-pdf").click();
    expect((await download).suggestedFilename()).toBe(`facture-${invoice.number}.pdf`);
  });

  test("a paid invoice shows Payée with its date and links its receipt", async ({ page, request }) => {
    const invoice = await openInvoice(request);
    await page.goto(invoice.path);
    const paymentId = await payInOneTap(page, request);
    const simulated = await request.post(`/v1/sandbox/payments/${paymentId}/simulate`, { headers: auth(), data: { outcome: "SUCCESS" } });
    expect(simulated.status()).toBe(200);
    expect((await readInvoice(request, invoice.id)).status).toBe("PAID");

    await page.goto(invoice.path);
    await expect(page.getByTestId("invoice-status")).toHaveText("Payée");
    await expect(page.getByTestId("invoice-paid")).toContainText("Facture payée");
    await expect(page.getByTestId("invoice-paid")).toContainText(/Payée le \d{1,2} \S+ \d{4}, \d{2}:\d{2} \(heure du Mali\)\./);
    await expect(page.getByRole("button", { name: /Payer/ })).toHaveCount(0);
    await expectAccessible(page);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.screenshot({ path: test.info().outputPath("invoice-paid-360.png"), fullPage: true });
    await page.getByTestId("invoice-receipt").click();
    await expect(page.getByRole("heading", { level: 1, name: "Reçu de paiement" })).toBeVisible();
    await expect(page.getByTestId("receipt-card")).toContainText(paymentId);

    await page.goto(`${invoice.path}?lang=en`);
    await expect(page.getByTestId("invoice-status")).toHaveText("Paid");
  });

  test("an invoice voided while its page is open refuses the tap, says why, and shows it cancelled", async ({ page, request }) => {
    const invoice = await openInvoice(request);
    await page.goto(invoice.path);
    await expect(page.getByTestId("invoice-status")).toHaveText("À payer");
    expect((await request.post(`/v1/invoices/${invoice.id}/void`, { headers: auth(), data: { reason: "Erreur de montant" } })).status()).toBe(200);
    await page.getByRole("button", { name: "Payer 12 500 FCFA" }).click();
    await expect(page.getByTestId("invoice-pay-error")).toHaveText("Le marchand a annulé cette facture : elle ne peut plus être payée.");
    await expect(page.getByTestId("invoice-status")).toHaveText("Annulée");
    await expect(page.getByTestId("invoice-void")).toContainText("Facture annulée");
    expect((await readInvoice(request, invoice.id)).payment_id).toBeNull();
    await expectAccessible(page);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.screenshot({ path: test.info().outputPath("invoice-void-360.png"), fullPage: true });
  });

  test("past its due date on the merchant's test clock the invoice reads En retard and still pays in one tap", async ({ page, request }) => {
    // A merchant of its own: the test clock moves for every invoice of a merchant.
    const own = await createMerchant({ name: "Atelier Diarra" });
    const invoice = await openInvoice(request, {}, own.test_key);
    expect((await request.post("/v1/sandbox/clock/advance", { headers: auth(own.test_key), data: { seconds: 8 * 86_400 } })).status()).toBe(200);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(invoice.path);
    await expect(page.getByTestId("invoice-status")).toHaveText("En retard");
    await expect(page.getByTestId("invoice-card")).toContainText("Était à régler au plus tard le");
    await expect(page.getByText("Cette facture a dépassé sa date d'échéance. Vous pouvez encore la payer ici.")).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath("invoice-overdue-360.png"), fullPage: true });
    await payInOneTap(page, request, own.test_key);
  });

  test("an unknown token is a 404, for the page and the PDF", async ({ page, request }) => {
    const invoice = await openInvoice(request);
    const token = invoice.path.slice(3);
    for (const bad of [`${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`, "nope"]) {
      expect((await page.goto(`/i/${bad}`))?.status()).toBe(404);
      expect((await request.get(`/i/${bad}/pdf`)).status()).toBe(404);
    }
  });
});

// The link reaches the customer on WhatsApp, whose preview fetches the page the moment the merchant
// sends it: the merchant's timeline must not say the customer opened it.
test("a link preview, a crawler or a prefetch is not a view; the customer opening the page is", async ({ page, request }) => {
  const invoice = await openInvoice(request);
  const views = async () => {
    const timeline = await request.get(`/v1/invoices/${invoice.id}/timeline`, { headers: auth() });
    return ((await timeline.json()).data as { kind: string }[]).filter((entry) => entry.kind === "viewed").length;
  };
  const chrome = "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
  const previews: Record<string, string>[] = [{ "user-agent": "WhatsApp/2.24.6.77 A" }, { "user-agent": "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)" }, { "user-agent": chrome, "sec-purpose": "prefetch" }];
  for (const headers of previews) {
    const preview = await request.get(invoice.path, { headers });
    expect(preview.status()).toBe(200);
    expect(await preview.text()).toContain(invoice.number);
  }
  expect(await views()).toBe(0);

  await page.goto(invoice.path);
  await expect(page.getByTestId("invoice-status")).toHaveText("À payer");
  expect(await views()).toBe(1);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the page renders and pays in one tap, at 360×740, reaching the checkout's waiting screen", async ({ page, request }) => {
    const invoice = await openInvoice(request);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(invoice.path);
    await expect(page.getByTestId("invoice-status")).toHaveText("À payer");
    await expect(page.getByTestId("invoice-lines-stacked")).toBeVisible();
    await expectNoOverflow(page);
    await payInOneTap(page, request);
  });

  test("a tap on an invoice cancelled meanwhile says so and shows it cancelled", async ({ page, request }) => {
    const invoice = await openInvoice(request);
    await page.goto(invoice.path);
    // Voided by the merchant while this page was open.
    expect((await request.post(`/v1/invoices/${invoice.id}/void`, { headers: auth(), data: {} })).status()).toBe(200);
    await page.getByRole("button", { name: "Payer 12 500 FCFA" }).click();
    await expect(page.getByTestId("invoice-status")).toHaveText("Annulée");
    await expect(page.getByTestId("invoice-pay-error")).toHaveText("Le marchand a annulé cette facture : elle ne peut plus être payée.");
    expect((await readInvoice(request, invoice.id)).payment_id).toBeNull();
  });
});
