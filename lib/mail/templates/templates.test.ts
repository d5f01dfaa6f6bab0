import { describe, expect, it } from "vitest";
import { html } from "./html";
import { isMailTemplateName, renderMail } from "./index";

describe("mail templates", () => {
  it("render the test message in French and English, amounts as 12 500 FCFA", () => {
    const fr = renderMail("test", "fr", { name: "Awa", amount: 12_500 });
    expect(fr.subject).toBe("Cauri : e-mail de test");
    expect(fr.text).toBe(
      "Bonjour Awa,\n\nCeci est un e-mail de test envoyé par Cauri. S'il vous parvient, l'envoi d'e-mails fonctionne.\n\nExemple de montant : 12 500 FCFA",
    );
    const en = renderMail("test", "en", { name: "John", amount: 5_000_000 });
    expect(en.subject).toBe("Cauri: test e-mail");
    expect(en.text).toContain("Sample amount: 5 000 000 FCFA");
    expect(en.html).toContain('<html lang="en">');
  });

  it("escape every parameter in the HTML part, the title included", () => {
    const { html: body, text } = renderMail("test", "fr", { name: `<script>alert("x")</script> & 'co'`, amount: 0 });
    expect(body).toContain("Bonjour &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;,");
    expect(body).not.toContain("<script>");
    expect(text).toContain(`Bonjour <script>alert("x")</script> & 'co',`);
  });

  it("check parameters with the template's schema, whatever the compiler let through", () => {
    expect(() => renderMail("test", "fr", { name: "Awa", amount: 12.5 })).toThrow();
    expect(() => renderMail("test", "fr", { name: " ", amount: 1 })).toThrow();
    expect(() => renderMail("nope" as never, "fr", { name: "Awa", amount: 1 } as never)).toThrow("not in the registry");
    // @ts-expect-error A template's parameters are typed from its schema: an amount is a number.
    expect(() => renderMail("test", "fr", { name: "Awa", amount: "12 500" })).toThrow();
    expect(() => renderMail("test", "bm" as never, { name: "Awa", amount: 1 })).toThrow("no locale");
    expect(isMailTemplateName("toString")).toBe(false);
  });

  it("html`` escapes values but keeps HTML it built", () => {
    const inner = html`<em>${"<i>"}</em>`;
    expect(html`<p>${inner}${[html`<b>1</b>`, "&"]}</p>`.value).toBe("<p><em>&lt;i&gt;</em><b>1</b>&amp;</p>");
  });
});
