import net from "node:net";
import { z } from "zod";
import { ownHosts } from "@/lib/config";
import { EXPLAINED } from "@/lib/core/validation";
import { bareHost, blockedAddressReason } from "@/lib/webhooks/targets";

/**
 * The one rule for every field that sends a customer's browser somewhere after a hosted page
 * (payments' `return_url`, links' `success_redirect_url` / `redirect_url`, with-payment
 * subscriptions' `redirect_url`, portal sessions' `return_url`): docs/decisions/redirect-urls.md.
 *
 * - the text is taken as sent: any control character (CR, LF, tab, NUL, DEL, C1) anywhere, or
 *   whitespace at either end, is refused — never trimmed into acceptance;
 * - parsed with the WHATWG URL parser (what browsers do), at most 2048 characters before and after;
 * - `https:` only, no user name or password (`https://pay.ours@elsewhere/` deceives people);
 * - the host normalised: lowercase and IDN → punycode (the parser does both), trailing dots removed;
 * - never ours: the host of CAURI_PUBLIC_URL, every CAURI_OWN_DOMAINS entry, their subdomains,
 *   `localhost` and `*.localhost`, and any loopback, private, link-local or reserved IP literal;
 * - stored as the normalised `href`: `https://Example.COM./a` → `https://example.com/a`.
 */

export const REDIRECT_URL_MAX = 2048;

export type RedirectUrlResult = { ok: true; url: string } | { ok: false; reason: string };

/** A shop on the integrator's own machine: localhost, *.localhost, 127.0.0.0/8 or ::1. */
export function isLoopbackHost(host: string): boolean {
  const bare = bareHost(host.toLowerCase().replace(/\.+$/, ""));
  if (bare === "localhost" || bare.endsWith(".localhost")) return true;
  if (net.isIPv4(bare)) return bare.startsWith("127.");
  return net.isIPv6(bare) && (bare === "::1" || bare === "0:0:0:0:0:0:0:1");
}

export const isLoopbackUrl = (url: string) => {
  try {
    return isLoopbackHost(new URL(url).hostname);
  } catch {
    return false;
  }
};

// C0 controls (NUL, tab, CR, LF…), DEL and the C1 controls.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** A host as the URL parser spells it (lowercase, punycode), without trailing dots; null if it is not one. */
function normalHost(text: string): string | null {
  const value = text.trim();
  if (!value) return null;
  try {
    const host = new URL(value.includes("://") ? value : `https://${value}`).hostname;
    return host.replace(/\.+$/, "") || null;
  } catch {
    return null;
  }
}

/** Our hosts, normalised: CAURI_PUBLIC_URL's and CAURI_OWN_DOMAINS's. */
export function ownRedirectHosts(): string[] {
  return [...new Set(ownHosts().map(normalHost).filter((h): h is string => h !== null))];
}

/** Whether a (normalised) host is one of ours, or a subdomain of one. */
export function isOwnRedirectHost(host: string, own: readonly string[] = ownRedirectHosts()): boolean {
  return own.some((o) => host === o || host.endsWith(`.${o}`));
}

/**
 * Checks and normalises a redirect URL; `own` defaults to our configured hosts. `loopback`: a
 * shop on the integrator's machine (http or https, localhost or a loopback address) is accepted,
 * for the fields a test key may point there (the caller refuses it in live mode).
 */
export function normalizeRedirectUrl(raw: string, own: readonly string[] = ownRedirectHosts(), options: { loopback?: boolean } = {}): RedirectUrlResult {
  const no = (reason: string): RedirectUrlResult => ({ ok: false, reason });
  if (raw.length > REDIRECT_URL_MAX) return no(`is longer than ${REDIRECT_URL_MAX} characters`);
  if (CONTROL.test(raw)) return no("contains a control character (CR, LF, tab, NUL…)");
  if (raw !== raw.trim()) return no("starts or ends with whitespace");
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return no("is not a valid URL");
  }
  const local = options.loopback === true && (url.protocol === "http:" || url.protocol === "https:") && isLoopbackHost(url.hostname);
  if (url.protocol !== "https:" && !local) return no(`must be an https:// URL, not ${url.protocol}//${options.loopback ? " (http:// is accepted for localhost and 127.0.0.1 with a test key)" : ""}`);
  if (url.username || url.password) return no("may not carry a user name or password");
  const host = url.hostname.replace(/\.+$/, "");
  if (!host || host.split(".").some((label) => label === "")) return no("has no valid host name");
  if (host !== url.hostname) url.hostname = host;
  if (local) return { ok: true, url: url.href };
  const lower = url.hostname;
  if (lower === "localhost" || lower.endsWith(".localhost")) return no(options.loopback ? "points at localhost, which only a test key may use" : "points at localhost");
  const ip = bareHost(lower);
  if (net.isIP(ip) && blockedAddressReason(ip)) return no("points at a loopback, private, link-local or reserved address");
  if (isOwnRedirectHost(lower, own)) return no("points at the payment service's own domain");
  const href = url.href;
  if (href.length > REDIRECT_URL_MAX) return no(`is longer than ${REDIRECT_URL_MAX} characters once normalised`);
  return { ok: true, url: href };
}

const redirectField = (options: { loopback?: boolean }) =>
  z
    .string()
    .max(REDIRECT_URL_MAX)
    .transform((value, ctx) => {
      const result = normalizeRedirectUrl(value, undefined, options);
      if (result.ok) return result.url;
      // The reason is the message: "not https" and "our own domain" are different mistakes.
      ctx.addIssue({ code: "custom", message: result.reason, params: { [EXPLAINED]: true } });
      return z.NEVER;
    });

/**
 * The zod form of the rule: validates and outputs the normalised URL. The field's own error
 * code comes from its route's code map (INVALID_RETURN_URL, INVALID_REDIRECT_URL…), its message
 * from the refusal's reason.
 */
export const redirectUrl = redirectField({});

/** The same, also taking a shop on the integrator's machine: payments' return_url, which a live key may not point there (lib/payments/create.ts). */
export const loopbackRedirectUrl = redirectField({ loopback: true });
