import { expect as baseExpect, test, type Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { createMerchant } from "./support/merchant";
import { createStaff } from "./support/ops-cli";
import { expectAccessible, keepScreenshots } from "./support/pages";
import { signInStaff } from "./support/two-factor";
import { startWebhookReceiver } from "./support/webhook-receiver";

// Issue 32, "The true status of every payment": a lost callback is found by the automatic recheck,
// and the payment page tells the whole story; staff see the payments that are stuck.
test.describe.configure({ timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const PASSWORD = "mot de passe e2e solide";
const SIZES = [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
];

/** At each size: nothing scrolls sideways at 360 px, axe finds nothing serious, and a screenshot. */
async function atBothSizes(page: Page, name: string, check: () => Promise<void>) {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await check();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${name} scrolls sideways at ${size.width} px`).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    if (keepScreenshots) await page.screenshot({ path: test.info().outputPath(`${name}-${size.width}.png`), fullPage: true });
  }
}

async function api(page: Page, key: string | null, path: string, data: unknown, headers: Record<string, string> = {}) {
  const res = await page.request.post(path, { headers: { ...(key ? { authorization: `Bearer ${key}`, "x-idempotency-key": randomUUID() } : {}), ...headers }, data });
  const body = await res.json();
  expect(res.status(), JSON.stringify(body)).toBeLessThan(300);
  return body.data;
}

/** A test payment for `phone`, confirmed by its customer on the checkout (the push to the phone). */
async function pushedPayment(page: Page, key: string, phone: string): Promise<string> {
  const created = await api(page, key, "/v1/payments", { amount: 12_500, payment_method: "OPERATOR_MONEY", customer_phone: phone, return_url: "https://boutique.example/merci" });
  await api(page, null, `/v1/payments/${created.id}/confirm`, { customer_phone: phone }, { "x-forwarded-for": `198.51.200.${Math.floor(Math.random() * 250) + 1}` });
  return created.id;
}

test("a collection whose callback never comes: the recheck settles it, and the payment page shows the check, SUCCESS, payment.success and its delivery", async ({ page }) => {
  const email = `e2e-timeline-${randomUUID().slice(0, 8)}@example.ml`;
  await page.goto("/signup");
  await page.getByLabel("Nom de votre commerce").fill("Boutique Chronologie");
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByLabel("Mot de passe").fill(PASSWORD);
  await page.getByRole("button", { name: "Créer mon compte" }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  const key = (await page.getByTestId("revealed-secret").textContent())!.trim();
  await page.getByRole("button", { name: "J'ai enregistré la clé" }).click();

  const receiver = await startWebhookReceiver();
  try {
    await api(page, key, "/v1/webhooks/endpoints", { url: receiver.url, enabled_events: ["payment.success"] });
    const id = await pushedPayment(page, key, "+22370000008");

    // Before two minutes on the test clock nobody asked the operator: the payment waits.
    await page.goto(`/dashboard/payments/${id}`);
    await expect(page.getByTestId("payment-status")).toContainText("PENDING");
    await expect(page.getByTestId("timeline-check")).toHaveCount(0);

    await api(page, key, "/v1/sandbox/clock/advance", { seconds: 121 });
    await page.goto(`/dashboard/payments/${id}`);
    const timeline = page.getByTestId("payment-timeline");
    await atBothSizes(page, "payment-timeline", async () => {
      await expect(page.getByTestId("payment-status")).toContainText("SUCCESS");
      await expect(timeline.getByTestId("timeline-created")).toContainText("Paiement créé");
      await expect(timeline.getByTestId("timeline-push")).toContainText("Demande envoyée au téléphone du client");
      const check = timeline.getByTestId("timeline-check");
      await expect(check).toHaveCount(1);
      await expect(check).toContainText("Revérification automatique auprès de l'opérateur");
      await expect(check).toContainText("réussi");
      await expect(check).toContainText("Le paiement a été mis à jour.");
      await expect(timeline.getByTestId("timeline-final")).toContainText("SUCCESS");
      const event = timeline.getByTestId("timeline-event");
      await expect(event).toContainText("payment.success");
      await expect(event.getByTestId("timeline-delivery")).toContainText(receiver.url);
      await expect(event.getByTestId("timeline-delivery")).toContainText("HTTP 200");
    });

    // In English too.
    await page.goto(`/dashboard/payments/${id}?lang=en`);
    await expect(timeline.getByTestId("timeline-check")).toContainText("Automatic check with the operator");
    await expect(timeline.getByTestId("timeline-check")).toContainText("successful");
    await expectAccessible(page);
  } finally {
    await receiver.close();
  }
});

test("staff see a payment whose operator was unreachable among the stuck payments, with its merchant and amount", async ({ page }) => {
  const merchant = await createMerchant({ name: `Boutique Bloquée ${randomUUID().slice(0, 6)}` });
  const id = await pushedPayment(page, merchant.test_key, "+22370000006");

  const staffEmail = `staff-stuck-${randomUUID().slice(0, 8)}@cauri.test`;
  await createStaff(staffEmail, PASSWORD);
  await signInStaff(page, staffEmail, PASSWORD);
  // One merchant's (the link from its page): the suite's database holds other tests' stuck payments.
  await page.goto(`/ops/stuck-payments?merchant_id=${merchant.merchant_id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Paiements bloqués" })).toBeVisible();
  const row = page.locator(`[data-testid="stuck-payment"][data-payment-id="${id}"]`);
  await atBothSizes(page, "ops-stuck-payments", async () => {
    await expect(row).toBeVisible();
    await expect(row).toContainText("Opérateur injoignable");
    await expect(row).toContainText("12 500 FCFA");
    await expect(row).toContainText("503");
    await expect(row.getByRole("link", { name: /Boutique Bloquée/ })).toHaveAttribute("href", new RegExp(`/ops/merchants/${merchant.merchant_id}`));
  });
  await expect(page.getByRole("link", { name: "Paiements bloqués" }).first()).toHaveAttribute("aria-current", "page");
});
