import { expect as baseExpect, test, type Download, type Locator, type Page } from "@playwright/test";
import ExcelJS from "exceljs";
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { merchantIdOf, updateMerchant } from "./support/merchant";
import { screenshots } from "./support/pages";
import { signInStaff } from "./support/two-factor";
import { createStaff } from "./support/ops-cli";

test.describe.configure({ timeout: 300_000, mode: "serial" });
const expect = baseExpect.configure({ timeout: 30_000 });

const PASSWORD = "mot de passe e2e solide";
const BOM = "\uFEFF";
const email = `e2e-books-${randomUUID().slice(0, 8)}@example.ml`;
let merchantId = "";

async function downloadFrom(page: Page, panel: Locator, options: { format?: string } = {}): Promise<{ download: Download; bytes: Buffer }> {
  if (options.format) await panel.getByLabel("Format").selectOption({ label: options.format });
  const [download] = await Promise.all([page.waitForEvent("download"), panel.getByRole("button", { name: "Exporter" }).click()]);
  await expect(panel.getByRole("status")).toContainText("Téléchargement lancé");
  return { download, bytes: await readFile((await download.path())!) };
}

/** A CSV as the dashboard saved it: the BOM, then lines split on the separator (no field here holds one). */
function csvRows(bytes: Buffer, separator: string): string[][] {
  const text = bytes.toString("utf8");
  expect(text.startsWith(BOM), "UTF-8 BOM first").toBe(true);
  return text
    .slice(1)
    .split("\r\n")
    .filter(Boolean)
    .map((line) => line.split(separator));
}

