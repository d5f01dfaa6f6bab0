import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { dashboardContext } from "@/lib/auth/dashboard-context";
import { liveAdapter, sandboxAdapter } from "@/lib/operator/http-adapter";
import { simulatedOutcome, simulatorAdapter, SIMULATOR_NUMBERS } from "@/lib/operator/simulator";
import { newMerchant } from "@/tests/support/merchant";
import { cancelPaymentByCustomer } from "./checkout";
import { insertPayment } from "./create";
import { EXPIRED_REASON } from "./expire";
import { operatorFailureReason } from "./initiate";
import { statusReasonLabel } from "./reason-labels";
import { simulatePayment } from "./sandbox";

/** A French label: translated (not the English as is) and no English sentence left in it. */
function expectFrench(reason: string) {
  const fr = statusReasonLabel(reason, "fr");
  expect(fr, reason).not.toBe(reason);
  expect(fr, reason).not.toMatch(/\b(the|was|could|answer|payment|customer|operator)\b/i);
  return fr;
}

describe("statusReasonLabel", () => {
  it("translates every reason the operator simulator gives", async () => {
    const reasons = new Set<string>();
    for (const outcome of Object.values(SIMULATOR_NUMBERS)) if ("reason" in outcome) reasons.add(outcome.reason);
    reasons.add(simulatedOutcome("+22379999999").reason!);
    reasons.add((await simulatorAdapter.queryCollection(null, "ref")).reason!);
    expect(reasons.size).toBe(5);
    for (const reason of reasons) expectFrench(reason);
    expect(statusReasonLabel(SIMULATOR_NUMBERS["+22370000002"].reason, "fr")).toBe("Le client a refusé le paiement.");
    expect(statusReasonLabel(SIMULATOR_NUMBERS["+22370000004"].reason, "fr")).toBe("Solde insuffisant sur le compte mobile money du client.");
  });

  it("translates the reasons a sandbox simulation, a customer cancellation and expiry store", async () => {
    const m = await newMerchant();
    const ctx = await dashboardContext(db(), m.merchant, "test");
    const failed = await insertPayment(ctx, { amount: 1000, customerPhone: "+22370000011" });
    const simulated = await simulatePayment(ctx, failed.id, "FAILED");
    expect(expectFrench(simulated.status_reason!)).toBe("Échec simulé : le client a refusé le paiement (test).");
    const cancelled = await insertPayment(ctx, { amount: 1000, customerPhone: "+22370000011" });
    expect(expectFrench((await cancelPaymentByCustomer(db(), cancelled.id)).status_reason!)).toBe("Annulé par le client sur la page de paiement.");
    expectFrench(EXPIRED_REASON);
  });

  it("keeps English for English readers and an unknown reason as it came", () => {
    expect(statusReasonLabel(SIMULATOR_NUMBERS["+22370000002"].reason, "en")).toBe("The customer declined the payment.");
    expect(statusReasonLabel("Compte bloqué par l'opérateur (code 91).", "fr")).toBe("Compte bloqué par l'opérateur (code 91).");
    // Half known, half not: the whole reason stays in the original rather than a mixed sentence.
    expect(statusReasonLabel("The customer declined the payment. Try card 4242.", "fr")).toBe("The customer declined the payment. Try card 4242.");
  });

  it("translates the reasons with figures (wrong codes, the plan's cap)", () => {
    expect(statusReasonLabel("Onsite payment request cancelled after 3 wrong codes.", "fr")).toBe("Demande de paiement sur place annulée après 3 codes erronés.");
    const cap =
      "This payment would take this month's live volume over your plan's cap of 5000000 FCFA (4990000 FCFA collected, 5000 FCFA in pending payments, 5000 FCFA left). Upgrade your platform plan, wait for pending payments to end, or wait for next month.";
    expect(expectFrench(cap)).toContain("5 000 000 FCFA (4 990 000 FCFA encaissés, 5 000 FCFA en paiements en attente, 5 000 FCFA restants)");
  });
});

describe("statusReasonLabel for the operator's HTTP failures", () => {
  let server: Server;
  let base = "";
  const saved = { ...process.env };
  beforeAll(async () => {
    // One fake operator answering each failure by path.
    server = createServer((req, res) => {
      const url = req.url ?? "";
      if (url.includes("missing")) return res.writeHead(404).end();
      if (url.includes("broken")) return res.writeHead(502).end();
      if (url.includes("html")) return res.writeHead(200, { "content-type": "text/html" }).end("<html></html>");
      if (url.includes("odd")) return res.writeHead(200, { "content-type": "application/json" }).end('{"hello":1}');
      if (url.includes("other")) return res.writeHead(200, { "content-type": "application/json" }).end('{"id":"c1","reference":"someone-else","status":"PENDING"}');
      if (url.includes("slow")) return void setTimeout(() => res.writeHead(200).end("{}"), 1_000);
      res.writeHead(500).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(() => {
    process.env = { ...saved };
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  async function failureOf(adapter: typeof sandboxAdapter, session: string): Promise<string> {
    try {
      await adapter.queryCollection(session, "ref-1");
    } catch (error) {
      return operatorFailureReason(error);
    }
    throw new Error(`${session}: no failure`);
  }

  it("translates every failure message, with the retry hint, for the test environment and live", async () => {
    process.env.OPERATOR_SANDBOX_URL = base;
    process.env.OPERATOR_SANDBOX_KEY = "k";
    process.env.OPERATOR_LIVE_URL = base;
    process.env.OPERATOR_LIVE_KEY = "k";
    process.env.OPERATOR_TIMEOUT_MS = "200";
    const reasons = [
      await failureOf(sandboxAdapter, "missing"),
      await failureOf(sandboxAdapter, "broken"),
      await failureOf(sandboxAdapter, "html"),
      await failureOf(sandboxAdapter, "odd"),
      await failureOf(sandboxAdapter, "other"),
      await failureOf(sandboxAdapter, "slow"),
      await failureOf(liveAdapter, "broken"),
      operatorFailureReason(new Error("socket hang up")),
    ];
    for (const reason of reasons) expect(expectFrench(reason)).toContain("Le paiement reste en attente");
    expect(statusReasonLabel(reasons[1], "fr")).toMatch(/^L'environnement de test de l'opérateur a répondu HTTP 502\./);
    expect(statusReasonLabel(reasons[5], "fr")).toMatch(/^L'environnement de test de l'opérateur n'a pas répondu en 0,2 s\./);
    expect(statusReasonLabel(reasons[6], "fr")).toMatch(/^L'opérateur a répondu HTTP 502\./);

    process.env.OPERATOR_SANDBOX_URL = "http://127.0.0.1:1";
    expectFrench(await failureOf(sandboxAdapter, "any"));
    delete process.env.OPERATOR_SANDBOX_URL;
    expect(expectFrench(await failureOf(sandboxAdapter, "any"))).toMatch(/^L'environnement de test de l'opérateur n'est pas configuré sur ce service \(OPERATOR_SANDBOX_URL \/ OPERATOR_SANDBOX_KEY\)\./);
  });
});
