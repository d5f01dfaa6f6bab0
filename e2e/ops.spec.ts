import { expect as baseExpect, test, type APIRequestContext, type Page } from "@playwright/test";
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { expectAccessible, screenshots } from "./support/pages";
import { signInStaff } from "./support/two-factor";
import { opsCommand } from "./support/ops-cli";

// Page loads, axe scans and screenshots at two widths add up on a 2-core machine; each staff
// action is a request, a refetch and a re-render, which a cold server takes seconds to serve.
test.describe.configure({ timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const PASSWORD = "mot de passe e2e solide";

/**
 * The ops command line with --json, exactly as an operator runs it; the environment is the test
 * process's (aligned with the web server's database by playwright.config.ts).
 */
function ops<T>(args: string[], stdin = ""): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(...opsCommand([...args, "--json"]), { env: process.env });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("exit", (code) => {
      if (code !== 0) return reject(new Error(`ops ${args.join(" ")} failed (${code}): ${stdout} ${stderr.split("\n").slice(0, 5).join("\n")}`));
      resolve(JSON.parse(stdout));
    });
    child.stdin.end(stdin);
  });
}

const createStaff = (email: string, password: string) =>
  ops<{ user_id: string; email: string; role: string }>(["staff", "create", "--email", email, "--password-stdin"], `${password}\n`);

// Staff enroll two-factor on their first sign-in (the console requires it), then land on /ops.
const signIn = (page: Page, email: string, password: string) => signInStaff(page, email, password);

async function api(request: APIRequestContext, key: string, method: "GET" | "POST", path: string, body?: unknown) {
  const response = await request.fetch(path, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(method === "POST" ? { "x-idempotency-key": randomUUID() } : {}) },
    data: body,
  });
  return { status: response.status(), body: await response.json() };
}

