import { expect as baseExpect, test, type Page } from "@playwright/test";
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { merchantIdOf, updateMerchant } from "./support/merchant";
import { expectWithinViewport, screenshots } from "./support/pages";
import { signUpOnPage } from "./support/signup";
import { opsCommand } from "./support/ops-cli";

// Issue 18, the money pages: French everywhere, status and amount on a 360 px screen, one amount
// parser, and the operator's reference of a paid-out withdrawal.
test.describe.configure({ timeout: 300_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const PASSWORD = "mot de passe e2e solide";
const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 900 };

/** The ops command line as staff run it (the same domain functions as the console, audited). */
function ops<T>(args: string[]): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(...opsCommand([...args, "--json"]), { env: process.env });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve(JSON.parse(stdout)) : reject(new Error(`ops ${args.slice(0, 2).join(" ")} failed (${code}): ${stderr.split("\n").slice(0, 5).join("\n")}`))));
  });
}

async function newPayment(page: Page, key: string, amount: number, reference: string, outcome: "SUCCESS" | "FAILED"): Promise<string> {
  const auth = { authorization: `Bearer ${key}` };
  const created = await page.request.post("/v1/payments", {
    headers: { ...auth, "x-idempotency-key": `e2e-money-${randomUUID()}` },
    data: { amount, payment_method: "OPERATOR_MONEY", customer_phone: "+22370000001", client_reference: reference, return_url: "https://boutique.example.ml/merci" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json()).data.id as string;
  const settled = await page.request.post(`/v1/sandbox/payments/${id}/simulate`, { headers: auth, data: { outcome } });
  expect(settled.status(), await settled.text()).toBe(200);
  return id;
}

test("money pages: French labels with the API value, status and amount on a phone, a withdrawal typed 50.000 paid out with the operator's reference", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  const email = `e2e-money-${randomUUID().slice(0, 8)}@example.ml`;
  const key = await signUpOnPage(page, { business: "Boutique Argent", email, password: PASSWORD });

  const paid = await newPayment(page, key, 120_000, "CMD-ARGENT-1", "SUCCESS");
  const failed = await newPayment(page, key, 7_500, "CMD-ARGENT-2", "FAILED");
  await updateMerchant(await merchantIdOf(email), { kyc: "approved" });

  // ── Payments list: the label in French and the API value beside it, both on a phone's screen ──
  await page.setViewportSize(PHONE);
  await page.goto("/dashboard/payments");
  const paidRow = page.getByTestId("payment-row").filter({ hasText: paid });
  const failedRow = page.getByTestId("payment-row").filter({ hasText: failed });
  await expect(paidRow.getByTestId("payment-status")).toContainText("Réussi");
  await expect(paidRow.getByTestId("payment-status")).toContainText("SUCCESS");
  await expect(failedRow.getByTestId("payment-status")).toContainText("Échoué");
  await expect(failedRow.getByTestId("payment-status")).toContainText("FAILED");
  await expect(page.getByLabel("Statut").locator("option")).toContainText(["Tous", "En attente", "Réussi", "Échoué"]);
  await expectWithinViewport(page, paidRow.getByTestId("payment-status"), "the payment's status at 360 px");
  await expectWithinViewport(page, paidRow.getByTestId("payment-amount"), "the payment's amount at 360 px");
  await expect(paidRow.getByTestId("payment-amount")).toHaveText("120 000 FCFA");
  await screenshots(page, "money-payments");

  // ── Payment detail: the failure reason in French; the ledger in words, its codes as hints ──
  await page.goto(`/dashboard/payments/${failed}`);
  await expect(page.getByTestId("payment-reason")).toHaveText("Échec simulé : le client a refusé le paiement (test).");
  await expect(page.getByTestId("payment-status")).toContainText("Échoué");
  await expectWithinViewport(page, page.getByTestId("payment-status"), "the payment detail's status at 360 px");
  await screenshots(page, "money-payment-failed");

  await page.goto(`/dashboard/payments/${paid}`);
  await expect(page.getByText("Paiement réussi")).toBeVisible();
  await expect(page.getByText("payment.success")).toBeVisible();
  const ledger = page.getByRole("region", { name: "Écritures comptables" }).first();
  await expect(ledger).toContainText("Votre solde disponible");
  await expect(ledger).toContainText("merchant_available");
  await expect(ledger).toContainText("Paiement encaissé");
  const credit = page.getByTestId("ledger-row").filter({ hasText: "merchant_available" }).first();
  await expectWithinViewport(page, credit.getByTestId("ledger-amount"), "a ledger amount at 360 px");
  await screenshots(page, "money-payment-paid");

  // ── Home: the latest payments keep amount and status on screen ──
  await page.goto("/dashboard");
  const recent = page.getByTestId("recent-payment").filter({ hasText: "CMD-ARGENT-2" });
  await expect(recent.getByTestId("recent-payment-status")).toHaveText("Échoué");
  await expectWithinViewport(page, recent.getByTestId("recent-payment-status"), "the latest payment's status at 360 px");
  await expectWithinViewport(page, recent.getByTestId("recent-payment-amount"), "the latest payment's amount at 360 px");
  await screenshots(page, "money-home");

  // ── Withdrawals: the amount as people type it ──
  await page.goto("/dashboard/withdrawals");
  const amount = page.getByLabel("Montant (FCFA, frais inclus)");
  await amount.fill("35,5");
  await page.getByLabel("Numéro mobile money qui reçoit le retrait").fill("+22370000001");
  await page.getByRole("button", { name: "Demander le retrait" }).click();
  await expect(page.getByText("Montant illisible : tapez un nombre entier de FCFA, par exemple 50 000, 50.000 ou 50000.")).toBeVisible();
  await expect(amount).toHaveAttribute("aria-invalid", "true");
  // "5.000" is read as 5 000 FCFA: below the minimum, the API's limit says so.
  await amount.fill("5.000");
  await page.getByRole("button", { name: "Demander le retrait" }).click();
  await expect(page.getByText("Le montant doit être un nombre entier de FCFA entre 50 000 et 5 000 000.")).toBeVisible();
  await amount.fill("50.000");
  await expect(page.getByTestId("withdrawal-quote")).toContainText("Frais : 500 FCFA");
  await expect(page.getByTestId("withdrawal-quote")).toContainText("Vous recevez : 49 500 FCFA");
  await page.getByRole("button", { name: "Demander le retrait" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Demande de retrait reçue" })).toBeVisible();
  const row = page.getByTestId("withdrawal-row").first();
  await expect(row.getByTestId("withdrawal-amount")).toHaveText("50 000 FCFA");
  await expect(row.getByTestId("withdrawal-status")).toContainText("En attente");

  // Staff approve it and record the transfer with the operator's reference.
  const listed = await page.request.get("/v1/withdrawals", { headers: { authorization: `Bearer ${key}` } });
  const withdrawal = (await listed.json()).data.withdrawals[0] as { id: string; reference: string; amount: number };
  expect(withdrawal.amount).toBe(50_000);
  await ops(["withdrawals", "approve", withdrawal.id, "--actor", "e2e-staff"]);
  await ops(["withdrawals", "complete", withdrawal.id, "--operator-ref", "OM-TRX-2026-004242", "--actor", "e2e-staff"]);

  await page.reload();
  await expect(row.getByTestId("withdrawal-status")).toHaveText("Versé");
  await expect(row.getByTestId("withdrawal-operator-reference")).toHaveText("Réf. opérateur : OM-TRX-2026-004242");
  await expectWithinViewport(page, row.getByTestId("withdrawal-status"), "the withdrawal's status at 360 px");
  await expectWithinViewport(page, row.getByTestId("withdrawal-amount"), "the withdrawal's amount at 360 px");
  await screenshots(page, "money-withdrawals");

  await row.getByRole("link", { name: `Voir le retrait ${withdrawal.reference}` }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/withdrawals/${withdrawal.id}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Retrait de 50 000 FCFA");
  await expect(page.getByTestId("withdrawal-operator-reference")).toHaveText("OM-TRX-2026-004242");
  await expect(page.getByTestId("withdrawal-net")).toHaveText("49 500 FCFA");
  await expect(page.getByTestId("withdrawal-status")).toHaveText("Versé");
  await expectWithinViewport(page, page.getByTestId("withdrawal-status"), "the withdrawal detail's status at 360 px");
  await screenshots(page, "money-withdrawal-detail");

  // Another merchant's withdrawal, or a made-up id, is not found.
  expect((await page.goto("/dashboard/withdrawals/00000000-0000-4000-8000-000000000000"))?.status()).toBe(404);

  // ── English readers read the reason as the API gives it ──
  await page.setViewportSize(DESKTOP);
  await page.goto(`/dashboard/payments/${failed}?lang=en`);
  await expect(page.getByTestId("payment-reason")).toHaveText("Simulated failure: the customer declined the payment (sandbox).");
  await expect(page.getByTestId("payment-status")).toContainText("Failed");
});
