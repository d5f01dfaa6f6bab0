import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import postgres from "postgres";
import { suiteDatabaseUrl } from "./support/instance";
import { linkIn, readMail } from "./support/mail";
import { expectWithinViewport, screenshots } from "./support/pages";
import { signUpOnPage } from "./support/signup";
import { asSlowPhone } from "./support/throttle";
import { enrollOnPage, freshCode } from "./support/two-factor";

// Issue 29, the dashboard: KYC said before the withdrawal form and refusals where the finger is,
// statement months, a compact phone header, the team page and payment list at 360 px, the
// navigation's current item, heading order of a delivery, formatted phones and unbroken amounts,
// and the account forms working before (or without) their script.

const PASSWORD = "mot de passe e2e solide";

test.describe.configure({ timeout: 300_000 });

const newEmail = (tag: string) => `e2e-fric-${tag}-${randomUUID().slice(0, 8)}@example.ml`;

/** The newest invitation link to an address, from the outbox the mail job reads. */
async function invitationPath(to: string): Promise<string> {
  const sql = postgres(suiteDatabaseUrl(), { max: 1, prepare: false, onnotice: () => {} });
  try {
    const rows = await sql<{ text: string }[]>`select text from mail_outbox where "to" = ${to} and template = 'invitation' order by created_at desc limit 1`;
    const link = rows[0]?.text.match(/https?:\/\/\S+\/account\/invitation\?token=\S+/)?.[0];
    if (!link) throw new Error(`no invitation mail to ${to}`);
    const url = new URL(link);
    return `${url.pathname}${url.search}`;
  } finally {
    await sql.end();
  }
}

/** A slow phone with JavaScript off: every form must work as plain HTML. */
async function phoneWithoutScript(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await asSlowPhone(page);
  return page;
}

/** The field's placeholder is shown whole (measured in the field's own font, inside its padding). */
function placeholderFits(field: Locator): Promise<boolean> {
  return field.evaluate((input: HTMLInputElement) => {
    const probe = document.createElement("span");
    probe.style.font = getComputedStyle(input).font;
    probe.style.position = "absolute";
    probe.style.whiteSpace = "pre";
    probe.textContent = input.placeholder;
    document.body.append(probe);
    const needed = probe.getBoundingClientRect().width;
    probe.remove();
    const style = getComputedStyle(input);
    return needed <= input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  });
}

async function headingOrderViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withRules(["heading-order"]).analyze();
  return results.violations.flatMap((v) => v.nodes.map((n) => n.target.join(" ")));
}

