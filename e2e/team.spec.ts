import { expect, test, type Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import postgres from "postgres";
import { suiteDatabaseUrl } from "./support/instance";

const PASSWORD = "mot de passe e2e solide";
const MEMBER_PASSWORD = "phrase du membre finance";

test.describe.configure({ timeout: 240_000 });

/** The newest invitation mail to an address, read from the outbox the way the mail job would. */
async function invitationPath(to: string): Promise<string> {
  // Unnamed statements: the embedded server does not keep prepared ones between clients.
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

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/signin");
  await page.getByLabel("Adresse e-mail").fill(email);
  await page.getByLabel("Mot de passe", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
}

test("team: an owner invites a finance member, who sets a password, signs in, sees withdrawals and cannot reach API keys", async ({ page, browser, baseURL }) => {
  const owner = `e2e-owner-${randomUUID().slice(0, 8)}@example.ml`;
  const finance = `e2e-finance-${randomUUID().slice(0, 8)}@example.ml`;
  await page.goto("/signup");
  await page.getByLabel("Nom de votre commerce").fill("Boutique Équipe");
  await page.getByLabel("Adresse e-mail").fill(owner);
  await page.getByLabel("Mot de passe").fill(PASSWORD);
  await page.getByRole("button", { name: "Créer mon compte" }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  await page.getByRole("button", { name: "J'ai enregistré la clé" }).click();

  // ── The owner invites a finance member ──
  await page.getByRole("navigation", { name: "Tableau de bord" }).getByRole("link", { name: "Équipe" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Équipe");
  const invite = page.getByRole("region", { name: "Inviter un membre" });
  await invite.getByLabel("E-mail").fill(finance);
  await invite.getByLabel("Rôle").selectOption("finance");
  await invite.getByRole("button", { name: "Envoyer l'invitation" }).click();
  await expect(page.getByText(`Invitation envoyée à ${finance}.`)).toBeVisible();
  const invited = page.getByTestId("member").filter({ hasText: finance });
  await expect(invited).toContainText("finance");
  await expect(invited).toContainText("invitation envoyée");

  // ── The member opens the mailed link in their own browser and chooses a password ──
  const link = await invitationPath(finance);
  const memberContext = await browser.newContext({ baseURL });
  const member = await memberContext.newPage();
  await member.goto(link);
  await expect(member.getByRole("heading", { level: 1 })).toHaveText("Rejoindre une équipe");
  await expect(member.getByText("Vous êtes invité à rejoindre Boutique Équipe sur Cauri, avec le rôle finance.")).toBeVisible();
  await member.getByLabel("Mot de passe", { exact: true }).fill(MEMBER_PASSWORD);
  await member.getByLabel("Confirmez le mot de passe").fill(MEMBER_PASSWORD);
  await member.getByRole("button", { name: "Choisir mon mot de passe" }).click();
  await expect(member).toHaveURL(/\/signin$/, { timeout: 30_000 });

  // The link worked once.
  await member.goto(link);
  await expect(member.getByRole("heading", { level: 1 })).toHaveText("Lien expiré ou déjà utilisé");

  // ── Signed in: withdrawals yes, API keys no (navigation, page, and server) ──
  await signIn(member, finance, MEMBER_PASSWORD);
  const nav = member.getByRole("navigation", { name: "Tableau de bord" });
  await expect(nav.getByRole("link", { name: "Retraits" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Développeurs" })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: "Webhooks" })).toHaveCount(0);
  await nav.getByRole("link", { name: "Retraits" }).click();
  await expect(member.getByRole("heading", { level: 1 })).toHaveText("Retraits");

  await member.goto("/dashboard/developers");
  await expect(member.getByRole("heading", { level: 1 })).toHaveText("Page réservée");
  await expect(member.getByText("Votre rôle (finance) ne permet pas d'ouvrir cette page.")).toBeVisible();
  const keys = await member.request.post("/dashboard-api/developers/keys", { data: { application_id: "app_any" }, headers: { origin: new URL(baseURL!).origin } });
  expect(keys.status()).toBe(403);
  expect((await keys.json()).error.code).toBe("ROLE_FORBIDDEN");
  const listing = await member.request.get("/dashboard-api/developers");
  expect(listing.status()).toBe(403);
  await memberContext.close();

  // ── The owner sees the member active, and the audit log tells the story ──
  await page.reload();
  await expect(invited).toContainText("actif");
  await page.getByRole("navigation", { name: "Tableau de bord" }).getByRole("link", { name: "Journal d'audit" }).click();
  const entries = page.getByTestId("audit-entry");
  await expect(entries.first()).toContainText("Invitation acceptée");
  await expect(entries.filter({ hasText: "Membre invité" })).toContainText(owner);
});
