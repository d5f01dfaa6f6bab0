import type { RenderedMail } from "./define";
import { brandHeader, MAIL_GREEN, type MailBrand } from "./brand";
import { html, mailDocument, type SafeHtml } from "./html";

/** One line of a notice's detail table: "Montant : 12 500 FCFA". */
export type NoticeRow = readonly [label: string, value: string];

/**
 * The shape every notification and receipt shares, so they read alike: a greeting, paragraphs,
 * a table of details, an optional button, and a closing line (why the reader gets this mail).
 * The plain-text part says the same as the HTML part, link included.
 */
export function renderNotice(input: {
  lang: "fr" | "en";
  subject: string;
  greeting: string;
  paragraphs: readonly string[];
  rows?: readonly NoticeRow[];
  action?: { label: string; url: string };
  footer?: readonly string[];
  footerLink?: { label: string; url: string };
  /** A customer mail leads with the merchant's logo or initials, and its button takes the merchant's accent. */
  brand?: MailBrand | null;
}): RenderedMail {
  const rows = input.rows ?? [];
  const colon = input.lang === "fr" ? " : " : ": ";
  const text = [
    input.greeting,
    "",
    ...input.paragraphs.flatMap((p) => [p, ""]),
    ...(rows.length ? [...rows.map(([label, value]) => `${label}${colon}${value}`), ""] : []),
    ...(input.action ? [`${input.action.label}${colon}${input.action.url}`, ""] : []),
    ...(input.footer ?? []),
    ...(input.footerLink ? [`${input.footerLink.label}${colon}${input.footerLink.url}`] : []),
  ]
    .join("\n")
    .trimEnd();
  const table: SafeHtml | string = rows.length
    ? html`<table role="presentation" style="border-collapse:collapse;margin:16px 0">${rows.map(
        ([label, value]) => html`<tr><td style="padding:4px 16px 4px 0;color:#5b6660">${label}</td><td style="padding:4px 0"><strong>${value}</strong></td></tr>`,
      )}</table>`
    : "";
  const action = input.action
    ? html`<p style="margin:24px 0"><a href="${input.action.url}" style="background:${input.brand?.accent ?? MAIL_GREEN};color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none;display:inline-block">${input.action.label}</a></p>
<p style="font-size:13px;color:#5b6660">${input.action.url}</p>`
    : "";
  const footer =
    input.footer || input.footerLink
      ? html`<p style="margin-top:24px;font-size:13px;color:#5b6660">${(input.footer ?? []).map((line) => html`${line}<br>`)}${
          input.footerLink ? html`<a href="${input.footerLink.url}" style="color:#0f6b4f">${input.footerLink.label}</a>` : ""
        }</p>`
      : "";
  return {
    subject: input.subject,
    text,
    html: mailDocument(
      input.lang,
      input.subject,
      html`${input.brand ? brandHeader(input.brand) : ""}<p>${input.greeting}</p>
${input.paragraphs.map((p) => html`<p>${p}</p>`)}${table}${action}${footer}`,
    ),
  };
}