test("a staff user created with the CLI approves a KYC and completes a withdrawal in the ops console", async ({ browser }) => {
  const staffEmail = `staff-${randomUUID().slice(0, 8)}@cauri.test`;
  const merchantEmail = `marchand-${randomUUID().slice(0, 8)}@example.ml`;
  const business = `Boutique Ops ${randomUUID().slice(0, 6)}`;
  const staffUser = await createStaff(staffEmail, "console staff passphrase");
  expect(staffUser).toMatchObject({ email: staffEmail, role: "staff" });

  // The merchant signs up, keeps its test key and sends its KYC from Settings.
  const merchantContext = await browser.newContext();
  const merchant = await merchantContext.newPage();
  await merchant.goto("/signup");
  await merchant.getByLabel("Nom de votre commerce").fill(business);
  await merchant.getByLabel("Adresse e-mail").fill(merchantEmail);
  await merchant.getByLabel("Mot de passe").fill(PASSWORD);
  await merchant.getByRole("button", { name: "Créer mon compte" }).click();
  await expect(merchant).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  const key = (await merchant.getByTestId("revealed-secret").textContent())!.trim();
  expect(key).toMatch(/^sk_test_/);
  await merchant.goto("/dashboard/settings");
  const kyc = merchant.locator("#kyc");
  await kyc.getByLabel("Raison sociale").fill(`${business} SARL`);
  await kyc.getByLabel("Numéro RCCM").fill("MA.BKO.2024.B.7777");
  await kyc.getByLabel("Adresse").fill("Avenue Modibo Keita, Bamako");
  await kyc.getByLabel("Nom du responsable").fill("Fatoumata Diarra");
  await kyc.getByLabel("Téléphone du responsable").fill("+22370000001");
  await kyc.getByLabel("Activité").fill("Vente de pagnes");
  await kyc.getByRole("button", { name: "Envoyer pour vérification" }).click();
  await expect(kyc.getByText("En attente", { exact: true })).toBeVisible();

  // Withdrawals need an approved KYC: refused for now.
  const early = await api(merchant.request, key, "POST", "/v1/withdrawals", { amount: 50_000, provider: "OPERATOR_MONEY", phone_number: "+22370000001" });
  expect(early.body.error.code).toBe("KYC_NOT_APPROVED");

  // Staff sign in and land on the console; the KYC request waits in the queue.
  const staffContext = await browser.newContext();
  const ops = await staffContext.newPage();
  await signIn(ops, staffEmail, "console staff passphrase");
  await expect(ops).toHaveURL(/\/ops$/, { timeout: 30_000 });
  await expect(ops.getByRole("heading", { level: 1 })).toHaveText("Demandes à traiter");
  const request = ops.getByTestId("ops-request").filter({ hasText: business });
  await expect(request).toContainText("Vérification KYC");
  await expect(request).toContainText("MA.BKO.2024.B.7777");
  await expectAccessible(ops);
  await screenshots(ops, "ops-requests");
  // Staff have no merchant dashboard.
  expect((await ops.goto("/dashboard"))?.status()).toBe(404);

  // Find the merchant by e-mail and approve the KYC from its page.
  await ops.goto("/ops/merchants");
  await ops.getByLabel("Rechercher un marchand").fill(merchantEmail.toUpperCase());
  await ops.getByRole("button", { name: "Rechercher" }).click();
  await expect(ops.getByTestId("ops-merchant")).toHaveCount(1);
  await expectAccessible(ops);
  await screenshots(ops, "ops-merchants");
  await ops.getByRole("link", { name: business }).click();
  await expect(ops.getByRole("heading", { level: 1 })).toHaveText(business);
  await ops.getByLabel("KYC", { exact: true }).selectOption("approved");
  await ops.getByRole("button", { name: "Enregistrer les modifications" }).click();
  await expect(ops.getByText("Modifications enregistrées et journalisées.")).toBeVisible();
  const kycEntry = ops.getByTestId("audit-entry").filter({ hasText: "kyc.approve" });
  await expect(kycEntry).toContainText(`staff:${staffEmail}`);
  await expect(kycEntry).toContainText("kyc_status : pending → approved");
  await expectAccessible(ops);
  await screenshots(ops, "ops-merchant");

  // The merchant's dashboard follows.
  await merchant.goto("/dashboard");
  await expect(merchant.getByTestId("checklist-kyc")).toContainText("Fait");

  // Credit the balance with a real test payment (simulator) settled through the sandbox route, then request a withdrawal.
  const payment = await api(merchant.request, key, "POST", "/v1/payments", {
    amount: 100_000,
    payment_method: "OPERATOR_MONEY",
    customer_phone: "+22370000001",
    return_url: "https://boutique.example/merci",
  });
  expect(payment.status).toBe(201);
  const settled = await api(merchant.request, key, "POST", `/v1/sandbox/payments/${payment.body.data.id}/simulate`, { outcome: "SUCCESS" });
  expect(settled.body.data.status).toBe("SUCCESS");
  const before = await api(merchant.request, key, "GET", "/v1/withdrawals/balance");
  expect(before.body.data.available).toBeGreaterThanOrEqual(50_000);
  const created = await api(merchant.request, key, "POST", "/v1/withdrawals", { amount: 50_000, provider: "OPERATOR_MONEY", phone_number: "+22370000001", notes: "Retrait e2e" });
  expect(created.status).toBe(201);
  const withdrawal = created.body.data;
  expect(withdrawal.status).toBe("PENDING");

  // Staff approve it, execute the transfer and record the operator's reference.
  await ops.goto("/ops/withdrawals");
  const card = ops.locator(`[data-testid="ops-withdrawal"][data-reference="${withdrawal.reference}"]`);
  await expect(card).toContainText("En attente");
  await expect(card).toContainText(business);
  await expectAccessible(ops);
  await screenshots(ops, "ops-withdrawals");
  await card.getByRole("button", { name: `Approuver ${withdrawal.reference}` }).click();
  await expect(card).toContainText("Approuvé");
  await card.getByRole("button", { name: `Marquer comme exécuté ${withdrawal.reference}` }).click();
  await card.getByLabel("Référence de l'opérateur").fill("OM-TRX-2026-000123");
  await expectAccessible(ops);
  await card.getByRole("button", { name: "Confirmer l'exécution" }).click();
  await expect(card).toHaveCount(0);
  await ops.getByLabel("Afficher").selectOption("COMPLETED");
  await expect(card).toContainText("Versé");
  await expect(card).toContainText("OM-TRX-2026-000123");

  const done = await api(merchant.request, key, "GET", `/v1/withdrawals/${withdrawal.id}`);
  expect(done.body.data).toMatchObject({ status: "COMPLETED", operator_reference: "OM-TRX-2026-000123" });
  const after = await api(merchant.request, key, "GET", "/v1/withdrawals/balance");
  expect(after.body.data).toMatchObject({ available: before.body.data.available - 50_000, reserved: 0 });

  // Every staff action is in the audit log, with who, what and before/after.
  await ops.goto("/ops/audit");
  const mine = ops.getByTestId("audit-entry").filter({ hasText: `staff:${staffEmail}` });
  await expect(mine.filter({ hasText: "withdrawal.complete" })).toContainText("status : APPROVED → COMPLETED");
  await expect(mine.filter({ hasText: "withdrawal.approve" })).toContainText("status : PENDING → APPROVED");
  await expect(mine.filter({ hasText: "kyc.approve" })).toHaveCount(1);
  await expectAccessible(ops);
  await screenshots(ops, "ops-audit");

  for (const [path, title, name] of [
    ["/ops/partner-products", "Produits partenaires", "ops-partner-products"],
    ["/ops/disputes", "Litiges", "ops-disputes"],
    ["/ops/late-collections", "Encaissements tardifs", "ops-late-collections"],
  ] as const) {
    await ops.goto(path);
    await expect(ops.getByRole("heading", { level: 1 })).toHaveText(title);
    await expectAccessible(ops);
    await screenshots(ops, name);
  }

  await merchantContext.close();
  await staffContext.close();
});

