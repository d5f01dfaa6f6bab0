import { publicBaseUrl } from "@/lib/config";
import { requestHost } from "@/lib/http/client-ip";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function hostOf(url: string | undefined | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * CSRF defence of the dashboard and ops handlers (app/dashboard-api, app/ops-api), the same
 * check Next.js applies to server actions: a mutating request must carry an Origin header whose
 * host is the host the request was sent to (X-Forwarded-Host only as a trusted proxy wrote it,
 * CAURI_TRUSTED_PROXIES, lib/http/client-ip.ts; else Host) or the
 * site's configured public URL. Browsers always send Origin on cross-site and same-site POSTs
 * and a page cannot forge it; when Sec-Fetch-Site is present it must say same-origin. The
 * session cookie is also SameSite=Lax, and bodies must be JSON (a cross-site form cannot send
 * application/json without a CORS preflight, which these routes never grant).
 */
export function isSameOriginRequest(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return true;
  const origin = hostOf(request.headers.get("origin"));
  if (!origin) return false;
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite && fetchSite !== "same-origin") return false;
  const allowed = new Set<string>();
  const host = requestHost(request.headers) ?? hostOf(request.url);
  if (host) allowed.add(host);
  for (const configured of [process.env.NEXTAUTH_URL, process.env.CAURI_PUBLIC_URL ? publicBaseUrl() : undefined]) {
    const h = hostOf(configured);
    if (h) allowed.add(h);
  }
  return allowed.has(origin);
}
