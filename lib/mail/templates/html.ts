/** HTML that is already safe to place in a message: what the `html` tag builds. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

export function escapeHtml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

/**
 * A template literal tag that escapes every interpolated value, except HTML built by this tag
 * (or arrays of it): a name such as `<b>Awa & Fils</b>` is shown, never interpreted.
 */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  const piece = (value: unknown): string =>
    value instanceof SafeHtml ? value.value : Array.isArray(value) ? value.map(piece).join("") : escapeHtml(String(value ?? ""));
  return new SafeHtml(strings.reduce((out, s, i) => out + s + (i < values.length ? piece(values[i]) : ""), ""));
}

/** The simple document every message's HTML part is: inline styles only, as mail clients want. */
export function mailDocument(lang: string, title: string, body: SafeHtml): string {
  return html`<!doctype html>
<html lang="${lang}">
<head><meta charset="utf-8"><title>${title}</title></head>
<body style="margin:0;padding:24px;background:#f6f7f6;font-family:Arial,Helvetica,sans-serif;color:#1b1f1d;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
${body}
<p style="margin-top:32px;color:#5b6660;font-size:13px">Cauri</p>
</div>
</body>
</html>
`.value;
}