test("dashboard at 360 px: compact header, KYC said first and refusals under the finger, statement months, payment list, team, navigation, delivery headings", async ({ page, browser, baseURL }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const email = newEmail("dash");
  const key = await signUpOnPage(page, { business: "Boutique Friction", email, password: PASSWORD });
  const auth = { authorization: `Bearer ${key}` };
  const created = await page.request.post("/v1/payments", {
    headers: { ...auth, "x-idempotency-key": `e2e-fric-${randomUUID()}` },
    data: { amount: 80_000, payment_method: "OPERATOR_MONEY", customer_phone: "+22370000001", client_reference: "CMD-FRICTION-1", description: "Commande friction", return_url: "https://boutique.example.ml/merci" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const paymentId = (await created.json()).data.id as string;
  expect((await page.request.post(`/v1/sandbox/payments/${paymentId}/simulate`, { headers: auth, data: { outcome: "SUCCESS" } })).status()).toBe(200);

  // ── The phone's header: one row; the first screen is the page's ──
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/dashboard");
  const header = page.locator("header").filter({ has: page.getByRole("link", { name: "Cauri, tableau de bord" }) });
  const headerBox = (await header.boundingBox())!;
  // One row of 44 px targets with 8 px above and below, and its border: ≤ 120 px leaves room for a wrap, never the old ≈ 320.
  expect(headerBox.height, "header height at 360×740").toBeLessThanOrEqual(120);
  const mainTop = (await page.locator("main#main").boundingBox())!.y;
  expect(mainTop, "the page's content starts in the first third of the screen").toBeLessThanOrEqual(240);
  // The search is an icon in the row; focused, it spreads over the row and its placeholder fits.
  const search = page.getByRole("search").getByRole("searchbox");
  await expectWithinViewport(page, search, "the header's search");
  await search.click();
  const open = (await search.boundingBox())!;
  expect(open.width).toBeGreaterThanOrEqual(300);
  expect(await placeholderFits(search), "the search placeholder fits its field at 360 px").toBe(true);
  await search.fill("CMD-FRICTION-1");
  await search.press("Enter");
  await expect(page).toHaveURL(/\/dashboard\/search\?q=CMD-FRICTION-1/);
  // The menu holds the sections, language and sign-out.
  await header.locator("summary").click();
  await expect(page.getByRole("button", { name: "Se déconnecter" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Retraits" })).toBeVisible();
  await page.goto("/dashboard");
  await screenshots(page, "friction-home");
  for (const width of [768, 1024, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await placeholderFits(search), `the search placeholder fits its field at ${width} px`).toBe(true);
  }
  await page.setViewportSize({ width: 360, height: 740 });

  // ── Payments at 360 px: the merchant's reference shown, the id on one line, the phone formatted ──
  await page.goto("/dashboard/payments");
  const row = page.getByTestId("payment-row").first();
  await expect(row.getByTestId("payment-reference")).toHaveText("CMD-FRICTION-1");
  await expect(row.getByTestId("payment-reference")).toBeVisible();
  const idLink = row.getByRole("link", { name: paymentId });
  const idBox = (await idLink.boundingBox())!;
  expect(idBox.height, "the payment id keeps one line").toBeLessThanOrEqual(20);
  await expectWithinViewport(page, row.getByTestId("payment-amount"), "the amount");
  await screenshots(page, "friction-payments");
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(row).toContainText("+223 70 00 00 01");
  await idLink.click();
  await expect(page.getByText("+223 70 00 00 01").first()).toBeVisible();
  await page.setViewportSize({ width: 360, height: 740 });

  // ── Withdrawals: the KYC said before the form; the refusal shown where the finger is ──
  await page.goto("/dashboard/withdrawals");
  const notice = page.getByTestId("withdrawal-kyc-notice");
  await expect(notice).toContainText("Votre KYC doit être approuvé avant votre premier retrait.");
  await expect(notice.getByRole("link", { name: "Compléter le KYC dans les paramètres" })).toHaveAttribute("href", "/dashboard/settings#kyc");
  await page.getByLabel("Montant (FCFA, frais inclus)").fill("60000");
  await page.getByLabel("Numéro mobile money qui reçoit le retrait").fill("70 00 00 01");
  // The quote's amounts never break: each one a single line at 360 px.
  const quote = page.getByTestId("withdrawal-quote");
  await expect(quote).toContainText("Vous recevez : 59 400 FCFA");
  for (const amount of await quote.locator(".whitespace-nowrap").all()) {
    const box = (await amount.boundingBox())!;
    expect(box.height, `«${await amount.textContent()}» on one line`).toBeLessThanOrEqual(24);
  }
  await page.getByRole("button", { name: "Demander le retrait" }).click();
  const refusal = page.getByRole("alert").filter({ hasText: "Les retraits demandent un KYC approuvé" });
  await expect(refusal).toBeVisible();
  await expect(page.getByTestId("withdrawal-answer")).toBeFocused();
  const refusalBox = (await refusal.boundingBox())!;
  expect(refusalBox.y, "the refusal is on screen, not above it").toBeGreaterThanOrEqual(0);
  expect(refusalBox.y + refusalBox.height, "the refusal is on screen, not below it").toBeLessThanOrEqual(740);
  await screenshots(page, "friction-withdrawals");

  // ── Statement: the current month to date, and only months the account existed ──
  const months = page.getByTestId("statement-panel").getByLabel("Mois");
  const now = new Date();
  const thisMonth = new Intl.DateTimeFormat("fr-FR", { month: "long", year: "numeric", timeZone: "UTC" }).format(now);
  const options = await months.locator("option").allTextContents();
  expect(options).toEqual([`${thisMonth.charAt(0).toUpperCase()}${thisMonth.slice(1)} (à ce jour)`]);
  await expect(months).toHaveValue(now.toISOString().slice(0, 7));

  // ── Navigation: the most specific item is the current one ──
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/dashboard/settings/security");
  const sidebar = page.getByRole("navigation", { name: "Tableau de bord" });
  await expect(sidebar.getByRole("link", { name: "Sécurité" })).toHaveAttribute("aria-current", "page");
  await expect(sidebar.getByRole("link", { name: "Paramètres", exact: true })).not.toHaveAttribute("aria-current", "page");

  // ── Team at 360 px: a long address in "Changer le rôle (…)" wraps, no sideways scroll ──
  await page.goto("/dashboard/settings/team");
  const member = `e2e-fric-membre-avec-une-adresse-tres-longue-${randomUUID().slice(0, 8)}@example.ml`;
  const invite = page.getByRole("region", { name: "Inviter un membre" });
  await invite.getByLabel("E-mail").fill(member);
  await invite.getByLabel("Rôle").selectOption("finance");
  await invite.getByRole("button", { name: "Envoyer l'invitation" }).click();
  await expect(page.getByText(`Invitation envoyée à ${member}.`)).toBeVisible();
  await screenshots(page, "friction-team");

  // ── The invitation, without JavaScript on a slow phone ──
  const invited = await phoneWithoutScript(browser, baseURL);
  await invited.goto(await invitationPath(member));
  await invited.getByLabel("Mot de passe", { exact: true }).fill("phrase du membre finance");
  await invited.getByLabel("Confirmez le mot de passe").fill("une autre phrase");
  await invited.getByRole("button", { name: "Choisir mon mot de passe" }).click();
  await expect(invited.getByText("Les deux mots de passe ne sont pas identiques.")).toBeVisible();
  await invited.getByLabel("Mot de passe", { exact: true }).fill("phrase du membre finance");
  await invited.getByLabel("Confirmez le mot de passe").fill("phrase du membre finance");
  await invited.getByRole("button", { name: "Choisir mon mot de passe" }).click();
  await expect(invited).toHaveURL(/\/signin\?lang=fr$/, { timeout: 30_000 });
  await invited.context().close();

  // ── A delivery's detail: no skipped heading level ──
  await page.goto("/dashboard/webhooks");
  await page.getByLabel("Adresse HTTPS de réception").fill("https://127.0.0.1:1/webhook");
  await page.getByRole("button", { name: "Ajouter", exact: true }).click();
  await page.getByRole("button", { name: "J'ai enregistré le secret" }).click();
  await page.getByRole("button", { name: "Envoyer un événement de test" }).click();
  const log = page.getByTestId("webhook-log").filter({ hasText: "webhook.test" });
  await expect(async () => {
    await page.reload();
    await expect(log).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await log.getByRole("button", { name: "Détail de la livraison" }).click();
  await expect(page.getByTestId("delivery-attempt").first()).toBeVisible();
  expect(await headingOrderViolations(page)).toEqual([]);
  await screenshots(page, "friction-webhook-delivery");
});

test.describe("account forms before their script", () => {
  test.use({ javaScriptEnabled: false });

  test("sign-up, sign-in (wrong then right password), forgot and reset password, and the two-factor step, all without JavaScript on a slow phone", async ({ page, browser, baseURL }) => {
    await asSlowPhone(page);
    const email = newEmail("nojs");

    // Sign-up: an error re-rendered on the page, then the account and the dashboard.
    await page.goto("/signup");
    await page.getByLabel("Nom de votre commerce").fill("Boutique Sans Script");
    await page.getByLabel("Adresse e-mail").fill(email);
    await page.getByLabel("Mot de passe").fill("court");
    await page.getByRole("button", { name: "Créer mon compte" }).click();
    await expect(page.getByLabel("Mot de passe")).toHaveAttribute("aria-invalid", "true");
    await page.getByLabel("Nom de votre commerce").fill("Boutique Sans Script");
    await page.getByLabel("Adresse e-mail").fill(email);
    await page.getByLabel("Mot de passe").fill(PASSWORD);
    await page.getByRole("button", { name: "Créer mon compte" }).click();
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 60_000 });
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.context().clearCookies();

    // Sign-in: the wrong password answered on the page, then the right one reaches the dashboard.
    await page.goto("/signin");
    await expect(page.getByRole("button", { name: "Se connecter" })).toBeEnabled();
    await page.getByLabel("Adresse e-mail").fill(email);
    await page.getByLabel("Mot de passe").fill("pas le bon mot de passe");
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page.getByText("Adresse e-mail ou mot de passe incorrect.")).toBeVisible();
    await page.getByLabel("Adresse e-mail").fill(email);
    await page.getByLabel("Mot de passe").fill(PASSWORD);
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 60_000 });
    await page.context().clearCookies();

    // Forgot, then reset, without script.
    await page.goto("/forgot-password");
    const asked = new Date();
    await page.getByLabel("Adresse e-mail du compte").fill(email);
    await page.getByRole("button", { name: "Recevoir un lien" }).click();
    await expect(page.getByText(`Si un compte Cauri utilise ${email}`)).toBeVisible();
    await page.goto(linkIn(await readMail(email, "password_reset", { after: asked }), "/account/reset"));
    await page.getByLabel("Nouveau mot de passe").fill("court");
    await page.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
    await expect(page.getByLabel("Nouveau mot de passe")).toHaveAttribute("aria-invalid", "true");
    const renewed = "nouvelle phrase sans script";
    await page.getByLabel("Nouveau mot de passe").fill(renewed);
    await page.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
    await expect(page.getByText("Votre mot de passe est changé")).toBeVisible();

    // Two-factor turned on with the script (another browser), then signed in without it: password, then code.
    const scripted = await browser.newContext({ baseURL, javaScriptEnabled: true });
    const setup = await scripted.newPage();
    await setup.goto("/signin");
    await setup.getByLabel("Adresse e-mail").fill(email);
    await setup.getByLabel("Mot de passe").fill(renewed);
    await setup.getByRole("button", { name: "Se connecter" }).click();
    await expect(setup).toHaveURL(/\/dashboard$/, { timeout: 60_000 });
    await setup.goto("/dashboard/settings/security");
    const { secret } = await enrollOnPage(setup);
    await scripted.close();

    await page.goto("/signin?next=%2Fdashboard%2Fpayments");
    await page.getByLabel("Adresse e-mail").fill(email);
    await page.getByLabel("Mot de passe").fill(renewed);
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page.getByRole("heading", { name: "Vérification en deux étapes" })).toBeVisible();
    await page.getByLabel("Code de vérification").fill("000000");
    await page.getByRole("button", { name: "Vérifier" }).click();
    await expect(page.getByText("Ce code est incorrect ou a déjà servi.")).toBeVisible();
    await page.getByLabel("Code de vérification").fill(await freshCode(secret));
    await page.getByRole("button", { name: "Vérifier" }).click();
    await expect(page).toHaveURL(/\/dashboard\/payments$/, { timeout: 60_000 });
  });
});
