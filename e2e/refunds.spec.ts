import { expect as baseExpect, test, type APIRequestContext, type Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { merchantIdOf, updateMerchant } from "./support/merchant";
import { createStaff } from "./support/ops-cli";
import { expectAccessible } from "./support/pages";
import { signUpOnPage } from "./support/signup";
import { signInStaff } from "./support/two-factor";

// Issue 32, refunds through support: the merchant asks on the payment's page, staff approve and
// execute in the console, the merchant sees it refunded. Axe at both sizes on both screens.
test.describe.configure({ timeout: 300_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const PASSWORD = "mot de passe e2e solide";
const STAFF_PASSWORD = "console staff passphrase";
const SIZES = [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
];

async function api(request: APIRequestContext, key: string, method: "GET" | "POST", path: string, body?: unknown) {
  const response = await request.fetch(path, { method, headers: { authorization: `Bearer ${key}`, ...(method === "POST" ? { "x-idempotency-key": randomUUID() } : {}) }, data: body });
  return { status: response.status(), body: await response.json() };
}

async function accessibleAtBothSizes(page: Page) {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expectAccessible(page);
  }
}

test("a merchant asks for a refund on the payment's page, staff approve and execute it, the merchant sees it refunded", async ({ browser }) => {
  const business = `Boutique Remboursement ${randomUUID().slice(0, 6)}`;
  const merchantEmail = `refund-${randomUUID().slice(0, 8)}@example.ml`;
  const staffEmail = `staff-refund-${randomUUID().slice(0, 8)}@cauri.test`;

  const merchantContext = await browser.newContext();
  const merchant = await merchantContext.newPage();
  const key = await signUpOnPage(merchant, { business, email: merchantEmail, password: PASSWORD, keepKeyOpen: true });
  await updateMerchant(await merchantIdOf(merchantEmail), { kyc: "approved" });
  const created = await api(merchant.request, key, "POST", "/v1/payments", { amount: 100_000, payment_method: "OPERATOR_MONEY", customer_phone: "+22376001122", return_url: "https://boutique.example/merci" });
  expect(created.status).toBe(201);
  const paymentId = created.body.data.id as string;
  expect((await api(merchant.request, key, "POST", `/v1/sandbox/payments/${paymentId}/simulate`, { outcome: "SUCCESS" })).body.data.status).toBe("SUCCESS");

  // The merchant asks for 25 000 FCFA back (the form offers the whole remainder first).
  await merchant.goto(`/dashboard/payments/${paymentId}`);
  const refunds = merchant.getByTestId("payment-refunds");
  const amount = refunds.getByLabel("Montant à rembourser (FCFA)");
  await expect(amount).toHaveValue("100000");
  await accessibleAtBothSizes(merchant);
  await amount.fill("25000");
  await refunds.getByLabel("Motif").selectOption("duplicate");
  await refunds.getByRole("button", { name: "Demander un remboursement" }).click();
  await expect(refunds.getByTestId("refund-request")).toHaveAttribute("data-status", "REQUESTED");
  await expect(refunds.getByTestId("refund-request")).toContainText("25 000 FCFA");
  await expect(refunds.getByTestId("refund-request")).toContainText("Paiement en double");
  await accessibleAtBothSizes(merchant);
  const listed = await api(merchant.request, key, "GET", `/v1/refund-requests?payment_id=${paymentId}`);
  const refundId = listed.body.data.refund_requests[0].id as string;

  // Staff find it in the console's queue, approve it, send it at the operator and record the reference.
  await createStaff(staffEmail, STAFF_PASSWORD);
  const staffContext = await browser.newContext();
  const ops = await staffContext.newPage();
  await signInStaff(ops, staffEmail, STAFF_PASSWORD);
  await expect(ops).toHaveURL(/\/ops$/, { timeout: 30_000 });
  await ops.goto("/ops/refunds");
  await expect(ops.getByRole("heading", { level: 1 })).toHaveText("Remboursements");
  const card = ops.locator(`[data-testid="ops-refund"][data-id="${refundId}"]`);
  await expect(card).toContainText("25 000 FCFA");
  await expect(card).toContainText(business);
  await accessibleAtBothSizes(ops);
  await card.getByRole("button", { name: `Approuver ${refundId}` }).click();
  await expect(card.getByText("Approuvé", { exact: true })).toBeVisible();
  await card.getByRole("button", { name: `Marquer comme remboursé ${refundId}` }).click();
  await card.getByLabel("Référence de l'opérateur").fill("OM-RF-20261127");
  await accessibleAtBothSizes(ops);
  await card.getByRole("button", { name: "Confirmer le remboursement" }).click();
  await expect(card).toHaveCount(0);
  await ops.getByLabel("Afficher").selectOption("EXECUTED");
  await expect(card).toContainText("OM-RF-20261127");

  // The merchant sees the refund executed on the payment, with the operator's reference.
  await merchant.reload();
  await expect(refunds.getByTestId("refund-request")).toHaveAttribute("data-status", "EXECUTED");
  await expect(refunds.getByTestId("refund-request")).toContainText("Remboursé");
  await expect(refunds.getByTestId("refund-request")).toContainText("OM-RF-20261127");
  await expect(refunds.getByTestId("amount-refunded")).toHaveText("25 000 FCFA");
  await accessibleAtBothSizes(merchant);
});