async function pay(page: Page, key: string, amount: number, reference: string) {
  const auth = { authorization: `Bearer ${key}` };
  const created = await page.request.post("/v1/payments", {
    headers: { ...auth, "x-idempotency-key": `e2e-books-${randomUUID()}` },
    data: { amount, payment_method: "OPERATOR_MONEY", customer_phone: "+22370000001", client_reference: reference, description: "Commande livres", return_url: "https://boutique.example.ml/merci" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json()).data.id as string;
  expect((await page.request.post(`/v1/sandbox/payments/${id}/simulate`, { headers: auth, data: { outcome: "SUCCESS" } })).status()).toBe(200);
}

test("books: the owner downloads every export and the statement, and reads the balance history in plain French", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/signup");
  await page.getByLabel("Nom de votre commerce").fill("Boutique Comptes");
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByLabel("Mot de passe").fill(PASSWORD);
  await page.getByRole("button", { name: "Créer mon compte" }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  const key = (await page.getByTestId("revealed-secret").textContent())!.trim();
  await page.getByRole("button", { name: "J'ai enregistré la clé" }).click();
  await pay(page, key, 80_000, "CMD-LIVRE-1");
  await pay(page, key, 12_500, "CMD-LIVRE-2");
  merchantId = await merchantIdOf(email);
  await updateMerchant(merchantId, { kyc: "approved", secureOrders: true });

  // ── A withdrawal, so the withdrawals export and the balance history have one ──
  await page.goto("/dashboard/withdrawals");
  await page.getByLabel("Montant (FCFA, frais inclus)").fill("50000");
  await expect(page.getByTestId("withdrawal-quote")).toContainText("Frais : 500 FCFA");
  await page.getByLabel("Numéro mobile money qui reçoit le retrait").fill("+22370000001");
  await page.getByRole("button", { name: "Demander le retrait" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Demande de retrait reçue" })).toBeVisible();

  // ── Payments: CSV with commas, French headers, one line per payment ──
  await page.goto("/dashboard/payments");
  const payments = await downloadFrom(page, page.getByTestId("export-payments"));
  expect(payments.download.suggestedFilename()).toMatch(/^cauri-payments-\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
  const paymentRows = csvRows(payments.bytes, ",");
  expect(paymentRows[0].slice(0, 4)).toEqual(["Identifiant", "Date de création (UTC)", "Statut", "Montant (FCFA)"]);
  expect(paymentRows).toHaveLength(3);
  expect(paymentRows.map((r) => r[3]).slice(1).sort()).toEqual(["12500", "80000"]);

  // ── Withdrawals page: the balance history in plain words ──
  await page.goto("/dashboard/withdrawals");
  const history = page.getByTestId("balance-history");
  await expect(history.getByRole("heading", { name: "Historique du solde" })).toBeVisible();
  await expect(history.getByTestId("balance-row").first()).toBeVisible();
  await expect(history).toContainText("Paiement encaissé");
  await expect(history).toContainText("Retrait demandé (montant réservé)");
  await expect(history).toContainText("Réservé (retraits et remboursements en cours)");
  await expect(history).toContainText("+80 000 FCFA");
  await expect(history).toContainText("-50 000 FCFA");
  const pageText = await page.locator("body").innerText();
  for (const word of ["merchant_available", "merchant_reserved", "operator_clearing", "escrow_held", "withdrawal_reserved"]) expect(pageText).not.toContain(word);
  const listed = await page.request.get("/dashboard-api/balance/transactions?limit=100");
  const movements = (await listed.json()).data as unknown[];
  await expect(history.getByTestId("balance-row")).toHaveCount(movements.length);

  // Withdrawals CSV with « ; » for French Excel.
  const withdrawals = await downloadFrom(page, page.getByTestId("export-withdrawals"), { format: "CSV « ; » pour Excel en français" });
  const withdrawalRows = csvRows(withdrawals.bytes, ";");
  expect(withdrawalRows[0].slice(0, 5)).toEqual(["Identifiant", "Référence", "Date de demande (UTC)", "Statut", "Montant (FCFA)"]);
  expect(withdrawalRows).toHaveLength(2);
  expect(withdrawalRows[1][3]).toBe("PENDING");
  expect(withdrawalRows[1][4]).toBe("50000");

  // Balance history as XLSX, read back with exceljs: one row per movement, labels in French.
  const balance = await downloadFrom(page, page.getByTestId("export-balance_transactions"), { format: "Excel (XLSX)" });
  expect(balance.download.suggestedFilename()).toMatch(/\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(balance.bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
  expect(values(1).slice(0, 3)).toEqual(["Identifiant", "Date (UTC)", "Mouvement"]);
  expect(sheet.actualRowCount).toBe(movements.length + 1);
  const labels = Array.from({ length: movements.length }, (_, i) => values(i + 2)[2]);
  expect(labels).toContain("Paiement encaissé");
  expect(labels).toContain("Retrait demandé (montant réservé)");

  // The monthly statement (the previous month by default), a PDF.
  const statementPanel = page.getByTestId("statement-panel");
  await expect(statementPanel.getByLabel("Mois")).toHaveValue(/^\d{4}-\d{2}$/);
  const [statement] = await Promise.all([page.waitForEvent("download"), statementPanel.getByRole("button", { name: "Télécharger le relevé (PDF)" }).click()]);
  expect(statement.suggestedFilename()).toMatch(/^cauri-statement-.*\.pdf$/);
  expect((await readFile((await statement.path())!)).subarray(0, 5).toString("latin1")).toBe("%PDF-");

  // Desktop and phone: axe at zero serious/critical, no sideways scroll at 360 px; the cards keep amount and movement.
  await screenshots(page, "books-withdrawals");
  await page.setViewportSize({ width: 360, height: 740 });
  const card = history.getByTestId("balance-row").first();
  await expect(card).toBeVisible();
  const box = (await card.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(360);
  await expect(card.getByText(/^[+-]\d[\d ]* FCFA$/)).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });

  // ── Secure orders and subscriptions: header-only files still carry the BOM and French headers ──
  await page.goto("/dashboard/secure-orders");
  const secure = csvRows((await downloadFrom(page, page.getByTestId("export-secure_orders"))).bytes, ",");
  expect(secure[0].slice(0, 4)).toEqual(["Identifiant", "Référence", "Date de création (UTC)", "Statut"]);
  expect(secure).toHaveLength(1);

  await page.goto("/dashboard/billing");
  const subscriptions = csvRows((await downloadFrom(page, page.getByTestId("export-subscriptions"))).bytes, ",");
  expect(subscriptions[0].slice(0, 4)).toEqual(["Identifiant", "Date de création (UTC)", "Statut", "Formule"]);
  expect(subscriptions).toHaveLength(1);

  // ── English dashboard: English labels ──
  await page.goto("/dashboard/withdrawals?lang=en");
  await expect(page.getByRole("heading", { name: "Balance history", exact: true })).toBeVisible();
  await expect(page.getByTestId("balance-history")).toContainText("Payment collected");
  await expect(page.getByRole("button", { name: "Download the statement (PDF)" })).toBeVisible();
});

test("ops: the merchant page shows the balances, latest payments and withdrawals, and downloads the statement", async ({ page }) => {
  expect(merchantId, "runs after the dashboard test").not.toBe("");
  const staffEmail = `staff-books-${randomUUID().slice(0, 8)}@cauri.test`;
  await createStaff(staffEmail, "console staff passphrase");
  await signInStaff(page, staffEmail, "console staff passphrase");
  await page.goto(`/ops/merchants/${merchantId}`);
  const books = page.getByTestId("ops-merchant-books");
  await expect(books.getByRole("heading", { name: "Soldes" })).toBeVisible();
  await expect(books).toContainText("En séquestre");
  await expect(books.getByRole("region", { name: "Derniers paiements" }).getByRole("row")).toHaveCount(3);
  await expect(books.getByRole("region", { name: "Derniers retraits" })).toContainText("50 000 FCFA");
  await books.getByLabel("Mode").selectOption("test");
  const [statement] = await Promise.all([page.waitForEvent("download"), books.getByRole("button", { name: "Télécharger le relevé" }).click()]);
  expect((await readFile((await statement.path())!)).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  await page.reload();
  await expect(page.getByTestId("audit-entry").filter({ hasText: "statement.download" })).toBeVisible();
});
