import { ApiReference } from "@scalar/nextjs-api-reference";
import { scalarVersion } from "./scalar.js/bundle";

// The interactive reference, rendered in the browser by Scalar from the generated document.
// The script is served by us (./scalar.js), not a CDN: the page works offline and on a private network.
const render = ApiReference({
  url: "/v1/openapi.json",
  cdn: `/docs/reference/scalar.js?v=${scalarVersion()}`,
  pageTitle: "API reference · Cauri",
  withDefaultFonts: false,
  telemetry: false,
  agent: { disabled: true },
  showDeveloperTools: "never",
  authentication: { preferredSecurityScheme: "bearerAuth" },
  defaultHttpClient: { targetKey: "shell", clientKey: "curl" },
  documentDownloadType: "json",
  customCss: `:root { --scalar-color-accent: #0b6e4f; } .cauri-back { display:flex; gap:1rem; align-items:center; padding:.5rem 1rem; font:600 14px system-ui, sans-serif; background:#fff; border-bottom:1px solid #e2ddd0; } .cauri-back a { color:#0b6e4f; min-height:44px; display:inline-flex; align-items:center; } .cauri-back a:focus-visible { outline:3px solid #1d4ed8; outline-offset:2px; }`,
});

export async function GET(): Promise<Response> {
  const html = await render().text();
  const page = html
    .replace("<html>", '<html lang="en">')
    .replace(
      "<body>",
      '<body><nav class="cauri-back" aria-label="Documentation"><a href="/docs">← Documentation Cauri</a><a href="/docs/quick-start">Quick start · Démarrage rapide</a></nav>',
    );
  return new Response(page, { headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
}
