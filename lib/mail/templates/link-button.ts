import { html, type SafeHtml } from "./html";

/** The one call to action of an account message (reset, verification): a link styled as a button. */
export const linkButton = (url: string, label: string): SafeHtml =>
  html`<p><a href="${url}" style="display:inline-block;background:#0f6b4f;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:bold">${label}</a></p>`;
