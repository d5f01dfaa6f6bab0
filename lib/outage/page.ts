import type { Locale } from "@/lib/i18n/locale";
import { outageCopy, type Audience } from "./copy";

/** How long a client should wait before asking again (the header and the page agree). */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The outage page, whole: the custom server sends it when the database cannot be reached, outside
 * React and without the build's stylesheet, so it carries its own styles (the palette of
 * app/globals.css) and needs no script. The retry is a GET of the same page (its query kept).
 */
export function outagePage(locale: Locale, audience: Audience, url: URL): string {
  const t = outageCopy[locale];
  const text = t[audience];
  const hidden = [...url.searchParams].map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`).join("");
  const other: Locale = locale === "fr" ? "en" : "fr";
  const switched = new URL(url);
  switched.searchParams.set("lang", other);
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(t.title)} · Cauri</title>
<style>
*{box-sizing:border-box}
body{margin:0;min-height:100dvh;display:flex;flex-direction:column;background:#f7f5ef;color:#1f2933;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
header{background:#fff;border-bottom:1px solid #e2ddd0}
.bar{max-width:28rem;margin:0 auto;padding:.5rem 1rem;display:flex;align-items:center;justify-content:space-between;gap:1rem}
.mark{display:inline-flex;align-items:center;gap:.5rem;font-size:1.25rem;font-weight:700}
.lang{color:#0b6e4f;font-size:.875rem;font-weight:600;padding:.5rem;border-radius:.375rem}
main{flex:1;width:100%;max-width:28rem;margin:0 auto;padding:1.5rem 1rem}
section{background:#fff;border:1px solid #e2ddd0;border-radius:1rem;padding:1.5rem;box-shadow:0 1px 2px rgba(0,0,0,.05)}
h1{margin:0;font-size:1.375rem;line-height:1.3}
p{margin:.75rem 0 0}
.detail{color:#52606d}
button{margin-top:1.25rem;width:100%;min-height:3rem;border:0;border-radius:.75rem;background:#0b6e4f;color:#fff;font:inherit;font-weight:600;cursor:pointer}
button:hover{background:#08573f}
:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
</style>
</head>
<body>
<header><div class="bar">
<span class="mark"><svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true"><ellipse cx="16" cy="16" rx="11" ry="14" fill="#0b6e4f"/><path d="M16 5.5c-2 3.5-2.6 7-2.6 10.5s.6 7 2.6 10.5c2-3.5 2.6-7 2.6-10.5S18 9 16 5.5Z" fill="#f7f5ef"/></svg>Cauri</span>
<a class="lang" href="${escape(switched.pathname + switched.search)}" hreflang="${other}" lang="${other}">${other === "fr" ? "Français" : "English"}</a>
</div></header>
<main id="main">
<section role="alert" aria-labelledby="outage-title">
<h1 id="outage-title">${escape(t.title)}</h1>
<p>${escape(text.lead)}</p>
<p class="detail">${escape(text.detail)}</p>
<form method="get" action="${escape(url.pathname)}">${hidden}<button type="submit">${escape(t.retry)}</button></form>
</section>
</main>
</body>
</html>
`;
}