test("a partner product the merchant changes while it is on screen is not approved; the queue shows the new price", async ({ browser }) => {
  const staffEmail = `staff-${randomUUID().slice(0, 8)}@cauri.test`;
  await createStaff(staffEmail, "console staff passphrase");
  const shop = await ops<{ merchant_id: string; test_key: string }>(["merchant", "create", "--name", `Boutique Partenaire ${randomUUID().slice(0, 6)}`]);
  await ops(["merchant", "update", shop.merchant_id, "--partner", "on"]);
  const context = await browser.newContext();
  const page = await context.newPage();
  const name = `Savon noir ${randomUUID().slice(0, 6)}`;
  const proposed = await api(page.request, shop.test_key, "POST", "/v1/merchants/partner-products", { name, price: 1_500 });
  expect(proposed.status).toBe(201);

  await signIn(page, staffEmail, "console staff passphrase");
  await expect(page).toHaveURL(/\/ops$/, { timeout: 30_000 });
  await page.goto("/ops/partner-products");
  const card = page.getByTestId("ops-partner-product").filter({ hasText: name });
  await expect(card).toContainText(/1\s500\sFCFA/);

  // The merchant raises the price after the page was opened.
  const changed = await page.request.fetch(`/v1/merchants/partner-products/${proposed.body.data.id}`, {
    method: "PATCH",
    headers: { authorization: `Bearer ${shop.test_key}` },
    data: { price: 9_500 },
  });
  expect(changed.status()).toBe(200);

  await card.getByRole("button", { name: `Valider ${name}` }).click();
  await expect(card.getByRole("alert")).toContainText("changed this product");
  await expect(card).toContainText(/9\s500\sFCFA/);
  const still = await api(page.request, shop.test_key, "GET", "/v1/merchants/partner-products");
  expect(still.body.data.products.find((p: { id: string }) => p.id === proposed.body.data.id)).toMatchObject({ status: "PENDING_REVIEW", price: 9_500 });

  // Approving what is now on screen works.
  await card.getByRole("button", { name: `Valider ${name}` }).click();
  await expect(page.getByTestId("ops-partner-product").filter({ hasText: name })).toHaveCount(0);
  const approved = await api(page.request, shop.test_key, "GET", "/v1/merchants/partner-products");
  expect(approved.body.data.products.find((p: { id: string }) => p.id === proposed.body.data.id)).toMatchObject({ status: "APPROVED", price: 9_500 });
  await context.close();
});
