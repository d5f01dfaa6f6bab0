import { describe, expect, it } from "vitest";
import { renderMail } from "@/lib/mail/templates";

const base = { merchantName: "Boutique Awa", mode: "live" as const, reference: "WD_1_ABCDEFGH", amount: 12_500, netAmount: 12_375, threshold: 10_000, reason: null, link: "https://cauri.example/dashboard/withdrawals/w1" };

describe("the withdrawal approval mail", () => {
  it("asks the other owners and admins to decide, in French and English, with the amount and the link", () => {
    const fr = renderMail("withdrawal_approval", "fr", { ...base, step: "awaiting", who: "awa@example.ml" });
    expect(fr.subject).toBe("Retrait de 12 500 FCFA à approuver");
    expect(fr.text).toContain("awa@example.ml a demandé un retrait de 12 500 FCFA pour Boutique Awa");
    expect(fr.text).toContain("seuil d'approbation de 10 000 FCFA");
    expect(fr.text).toContain("Approuver ou refuser : https://cauri.example/dashboard/withdrawals/w1");
    const en = renderMail("withdrawal_approval", "en", { ...base, mode: "test", step: "awaiting", who: null });
    expect(en.subject).toBe("[Test] Withdrawal of 12 500 FCFA to approve");
    expect(en.text).toContain("An API key requested a withdrawal of 12 500 FCFA");
    expect(en.html).toContain("https://cauri.example/dashboard/withdrawals/w1");
  });

  it("tells the requester the decision, with the refusal's reason", () => {
    const approved = renderMail("withdrawal_approval", "en", { ...base, step: "approved", who: "owner@example.ml", threshold: null });
    expect(approved.subject).toBe("Your withdrawal WD_1_ABCDEFGH was approved by your team");
    expect(approved.text).toContain("approved by owner@example.ml");
    const refused = renderMail("withdrawal_approval", "fr", { ...base, step: "refused", who: null, threshold: null, reason: "Pas ce mois-ci" });
    expect(refused.subject).toBe("Votre retrait WD_1_ABCDEFGH a été refusé par votre équipe");
    expect(refused.text).toContain("Motif : Pas ce mois-ci");
    expect(refused.html).toContain("Pas ce mois-ci");
  });

  it("refuses parameters outside its schema (a reason over 500 characters, an unknown step)", () => {
    expect(() => renderMail("withdrawal_approval", "fr", { ...base, step: "refused", who: null, reason: "x".repeat(501) })).toThrow();
    expect(() => renderMail("withdrawal_approval", "fr", { ...base, step: "other" as "refused", who: null })).toThrow();
  });
});
