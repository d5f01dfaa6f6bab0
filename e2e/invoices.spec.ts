import { expect as baseExpect, test } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { expectAccessible } from "./support/pages";
import { signUpOnPage } from "./support/signup";

// The whole of an invoice, as a merchant and a customer live it: made in the dashboard, sent by
// text message, paid in one tap on its page, then PAID on both sides. Once per screen size.

test.describe.configure({ timeout: 300_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

for (const size of [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
]) {
  test(`create, send by SMS and pay an invoice at ${size.width}×${size.height}`, async ({ page, browser }) => {
    await page.setViewportSize(size);
    const key = await signUpOnPage(page, { business: "Quincaillerie Diarra", email: `e2e-invoice-${randomUUID().slice(0, 8)}@example.ml`, password: "mot de passe e2e solide" });

    // ── The merchant: a new invoice, two lines, sent by text message ──
    await page.goto("/dashboard/invoices/new");
    await page.getByRole("textbox", { name: "Téléphone du client" }).fill("76 55 44 33");
    await page.getByLabel("Nom du client (facultatif)").fill("Awa Traoré");
    await page.getByRole("group", { name: "Ligne 1" }).getByLabel("Description").fill("Ciment, sac de 50 kg");
    await page.getByRole("group", { name: "Ligne 1" }).getByLabel("Quantité").fill("2");
    await page.getByRole("group", { name: "Ligne 1" }).getByLabel("Prix unitaire (FCFA)").fill("5 000");
    await page.getByRole("button", { name: "Ajouter une ligne" }).click();
    await page.getByRole("group", { name: "Ligne 2" }).getByLabel("Description").fill("Livraison");
    await page.getByRole("group", { name: "Ligne 2" }).getByLabel("Prix unitaire (FCFA)").fill("2 500");
    await expect(page.getByTestId("invoice-preview-total")).toHaveText("12 500 FCFA");
    await expect(page.getByRole("checkbox", { name: "SMS" })).toBeChecked();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Finaliser et envoyer" }).click();
    await expect(page).toHaveURL(/\/dashboard\/invoices\/inv_[^/?]+$/);
    const detail = page.url();
    await expect(page.getByTestId("invoice-status")).toHaveText("À payer");
    await expect(page.getByTestId("timeline-event").and(page.locator('[data-kind="sent"][data-channel="sms"]'))).toContainText("Envoyée par SMS");
    const hosted = await page.getByTestId("invoice-url").getByRole("textbox").inputValue();
    const token = hosted.split("/i/")[1];
    await expectAccessible(page);

    // The text message is in the merchant's SMS page (test mode: kept in the sandbox, never sent to a phone).
    const messages = await page.request.get("/dashboard-api/settings/sms");
    expect(((await messages.json()).data.recent as { template: string; to: string }[]).filter((m) => m.template === "invoice")).toEqual([
      expect.objectContaining({ to: "+22376554433" }),
    ]);

    // ── The customer, on their own phone: the page, one tap, the operator approves ──
    const customer = await browser.newContext({ viewport: size, locale: "fr-FR" });
    const phone = await customer.newPage();
    await phone.goto(`/i/${token}`);
    await expect(phone.getByTestId("invoice-status")).toHaveText("À payer");
    await expect(phone.getByText("Ciment, sac de 50 kg").filter({ visible: true })).toHaveCount(1);
    await expectAccessible(phone);
    await phone.getByRole("button", { name: "Payer 12 500 FCFA" }).click();
    await phone.waitForURL(/\/checkout\/txn_[^/?]+/);
    await expect(phone.getByText("+223 76 •• •• 33").first()).toBeVisible();
    await expectAccessible(phone);
    await phone.getByRole("button", { name: "Réussir le paiement" }).click();
    // Back on the invoice's page (the payment's return_url), now paid.
    await phone.waitForURL(new RegExp(`/i/${token}`));
    await expect(phone.getByTestId("invoice-status")).toHaveText("Payée");
    await expectAccessible(phone);
    await customer.close();

    // ── The merchant sees it paid, with its history ──
    await page.goto(detail);
    await expect(page.getByTestId("invoice-status")).toHaveText("Payée");
    await expect(page.getByTestId("timeline-event").and(page.locator('[data-kind="paid"]'))).toBeVisible();
    await expect(page.getByTestId("timeline-event").and(page.locator('[data-kind="viewed"]'))).toContainText("Consultée par le client");
    await expectAccessible(page);
    const api = await page.request.get(`/v1/invoices/${detail.split("/").pop()}`, { headers: { authorization: `Bearer ${key}` } });
    expect((await api.json()).data).toMatchObject({ status: "PAID", amount_paid: 12_500, amount_due: 0 });
  });
}
