import { expect as baseExpect, test, type Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { expectAccessible, expectWithinViewport, screenshots } from "./support/pages";
import { signUpOnPage } from "./support/signup";

test.describe.configure({ timeout: 300_000, mode: "serial" });
const expect = baseExpect.configure({ timeout: 30_000 });

const PASSWORD = "mot de passe e2e solide";
const email = `e2e-invoices-${randomUUID().slice(0, 8)}@example.ml`;
// Words of the English dashboard that must never show on the French pages.
const ENGLISH = /\b(Invoices?|Draft|Overdue|Paid|Voided|Awaiting payment|Customer|Due date|Send|Finalize|Save|Preview|Line|Quantity|Unit price)\b/;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function expectFrench(page: Page) {
  const text = await page.locator("main").innerText();
  expect(text.match(ENGLISH)?.[0] ?? null, "an English word on a French page").toBeNull();
}

async function noSidewaysScroll(page: Page, what: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${what} scrolls sideways`).toBeLessThanOrEqual(0);
}

/** One invoice through the form: two lines, the preview's total, then "Finaliser et envoyer" by SMS. */
async function createAndSend(page: Page, customer: string, refuseFirst: boolean): Promise<string> {
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nouvelle facture");
  const phone = page.getByRole("textbox", { name: "Téléphone du client" });
  if (refuseFirst) {
    // A number the API refuses: its message beside the field, named by the answer's `param`.
    await phone.fill("12");
    await page.getByRole("group", { name: "Ligne 1" }).getByLabel("Description").fill("Essai");
    await page.getByRole("group", { name: "Ligne 1" }).getByLabel("Prix unitaire (FCFA)").fill("1 000");
    await page.getByRole("button", { name: "Finaliser et envoyer" }).click();
    await expect(page.getByText("Numéro non valide : 8 chiffres pour un numéro malien (76 55 44 33), sinon le numéro international avec + (+223 76 55 44 33).")).toBeVisible();
    await expect(phone).toHaveAttribute("aria-invalid", "true");
    // An amount the form cannot read is refused beside its field before any request.
    await page.getByRole("group", { name: "Ligne 1" }).getByLabel("Prix unitaire (FCFA)").fill("5,5");
    await page.getByRole("button", { name: "Finaliser et envoyer" }).click();
    await expect(page.getByRole("group", { name: "Ligne 1" }).getByText("Montant illisible : écrivez-le en chiffres, sans centimes, par exemple 12 500 ou 12500 FCFA.")).toBeVisible();
  }
  await phone.fill("70 00 00 01");
  await page.getByLabel("Nom du client (facultatif)").fill(customer);
  const first = page.getByRole("group", { name: "Ligne 1" });
  await first.getByLabel("Description").fill("Pagne wax 6 yards");
  await first.getByLabel("Quantité").fill("2");
  await first.getByLabel("Prix unitaire (FCFA)").fill("5 000");
  await page.getByRole("button", { name: "Ajouter une ligne" }).click();
  const second = page.getByRole("group", { name: "Ligne 2" });
  await expect(second.getByLabel("Description")).toBeFocused();
  await second.getByLabel("Description").fill("Couture sur mesure");
  await second.getByLabel("Prix unitaire (FCFA)").fill("2 500 FCFA");
  await page.getByLabel("Date d'échéance (facultatif)").fill(day(10));
  await page.getByLabel("Notes (facultatif)").fill("Merci de votre confiance.");

  // The preview adds it up as the customer will see it.
  const preview = page.getByTestId("invoice-preview");
  await expect(preview.getByTestId("invoice-preview-total")).toHaveText("12 500 FCFA");
  await expect(preview).toContainText("Pagne wax 6 yards");
  await expect(preview).toContainText("2 × 5 000 FCFA");
  await expect(preview).toContainText(customer);
  await expect(preview).toContainText("Payer 12 500 FCFA");
  await expect(page.getByTestId("reminder-summary")).toHaveText(
    "Relances prévues : 3 jours avant, le jour de l'échéance, 3 jours après, 7 jours après.",
  );
  await expect(page.getByRole("checkbox", { name: "SMS" })).toBeChecked();
  await expectFrench(page);
  if (refuseFirst) await screenshots(page, "dashboard-invoice-form");
  else {
    await noSidewaysScroll(page, "the invoice form");
    await expectAccessible(page);
  }

  await page.getByRole("button", { name: "Finaliser et envoyer" }).click();
  await expect(page).toHaveURL(/\/dashboard\/invoices\/inv_[^/?]+$/);
  const year = new Date().getUTCFullYear();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(new RegExp(`^Facture FAC-${year}-\\d{4}$`));
  await expect(page.getByTestId("invoice-status")).toHaveText("À payer");
  await expect(page.getByTestId("invoice-total")).toHaveText("12 500 FCFA");
  await expect(page.getByTestId("invoice-line-row")).toHaveCount(2);
  // The history: created, finalized, then sent by text message.
  const sent = page.getByTestId("timeline-event").and(page.locator('[data-kind="sent"][data-channel="sms"]'));
  await expect(sent).toContainText("Envoyée par SMS");
  await expect(page.getByTestId("timeline-event").first()).toContainText("Brouillon créé");
  await expect(page.getByTestId("invoice-url").getByRole("textbox")).toHaveValue(/\/i\/[A-Za-z0-9]{20}$/);
  await expectFrench(page);
  return new URL(page.url()).pathname;
}

test("invoices: create with two lines and a preview at 360 and 1280 px, finalize and send by SMS, list, void", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUpOnPage(page, { business: "Couture Aminata", email, password: PASSWORD });

  // ── The navigation leads to an empty list that calls to create ──
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/dashboard/invoices");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Factures");
  const empty = page.getByTestId("invoices-empty");
  await expect(empty).toContainText("Aucune facture pour l'instant.");
  await noSidewaysScroll(page, "the empty list");
  await expectAccessible(page);
  await empty.getByRole("link", { name: "Créer une facture" }).click();

  // ── At 360×740 ──
  const phoneInvoice = await createAndSend(page, "Awa Traoré", true);
  await noSidewaysScroll(page, "the invoice page");
  await expectAccessible(page);
  await expectWithinViewport(page, page.getByTestId("invoice-status"), "the invoice's status");

  // ── At 1280×800 ──
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/dashboard");
  await page.getByRole("navigation", { name: "Tableau de bord" }).getByRole("link", { name: "Factures" }).last().click();
  await expect(page).toHaveURL(/\/dashboard\/invoices$/);
  await page.getByRole("link", { name: "Créer une facture" }).first().click();
  const desktopInvoice = await createAndSend(page, "Moussa Keïta", false);
  await expectAccessible(page);

  // ── The merchant opens the page it sent: that is not the customer viewing it ──
  const hosted = new URL(await page.getByTestId("invoice-url").getByRole("textbox").inputValue()).pathname;
  const own = await page.context().newPage();
  await own.goto(hosted);
  await expect(own.getByTestId("invoice-status")).toHaveText("À payer");
  await own.close();
  await page.reload();
  await expect(page.getByTestId("timeline-event").and(page.locator('[data-kind="sent"]'))).toBeVisible();
  await expect(page.getByTestId("timeline-event").and(page.locator('[data-kind="viewed"]'))).toHaveCount(0);

  // ── The list: both, with their totals and statuses, on a phone's screen too ──
  await page.goto("/dashboard/invoices");
  const rows = page.getByTestId("invoice-row");
  await expect(rows).toHaveCount(2);
  for (const path of [phoneInvoice, desktopInvoice]) {
    const row = rows.filter({ has: page.locator(`a[href^="${path}"]`) });
    await expect(row.getByTestId("invoice-total")).toHaveText("12 500 FCFA");
    await expect(row.getByTestId("invoice-status")).toHaveText("À payer");
  }
  await expectFrench(page);
  await screenshots(page, "dashboard-invoices-list");
  await page.setViewportSize({ width: 360, height: 740 });
  const awa = rows.filter({ hasText: "Awa Traoré" });
  await expectWithinViewport(page, awa.getByTestId("invoice-status"), "an invoice's status");
  await expectWithinViewport(page, awa.getByTestId("invoice-total"), "an invoice's total");
  await page.setViewportSize({ width: 1280, height: 800 });

  // ── Void one, with a reason ──
  await page.goto(desktopInvoice);
  await page.getByRole("button", { name: "Annuler la facture" }).click();
  const confirm = page.getByRole("group", { name: "Annuler cette facture ? Sa page n'acceptera plus de paiement et les relances s'arrêtent." });
  await confirm.getByLabel("Motif (facultatif, visible dans l'historique)").fill("Commande annulée par le client");
  await confirm.getByRole("button", { name: "Oui, annuler la facture" }).click();
  await expect(page.getByTestId("invoice-status")).toHaveText("Annulée");
  await expect(page.getByRole("status").filter({ hasText: "Facture annulée." })).toBeVisible();
  const voided = page.getByTestId("timeline-event").and(page.locator('[data-kind="voided"]'));
  await expect(voided).toContainText("Commande annulée par le client");
  await expect(page.getByText("Cette facture est close : il n'y a plus d'action possible.")).toBeVisible();
  await expectFrench(page);
  await screenshots(page, "dashboard-invoices-detail");

  // ── Filtered by status: the voided one alone; searched by name: the other ──
  await page.goto("/dashboard/invoices");
  const filters = page.getByRole("search", { name: "Filtrer les factures" });
  await filters.getByLabel("Statut").selectOption({ label: "Annulée" });
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Moussa Keïta");
  await filters.getByLabel("Statut").selectOption({ label: "Tous les statuts" });
  await filters.getByRole("searchbox", { name: "Rechercher", exact: true }).fill("awa");
  await filters.getByRole("button", { name: "Rechercher", exact: true }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Awa Traoré");

  // ── The customer's page, from the billing area's customers ──
  await page.goto("/dashboard/billing#customers");
  const customer = page.getByTestId("customer").filter({ hasText: "+223 70 00 00 01" });
  await customer.getByRole("link", { name: /Factures et paiements/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/customers\/cus_/);
  await expect(page.getByTestId("customer-invoice")).toHaveCount(2);
  await expect(page.getByText("Aucun paiement de ce client.")).toBeVisible();
  await expectFrench(page);
  await screenshots(page, "dashboard-customer");

  // ── A draft: saved, edited on its page, then deleted ──
  await page.goto("/dashboard/invoices/new");
  await page.getByRole("textbox", { name: "Téléphone du client" }).fill("76 55 44 33");
  await page.getByRole("group", { name: "Ligne 1" }).getByLabel("Description").fill("Acompte");
  await page.getByRole("group", { name: "Ligne 1" }).getByLabel("Prix unitaire (FCFA)").fill("3 000");
  await page.getByRole("button", { name: "Enregistrer le brouillon" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Brouillon de facture");
  await expect(page.getByTestId("invoice-status")).toHaveText("Brouillon");
  await page.getByRole("button", { name: "Modifier" }).click();
  await page.getByRole("group", { name: "Ligne 1" }).getByLabel("Quantité").fill("3");
  await expect(page.getByTestId("invoice-preview-total")).toHaveText("9 000 FCFA");
  await page.getByRole("button", { name: "Enregistrer le brouillon" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Brouillon enregistré." })).toBeVisible();
  await expect(page.getByTestId("invoice-total")).toHaveText("9 000 FCFA");
  await page.getByRole("button", { name: "Supprimer" }).click();
  await page.getByRole("button", { name: "Oui, supprimer" }).click();
  await expect(page).toHaveURL(/\/dashboard\/invoices$/);
  await expect(rows).toHaveCount(2);

  // ── The English pages speak English ──
  await page.goto(`${phoneInvoice}?lang=en`);
  await expect(page.getByTestId("invoice-status")).toHaveText("Awaiting payment");
  await expect(page.getByTestId("timeline-event").and(page.locator('[data-kind="sent"]'))).toContainText("Sent by text message");
});
