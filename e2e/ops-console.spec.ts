import { expect as baseExpect, test, type APIRequestContext, type Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { merchantIdOf, updateMerchant } from "./support/merchant";
import { expectWithinViewport, screenshots } from "./support/pages";
import { signInStaff } from "./support/two-factor";
import { signUpOnPage } from "./support/signup";
import { createStaff } from "./support/ops-cli";

// Sign-up, KYC, payments, a secure order and its dispute, then five console screens with axe at two widths: a long test on 2 cores.
test.describe.configure({ timeout: 300_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const PASSWORD = "mot de passe e2e solide";
const STAFF_PASSWORD = "console staff passphrase";
const BUYER_PHONE = "+22376543210";
const CONTACT_PHONE = "+22370000001";

async function api(request: APIRequestContext, key: string, method: "GET" | "POST", path: string, body?: unknown) {
  const response = await request.fetch(path, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(method === "POST" ? { "x-idempotency-key": randomUUID() } : {}) },
    data: body,
  });
  return { status: response.status(), body: await response.json() };
}

const pathOf = (url: string) => new URL(url).pathname;
const today = () => new Date().toISOString().slice(0, 10);
// formatXof's spelling: ordinary spaces between thousands, then FCFA.
const fcfa = (n: number) => `${String(n).replace(/\B(?=(\d{3})+(?!\d))/g, " ")} FCFA`;
const dayBefore = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/** At phone width, the given cells are on screen without sideways scrolling; then back to the desktop width. */
async function onScreenAtPhoneWidth(page: Page, cells: [ReturnType<Page["locator"]>, string][]) {
  await page.setViewportSize({ width: 360, height: 740 });
  for (const [cell, what] of cells) await expectWithinViewport(page, cell, what);
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("staff see a merchant's whole picture, KYC beside a queued withdrawal, both sides of a dispute, and filter the audit log", async ({ browser }) => {
  const business = `Boutique Console ${randomUUID().slice(0, 6)}`;
  const merchantEmail = `console-${randomUUID().slice(0, 8)}@example.ml`;
  const staffEmail = `staff-console-${randomUUID().slice(0, 8)}@cauri.test`;
  const legalName = `${business} SARL`;

  // The merchant signs up, keeps its test key and sends its KYC from Settings.
  const merchantContext = await browser.newContext();
  const merchant = await merchantContext.newPage();
  const key = await signUpOnPage(merchant, { business, email: merchantEmail, password: PASSWORD, keepKeyOpen: true });
  await merchant.goto("/dashboard/settings");
  const kycForm = merchant.locator("#kyc");
  await kycForm.getByLabel("Raison sociale").fill(legalName);
  await kycForm.getByLabel("Numéro RCCM").fill("MA.BKO.2024.B.5151");
  await kycForm.getByLabel("NIF (facultatif)").fill("084512345X");
  await kycForm.getByLabel("Adresse").fill("Rue 12, Hamdallaye, Bamako");
  await kycForm.getByLabel("Nom du responsable").fill("Awa Traoré");
  await kycForm.getByLabel("Téléphone du responsable").fill(CONTACT_PHONE);
  await kycForm.getByLabel("Activité").fill("Vente de tissus");
  await kycForm.getByRole("button", { name: "Envoyer pour vérification" }).click();
  await expect(kycForm.getByText("En attente", { exact: true })).toBeVisible();

  // An operator approves the KYC and opens secure orders from the command line (an audited merchant.update).
  const merchantId = await merchantIdOf(merchantEmail);
  await updateMerchant(merchantId, { kyc: "approved", secureOrders: true });

  // Money through the API with the merchant's key: a settled payment, a withdrawal, a secure order the buyer disputes.
  const payment = await api(merchant.request, key, "POST", "/v1/payments", { amount: 100_000, payment_method: "OPERATOR_MONEY", customer_phone: CONTACT_PHONE, return_url: "https://boutique.example/merci" });
  expect(payment.status).toBe(201);
  expect((await api(merchant.request, key, "POST", `/v1/sandbox/payments/${payment.body.data.id}/simulate`, { outcome: "SUCCESS" })).body.data.status).toBe("SUCCESS");
  const withdrawal = await api(merchant.request, key, "POST", "/v1/withdrawals", { amount: 50_000, provider: "OPERATOR_MONEY", phone_number: CONTACT_PHONE });
  expect(withdrawal.status, JSON.stringify(withdrawal.body)).toBe(201);

  const created = await api(merchant.request, key, "POST", "/v1/secure-orders", { amount: 25_000, description: "Robe wax taille M, 2 pagnes", customer_phone: BUYER_PHONE, customer_name: "Fanta", client_reference: "CMD-5151" });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const order = created.body.data;
  expect((await api(merchant.request, key, "POST", `/v1/sandbox/secure-orders/${order.id}/simulate-payment`, { outcome: "SUCCESS" })).body.data.status).toBe("PAID_HELD");
  const code = (await api(merchant.request, key, "GET", `/v1/sandbox/secure-orders/${order.id}/delivery-code`)).body.data.code as string;
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
  const refused = await api(merchant.request, key, "POST", `/v1/secure-orders/${order.id}/confirm-delivery`, { code: wrong });
  expect(refused.body.error.code).toBe("INVALID_CODE");
  await merchant.goto(pathOf(order.buyer_url));
  await merchant.getByText("Un problème avec la commande ?").click();
  await merchant.getByLabel("Décrivez le problème").fill("Le colis est arrivé ouvert et abîmé.");
  await merchant.getByRole("button", { name: "Signaler un problème" }).click();
  await expect(merchant.getByText("Litige en cours").first()).toBeVisible();
  const balance = (await api(merchant.request, key, "GET", "/v1/withdrawals/balance")).body.data;

  // Staff sign in (two-factor enrollment on the first time).
  await createStaff(staffEmail, STAFF_PASSWORD);
  const staffContext = await browser.newContext();
  const ops = await staffContext.newPage();
  await signInStaff(ops, staffEmail, STAFF_PASSWORD);
  await expect(ops).toHaveURL(/\/ops$/, { timeout: 30_000 });

  // 1. The merchant page: KYC under French labels, balances, latest payments, withdrawals and secure orders, team, audit trail.
  await ops.goto(`/ops/merchants/${merchantId}`);
  await expect(ops.getByRole("heading", { level: 1 })).toHaveText(business);
  const kyc = ops.getByRole("region", { name: "Informations KYC" });
  await expect(kyc).toContainText("Raison sociale");
  await expect(kyc).toContainText(legalName);
  await expect(kyc).toContainText("Numéro d'identification fiscale (NIF)");
  await expect(kyc).toContainText("084512345X");
  await expect(kyc).toContainText("KYC approuvé");
  for (const raw of ["legal_name", "tax_id", "registration_number", "contact_phone"]) await expect(kyc).not.toContainText(raw);
  const books = ops.getByTestId("ops-merchant-books");
  const testBalance = books.getByTestId("balance-test");
  await expect(testBalance).toContainText("Disponible");
  await expect(testBalance).toContainText(fcfa(balance.available));
  await expect(testBalance).toContainText(fcfa(balance.reserved));
  await expect(testBalance).toContainText(fcfa(balance.held));
  expect(balance.held).toBe(25_000);
  const payments = books.getByRole("region", { name: "Derniers paiements" });
  await expect(payments.getByTestId("latest-row")).toHaveCount(2);
  await expect(payments.getByTestId("latest-row").filter({ hasText: "100 000 FCFA" })).toContainText("Réussi");
  await expect(books.getByRole("region", { name: "Derniers retraits" })).toContainText("En attente");
  await expect(books.getByRole("region", { name: "Dernières commandes sécurisées" }).getByTestId("latest-row")).toContainText("Litige");
  await expect(ops.getByText(merchantEmail, { exact: true }).first()).toBeVisible();
  await expect(ops.getByTestId("audit-entry").filter({ hasText: "merchant.update" })).toContainText("kyc_status : pending → approved");
  const firstPayment = payments.getByTestId("latest-row").first();
  await onScreenAtPhoneWidth(ops, [
    [firstPayment.getByTestId("latest-status-mobile"), "the payment's status"],
    [firstPayment.locator("td").last().locator("span").first(), "the payment's amount"],
  ]);
  await screenshots(ops, "ops-console-merchant");

  // 2. The withdrawal queue: the merchant's KYC beside the queued withdrawal.
  await ops.goto("/ops/withdrawals");
  const card = ops.locator(`[data-testid="ops-withdrawal"][data-reference="${withdrawal.body.data.reference}"]`);
  await expect(card).toContainText("En attente");
  const besideKyc = card.getByTestId("withdrawal-kyc");
  await expect(besideKyc.getByRole("heading", { name: "KYC à vérifier" })).toBeVisible();
  await expect(besideKyc).toContainText("Raison sociale");
  await expect(besideKyc).toContainText(legalName);
  await expect(besideKyc).toContainText("MA.BKO.2024.B.5151");
  await expect(besideKyc).toContainText("Le numéro du retrait est celui du responsable déclaré au KYC.");
  await onScreenAtPhoneWidth(ops, [
    [card.getByText("En attente", { exact: true }).first(), "the withdrawal's status"],
    [card.getByText("50 000 FCFA").first(), "the withdrawal's amount"],
  ]);
  await screenshots(ops, "ops-console-withdrawals");

  // 3. The dispute: both sides, the buyer's phone masked, the courier's attempts without the code.
  await ops.goto("/ops/disputes");
  const dispute = ops.locator(`[data-testid="ops-dispute"][data-reference="${order.reference}"]`);
  await expect(dispute).toContainText("+223••••••10");
  await dispute.getByRole("link", { name: `Voir les deux parties ${order.reference}` }).click();
  await expect(ops.getByRole("heading", { level: 1 })).toHaveText(`Litige ${order.reference}`);
  await expect(ops.getByTestId("buyer-phone")).toHaveText("+223••••••10");
  await expect(ops.getByTestId("dispute-buyer")).toContainText("Le colis est arrivé ouvert et abîmé.");
  const orderSide = ops.getByTestId("dispute-order");
  await expect(orderSide).toContainText("25 000 FCFA");
  await expect(orderSide).toContainText("Robe wax taille M, 2 pagnes");
  await expect(orderSide).toContainText("CMD-5151");
  await expect(orderSide).toContainText("Litige");
  await expect(ops.getByTestId("wrong-attempts")).toHaveText("1 sur 5");
  await expect(ops.getByTestId("api-confirmations").getByRole("listitem")).toHaveCount(1);
  await expect(ops.getByTestId("api-confirmations")).toContainText("400");
  await expect(ops.getByTestId("dispute-merchant")).toContainText("ne peut pas répondre à un litige");
  await expect(ops.getByTestId("merchant-requests")).toContainText("simulate-payment");
  const text = await ops.locator("main").innerText();
  expect(text).not.toContain(BUYER_PHONE);
  expect(text).not.toContain(code);
  await screenshots(ops, "ops-console-dispute");

  // 4. The audit log: filters in the URL, each kept across pages, days inclusive.
  await ops.goto("/ops/audit");
  await ops.getByLabel("Marchand (identifiant exact)").fill(merchantId);
  await ops.getByLabel("Action", { exact: true }).fill("merchant.");
  await ops.getByRole("button", { name: "Filtrer" }).click();
  await expect(ops).toHaveURL(new RegExp(`merchant=${merchantId}.*action=merchant\\.|action=merchant\\..*merchant=${merchantId}`));
  const entries = ops.getByTestId("audit-entry");
  await expect(entries).toHaveCount(1);
  await expect(entries).toContainText("merchant.update");
  await expect(entries).toContainText("kyc_status : pending → approved");
  await ops.getByLabel("Du (inclus)").fill(today());
  await ops.getByLabel("Au (inclus)").fill(today());
  await ops.getByRole("button", { name: "Filtrer" }).click();
  await expect(ops).toHaveURL(new RegExp(`to=${today()}`));
  await expect(entries).toHaveCount(1);
  await screenshots(ops, "ops-console-audit");
  await ops.getByLabel("Du (inclus)").fill(dayBefore(today()));
  await ops.getByLabel("Au (inclus)").fill(dayBefore(today()));
  await ops.getByRole("button", { name: "Filtrer" }).click();
  await expect(ops.getByTestId("audit-count")).toHaveText("Aucune entrée ne correspond à ces filtres.");
  await ops.getByLabel("Du (inclus)").fill(today());
  await ops.getByRole("button", { name: "Filtrer" }).click();
  await expect(ops.getByRole("alert").filter({ hasText: "Ces filtres ne peuvent pas être appliqués" })).toBeVisible();
  await screenshots(ops, "ops-console-audit-invalid");

  // Without JavaScript the same URL filters the same way (a plain GET form rendered on the server).
  const noScript = await browser.newContext({ javaScriptEnabled: false, storageState: await staffContext.storageState() });
  const plain = await noScript.newPage();
  await plain.goto(`/ops/audit?merchant=${merchantId}&action=merchant.`);
  await expect(plain.getByTestId("audit-entry")).toHaveCount(1);
  await plain.getByLabel("Action", { exact: true }).fill("kyc.");
  await plain.getByRole("button", { name: "Filtrer" }).click();
  await expect(plain).toHaveURL(/action=kyc\./);
  await expect(plain.getByTestId("audit-count")).toHaveText("Aucune entrée ne correspond à ces filtres.");

  await noScript.close();
  await merchantContext.close();
  await staffContext.close();
});
