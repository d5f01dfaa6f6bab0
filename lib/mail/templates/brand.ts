import { z } from "zod";
import { HEX_COLOUR } from "@/lib/branding/contrast";
import { html, type SafeHtml } from "./html";

/** The merchant's brand as a customer mail carries it (lib/branding/brand.ts mailBrand: the logo's URL is absolute). */
export const mailBrandSchema = z.object({
  name: z.string().trim().min(1).max(200),
  initials: z.string().max(4),
  logo: z.object({ url: z.url({ protocol: /^https?$/ }), width: z.number().int().positive(), height: z.number().int().positive() }).nullable(),
  accent: z.string().regex(HEX_COLOUR).nullable(),
});
export type MailBrand = z.infer<typeof mailBrandSchema>;

/** The service's green, for a merchant without an accent colour (the buttons' colour in every mail). */
export const MAIL_GREEN = "#0f6b4f";

const LOGO_HEIGHT = 40;

/**
 * The head of a customer mail: the merchant's logo, else its initials in a circle of its accent,
 * beside its name. A table, since mail clients lay out little else reliably; the name is text, so
 * a client that blocks images still says who wrote.
 */
export function brandHeader(brand: MailBrand): SafeHtml {
  const colour = brand.accent ?? MAIL_GREEN;
  const picture = brand.logo
    ? html`<img src="${brand.logo.url}" alt="" width="${Math.round((brand.logo.width / brand.logo.height) * LOGO_HEIGHT)}" height="${LOGO_HEIGHT}" style="display:block;height:${LOGO_HEIGHT}px;width:auto;border:0">`
    : html`<div style="width:${LOGO_HEIGHT}px;height:${LOGO_HEIGHT}px;line-height:${LOGO_HEIGHT}px;border-radius:50%;background:${colour};color:#ffffff;font-weight:bold;font-size:16px;text-align:center">${brand.initials}</div>`;
  return html`<table role="presentation" style="border-collapse:collapse;margin:0 0 16px;border-top:4px solid ${colour};width:100%"><tr><td style="padding:12px 12px 0 0;width:1%">${picture}</td><td style="padding:12px 0 0;font-size:18px;font-weight:bold">${brand.name}</td></tr></table>`;
}
