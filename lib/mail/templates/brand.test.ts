import { describe, expect, it } from "vitest";
import { renderMail } from "./index";

const receipt = { merchantName: "Awa & Fils", mode: "live" as const, amount: 12_500, reference: "txn_0123456789", clientReference: null, description: null, paidAt: "2026-11-27T10:00:00.000Z" };

describe("customer mails carry the merchant's brand", () => {
  it("lead with the logo at its absolute URL and colour the button and bar with the accent; the text part is unchanged", () => {
    const brand = { name: "Awa & Fils", initials: "AF", logo: { url: "https://pay.cauri.ml/brand/mer_1/0123456789abcdef.png", width: 160, height: 40 }, accent: "#7a1f5c" };
    const branded = renderMail("payment_receipt", "fr", { ...receipt, brand });
    expect(branded.html).toContain('<img src="https://pay.cauri.ml/brand/mer_1/0123456789abcdef.png" alt="" width="160" height="40"');
    expect(branded.html).toContain("border-top:4px solid #7a1f5c");
    expect(branded.html).toContain("Awa &amp; Fils</td>");
    expect(branded.text).toBe(renderMail("payment_receipt", "fr", receipt).text);
    const portal = renderMail("subscription_portal", "en", {
      merchantName: "Awa & Fils", mode: "test", brand, planName: "Panier", amount: 5_000, interval: "MONTHLY",
      nextBillingDate: "2026-12-27T10:00:00.000Z", portalUrl: "https://pay.cauri.ml/portal/abc", expiresAt: "2026-11-28T10:00:00.000Z",
    });
    expect(portal.html).toContain("background:#7a1f5c;color:#ffffff");
  });

  it("without a logo show the initials in a circle of the accent, else of the service's green; without a brand, as before", () => {
    const initials = renderMail("payment_receipt", "en", { ...receipt, brand: { name: "Awa & Fils", initials: "AF", logo: null, accent: null } }).html;
    expect(initials).toMatch(/border-radius:50%;background:#0f6b4f;color:#ffffff[^>]*>AF<\/div>/);
    expect(initials).not.toContain("<img");
    expect(renderMail("payment_receipt", "en", receipt).html).not.toContain("border-radius:50%");
  });

  it("refuse a brand whose logo is not an http(s) URL or whose accent is not #RRGGBB", () => {
    const base = { name: "Awa", initials: "A", logo: null, accent: null };
    expect(() => renderMail("payment_receipt", "fr", { ...receipt, brand: { ...base, logo: { url: "javascript:alert(1)", width: 1, height: 1 } } })).toThrow();
    expect(() => renderMail("payment_receipt", "fr", { ...receipt, brand: { ...base, accent: "red;x:y" } })).toThrow();
  });
});
