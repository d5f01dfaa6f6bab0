import { expect as baseExpect, test, type Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { createStaff } from "./support/ops-cli";
import { expectAccessible } from "./support/pages";
import { signInStaff } from "./support/two-factor";

// Issue 32, the reconciliation report: staff import the operator's statement of a day in the
// console; a bad file names its lines and imports nothing; a good one lists each difference, which
// staff resolve with a note. Axe at both sizes. The money side (a late collection credited once,
// two staff resolving at once) is app/ops-api/reconciliation/reconciliation.test.ts.
test.describe.configure({ timeout: 300_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const STAFF_PASSWORD = "console staff passphrase";
const SIZES = [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
];

async function accessibleAtBothSizes(page: Page) {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expectAccessible(page);
  }
}

/** A past day of its own (a statement is one per operator day), in Bamako time (UTC+0). */
function aPastDay(): string {
  const daysAgo = 30 + Math.floor(Math.random() * 3_000);
  return new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
}

async function upload(page: Page, name: string, csv: string) {
  await page.getByTestId("reconciliation-file").setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByTestId("reconciliation-import").click();
}

test("staff import a day's statement: bad lines are named and nothing imported, then each difference is listed and resolved with a note", async ({ browser }) => {
  const day = aPastDay();
  const staffEmail = `staff-recon-${randomUUID().slice(0, 8)}@cauri.test`;
  const reference = `OM-${randomUUID().slice(0, 8).toUpperCase()}`;
  await createStaff(staffEmail, STAFF_PASSWORD);
  const context = await browser.newContext();
  const ops = await context.newPage();
  await signInStaff(ops, staffEmail, STAFF_PASSWORD);
  await expect(ops).toHaveURL(/\/ops$/, { timeout: 30_000 });

  await ops.goto(`/ops/reconciliation?day=${day}`);
  await expect(ops.getByRole("heading", { level: 1 })).toHaveText("Rapprochement");
  await expect(ops.getByTestId("reconciliation-summary")).toContainText("Aucun relevé importé pour ce jour.");
  await accessibleAtBothSizes(ops);

  // A bad amount on line 3: the line is named, nothing is imported.
  const header = "operator_reference,payment_reference,amount,status,timestamp";
  await upload(ops, "releve-faux.csv", `${header}\n${reference},,12500,SUCCESS,${day}T09:14:03Z\n${reference}-2,,12 500,SUCCESS,${day}T09:20:00Z\n`);
  await expect(ops.getByTestId("reconciliation-import-error")).toHaveCount(1);
  await expect(ops.getByTestId("reconciliation-import-error")).toHaveAttribute("data-param", "line_3.amount");
  await expect(ops.getByTestId("reconciliation-summary")).toContainText("Aucun relevé importé pour ce jour.");
  await accessibleAtBothSizes(ops);

  // The corrected file: the operator collected 12 500 FCFA under a reference we never issued.
  await upload(ops, "releve.csv", `${header}\n${reference},,12500,SUCCESS,${day}T09:14:03Z\n`);
  await expect(ops.getByTestId("reconciliation-import-result")).toHaveText("Relevé importé.");
  await expect(ops.getByTestId("reconciliation-open-count")).toHaveText("1 · 1 à régler");
  const difference = ops.getByTestId("reconciliation-difference");
  await expect(difference).toHaveCount(1);
  await expect(difference).toHaveAttribute("data-kind", "unknown_reference");
  await expect(difference).toHaveAttribute("data-status", "OPEN");
  await expect(difference).toHaveAttribute("data-operator-ref", reference);
  await expect(difference).toContainText("12 500 FCFA");
  // No payment of ours to credit: only "error" is offered.
  await expect(difference.getByTestId("resolve-late-collection")).toHaveCount(0);
  await accessibleAtBothSizes(ops);

  // The same file again changes nothing.
  await upload(ops, "releve.csv", `${header}\n${reference},,12500,SUCCESS,${day}T09:14:03Z\n`);
  await expect(ops.getByTestId("reconciliation-import-result")).toHaveText("Ce fichier est déjà importé pour ce jour : rien n'a changé.");

  await difference.getByTestId("resolve-error").click();
  await difference.getByLabel("Note (obligatoire, 3 à 500 caractères)").fill("Référence d'un autre marchand de l'opérateur");
  await accessibleAtBothSizes(ops);
  await difference.getByRole("button", { name: "Enregistrer comme erreur" }).click();
  await expect(difference).toHaveAttribute("data-status", "RESOLVED");
  await expect(difference).toContainText("Référence d'un autre marchand de l'opérateur");
  await expect(ops.getByTestId("reconciliation-open-count")).toHaveText("1 · 0 à régler");
  await accessibleAtBothSizes(ops);

  // The day is listed among the imported statements and reads the same after a reload.
  await ops.reload();
  await expect(ops.getByTestId("reconciliation-statements")).toContainText(day);
  await expect(ops.getByTestId("reconciliation-difference")).toHaveAttribute("data-status", "RESOLVED");
  await context.close();
});
