import { expect as baseExpect, test } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { expectWithinViewport, screenshots } from "./support/pages";
import { signUpOnPage } from "./support/signup";

test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

/** A merchant's receiver that keeps what a server log would: every request's headers and exact body. */
async function startLoggingReceiver() {
  const requests: { headers: IncomingHttpHeaders; body: string }[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      requests.push({ headers: req.headers, body });
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/cauri`,
    requests,
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}

/** Headers as the receiver's log prints them: `name: value`, one a line. */
const logLines = (headers: IncomingHttpHeaders) =>
  Object.entries(headers)
    .map(([name, value]) => `${name}: ${Array.isArray(value) ? value.join(", ") : value}`)
    .join("\n");

test("a delivered event resent from its delivery, then checked in the signature debugger: valid as received, 'body changed' once edited", async ({ page }) => {
  const receiver = await startLoggingReceiver();
  try {
    await page.setViewportSize({ width: 1280, height: 800 });
    const key = await signUpOnPage(page, { business: "Boutique Outils", email: `e2e-tools-${randomUUID().slice(0, 8)}@example.ml`, password: "mot de passe e2e solide" });
    const auth = { authorization: `Bearer ${key}` };
    expect((await page.request.post("/v1/webhooks/endpoints", { headers: auth, data: { url: receiver.url } })).status()).toBe(201);
    expect((await page.request.post("/v1/webhooks/test", { headers: auth, data: {} })).status()).toBe(200);
    await expect.poll(() => receiver.requests.length).toBe(1);

    // ── Resend the delivered event from its delivery's detail ──
    await page.goto("/dashboard/webhooks");
    const delivery = page.getByTestId("webhook-log").filter({ hasText: "webhook.test" });
    await expect(async () => {
      await page.reload();
      await expect(delivery.getByTestId("delivery-status")).toContainText("Livré", { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await delivery.getByRole("button", { name: "Détail de la livraison" }).click();
    await expect(delivery.getByTestId("delivery-attempt")).toHaveCount(1);
    const form = delivery.getByTestId("resend-event-form");
    await expect(form.getByLabel("Destination")).toHaveValue(/^we_/);
    await form.getByRole("button", { name: "Renvoyer l'événement" }).click();
    await expect(form.getByRole("status")).toHaveText("Événement renvoyé à 1 point(s) de réception : 1 réussi(s), 0 en échec. La nouvelle tentative est dans le détail.");
    // The new attempt is in the log: the detail shows it, a manual one.
    await expect(delivery.getByTestId("delivery-attempt")).toHaveCount(2);
    await expect(delivery.getByTestId("delivery-attempt").nth(1)).toContainText("Manuelle");
    expect(receiver.requests).toHaveLength(2);
    expect(receiver.requests[1].headers["webhook-id"]).toBe(receiver.requests[0].headers["webhook-id"]);
    await screenshots(page, "webhooks-resend-event");

    // ── An endpoint's failures of the last 24 hours: none here ──
    await page.getByTestId("webhook-endpoint").getByRole("button", { name: /^Renvoyer les échecs/ }).click();
    const failed = page.getByTestId("resend-failed-form");
    await failed.getByRole("button", { name: "Renvoyer les échecs de la période" }).click();
    await expect(failed.getByRole("status")).toHaveText("Aucune livraison en échec dans cette période.");

    // ── The debugger: the resent delivery as received is valid ──
    await page.getByRole("link", { name: "Vérifier une signature" }).click();
    await expect(page).toHaveURL(/\/dashboard\/webhooks\/debugger$/);
    await expect(page.getByRole("heading", { level: 1, name: "Vérifier une signature" })).toBeVisible();
    const received = receiver.requests[1];
    await page.getByLabel("Corps reçu, exactement tel quel").fill(received.body);
    await page.getByLabel("En-têtes reçus").fill(logLines(received.headers));
    await page.getByRole("button", { name: "Vérifier la signature" }).click();
    const verdict = page.getByTestId("signature-verdict");
    await expect(verdict).toHaveAttribute("data-verdict", "valid");
    await expect(verdict.getByRole("heading", { name: "Signature valide" })).toBeVisible();
    await expect(verdict).toContainText("le secret actuel du point de réception");
    await expect(verdict.getByTestId("signature-schemes")).toContainText("X-Service-Signature : Signature valide");
    // Nothing of the signature or the secret is shown.
    const signature = String(received.headers["webhook-signature"]).split(" ")[0].slice(3);
    await expect(page.locator("body")).not.toContainText(signature.slice(0, 16), { useInnerText: true });
    await expect(verdict).not.toContainText("whsec_");
    await screenshots(page, "webhooks-debugger-valid");

    // ── Edited, at phone width: the body changed, and which field ──
    await page.setViewportSize({ width: 360, height: 740 });
    await page.getByLabel("Corps reçu, exactement tel quel").fill(received.body.replace('"livemode":false', '"livemode":true'));
    await page.getByRole("button", { name: "Vérifier la signature" }).click();
    await expect(verdict).toHaveAttribute("data-verdict", "body_changed");
    await expect(verdict.getByRole("heading", { name: "Corps modifié" })).toBeVisible();
    await expect(verdict).toContainText("Le champ livemode a une autre valeur que l'événement que nous avons envoyé.");
    await expect(verdict).toContainText("La signature, elle, correspond bien au corps que nous avons envoyé");
    await expectWithinViewport(page, verdict.getByRole("heading", { name: "Corps modifié" }), "the verdict");
    // Re-serialised by a framework: the same data, other bytes.
    await page.getByLabel("Corps reçu, exactement tel quel").fill(JSON.stringify(JSON.parse(received.body), null, 2));
    await page.getByRole("button", { name: "Vérifier la signature" }).click();
    await expect(verdict).toContainText("Les données sont les mêmes, pas les octets");
    await screenshots(page, "webhooks-debugger-body-changed");
  } finally {
    await receiver.close();
  }
});
