import { expect as baseExpect, test, type Browser, type Page } from "@playwright/test";
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import postgres from "postgres";
import { suiteDatabaseUrl } from "./support/instance";
import { merchantIdOf, updateMerchant } from "./support/merchant";
import { opsCommand } from "./support/ops-cli";
import { expectAccessible } from "./support/pages";
import { signUpOnPage } from "./support/signup";

// Issue 32, two people for large withdrawals: the owner sets a threshold, an admin asks for more,
// the request waits (reserved) until the owner approves it, and only then reaches the staff queue.
// Two browsers, two rounds and axe on every page: slow on a loaded 2-core machine.
test.describe.configure({ timeout: 600_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const PASSWORD = "mot de passe e2e solide";
const ADMIN_PASSWORD = "phrase de l'administratrice";
const SIZES = [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
];

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

/** The newest mail of a template to an address, as the mail job would send it. */
async function mailText(to: string, template: string): Promise<string> {
  const sql = postgres(suiteDatabaseUrl(), { max: 1, prepare: false, onnotice: () => {} });
  try {
    const rows = await sql<{ text: string }[]>`select text from mail_outbox where "to" = ${to} and template = ${template} order by created_at desc limit 1`;
    if (!rows[0]) throw new Error(`no ${template} mail to ${to}`);
    return rows[0].text;
  } finally {
    await sql.end();
  }
}

/** A sandbox payment that succeeded: the balance the withdrawals draw on. */
async function fund(page: Page, key: string, amount: number) {
  const auth = { authorization: `Bearer ${key}` };
  const created = await page.request.post("/v1/payments", {
    headers: { ...auth, "x-idempotency-key": `e2e-approval-${randomUUID()}` },
    data: { amount, payment_method: "OPERATOR_MONEY", customer_phone: "+22370000001", client_reference: `CMD-${randomUUID().slice(0, 6)}`, return_url: "https://boutique.example.ml/merci" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const settled = await page.request.post(`/v1/sandbox/payments/${(await created.json()).data.id}/simulate`, { headers: auth, data: { outcome: "SUCCESS" } });
  expect(settled.status(), await settled.text()).toBe(200);
}

/** An admin invited by the owner joins with their own password, in their own browser. */
async function adminJoins(owner: Page, browser: Browser, baseURL: string, email: string): Promise<Page> {
  const invited = await owner.request.post("/dashboard-api/team", { data: { email, role: "admin" }, headers: { origin: new URL(baseURL).origin } });
  expect(invited.status(), await invited.text()).toBe(201);
  const link = new URL((await mailText(email, "invitation")).match(/https?:\/\/\S+\/account\/invitation\?token=\S+/)![0]);
  const page = await (await browser.newContext({ baseURL })).newPage();
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByLabel("Mot de passe", { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByLabel("Confirmez le mot de passe").fill(ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Choisir mon mot de passe" }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByLabel("Mot de passe", { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return page;
}

test("a withdrawal above the threshold waits for a second owner or admin, then reaches the staff queue (360 and 1280 px, axe clean)", async ({ page: owner, browser, baseURL }) => {
  const ownerEmail = `e2e-appr-owner-${randomUUID().slice(0, 8)}@example.ml`;
  const adminEmail = `e2e-appr-admin-${randomUUID().slice(0, 8)}@example.ml`;
  const key = await signUpOnPage(owner, { business: "Boutique Deux Clés", email: ownerEmail, password: PASSWORD });
  const merchantId = await merchantIdOf(ownerEmail);
  await updateMerchant(merchantId, { kyc: "approved" });
  await fund(owner, key, 1_000_000);
  const admin = await adminJoins(owner, browser, baseURL!, adminEmail);

  // ── The owner sets the threshold in the settings ──
  await owner.setViewportSize(SIZES[0]);
  await owner.goto("/dashboard/withdrawals");
  await owner.getByRole("link", { name: "Régler l'approbation des gros retraits" }).click();
  await expect(owner.getByRole("heading", { level: 1 })).toHaveText("Approbation des retraits");
  await expect(owner.getByTestId("approval-threshold-current")).toHaveText("Actuellement : aucune seconde approbation.");
  await owner.getByLabel("Exiger une seconde approbation au-delà d'un montant").check();
  await owner.getByLabel("Seuil (FCFA)").fill("5 000 000");
  await owner.getByRole("button", { name: "Enregistrer" }).click();
  await expect(owner.getByText("Le seuil doit être un nombre entier de FCFA entre 0 et 4 999 999")).toBeVisible();
  await owner.getByLabel("Seuil (FCFA)").fill("100 000");
  await owner.getByRole("button", { name: "Enregistrer" }).click();
  await expect(owner.getByText("Réglage enregistré.")).toBeVisible();
  await expect(owner.getByTestId("approval-threshold-current")).toHaveText("Actuellement : au-delà de 100 000 FCFA.");
  await expectAccessible(owner);
  await owner.setViewportSize(SIZES[1]);
  await expectAccessible(owner);

  let reserved = 0;
  for (const [i, size] of SIZES.entries()) {
    const amount = 150_000 + i * 10_000;
    reserved += amount;
    await admin.setViewportSize(size);
    await owner.setViewportSize(size);

    // ── The admin asks for more than the threshold: it waits, reserved ──
    await admin.goto("/dashboard/withdrawals");
    await admin.getByLabel("Montant (FCFA, frais inclus)").fill(String(amount));
    await admin.getByLabel("Numéro mobile money qui reçoit le retrait").fill("76 55 44 33");
    await admin.getByRole("button", { name: "Demander le retrait" }).click();
    await expect(admin.getByText("Demande reçue. Elle dépasse le seuil d'approbation")).toBeVisible();
    const row = admin.getByTestId("withdrawal-row").first();
    await expect(row.getByTestId("withdrawal-status")).toContainText("En attente d'approbation");
    // The requester has no link to decide; their own page says why.
    await expect(row.getByRole("link", { name: "Approuver ou refuser" })).toHaveCount(0);
    await expectAccessible(admin);
    const listed = (await (await admin.request.get("/dashboard-api/withdrawals")).json()).data;
    const w = listed.withdrawals[0] as { id: string; reference: string; status: string };
    expect(w.status).toBe("AWAITING_APPROVAL");
    // Reserved from the request on, as every withdrawal (the one approved before still is).
    expect(listed.balance.reserved).toBe(reserved);
    await admin.goto(`/dashboard/withdrawals/${w.id}`);
    await expect(admin.getByTestId("approval-self")).toHaveText("Vous avez demandé ce retrait : un autre propriétaire ou administrateur doit l'approuver ou le refuser.");
    await expect(admin.getByRole("button", { name: "Approuver" })).toHaveCount(0);
    await expectAccessible(admin);

    // Not in the staff queue yet; the owner was mailed with the amount and the page's link.
    expect((await ops<{ id: string }[]>(["withdrawals", "list", "--status", "PENDING", "--merchant", merchantId])).map((q) => q.id)).not.toContain(w.id);
    const mail = await mailText(ownerEmail, "withdrawal_approval");
    expect(mail).toContain(`un retrait de ${String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, " ")} FCFA`);
    expect(mail).toContain(`/dashboard/withdrawals/${w.id}`);

    // ── The owner approves it in the dashboard ──
    await owner.goto("/dashboard/withdrawals");
    const ownerRow = owner.getByTestId("withdrawal-row").filter({ hasText: w.reference });
    await expect(ownerRow.getByTestId("withdrawal-status")).toContainText("En attente d'approbation");
    await ownerRow.getByRole("link", { name: `Approuver ou refuser le retrait ${w.reference}` }).click();
    await expect(owner.getByTestId("withdrawal-approval")).toContainText("dépasse le seuil d'approbation");
    await expectAccessible(owner);
    await owner.getByRole("button", { name: "Approuver" }).click();
    await expect(owner.getByText("Retrait approuvé : il est transmis à notre équipe.")).toBeVisible();
    await expect(owner.getByTestId("withdrawal-status")).toContainText("En attente");
    await expect(owner.getByTestId("withdrawal-status")).not.toContainText("approbation");
    await expect(owner.getByTestId("approval-decision")).toContainText("Approuvé par l'équipe");
    await expectAccessible(owner);

    // ── It is now in the staff queue, PENDING, still reserved ──
    const queue = await ops<{ id: string; status: string }[]>(["withdrawals", "list", "--status", "PENDING", "--merchant", merchantId]);
    expect(queue.find((q) => q.id === w.id)?.status).toBe("PENDING");
    expect(await mailText(adminEmail, "withdrawal_approval")).toContain("a été approuvé");
  }
});
