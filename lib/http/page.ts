import { cookies, headers } from "next/headers";
import { db } from "@/db/client";
import { clientIpOf } from "@/lib/http/client-ip";
import { LANG_COOKIE, resolveLocale, type Locale } from "@/lib/i18n/locale";
import type { Permission } from "@/lib/auth/permissions";

export type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * The language of a dashboard, ops or sign-in page: `?lang=`, then the remembered cookie, then
 * the browser; French by default. Each page resolves it (a layout cannot see `?lang=`), so the
 * whole frame of the page is in one language. `preferred`: the language of the object a public
 * page shows (an invoice's), which takes the browser's place.
 */
export async function pageLocale(searchParams?: SearchParams, preferred?: Locale): Promise<Locale> {
  const [params, cookieStore, headerList] = await Promise.all([searchParams ?? Promise.resolve({} as Record<string, string | string[] | undefined>), cookies(), headers()]);
  const lang = params.lang;
  return resolveLocale({
    searchParamLang: typeof lang === "string" ? lang : undefined,
    cookieLang: cookieStore.get(LANG_COOKIE)?.value,
    acceptLanguage: preferred ?? headerList.get("accept-language") ?? undefined,
  });
}

/** `?next=` of the sign-in page: a path on this site only (never `//host` or a full URL: no open redirect). */
export function safeNextPath(value: string | string[] | undefined, fallback: string): string {
  const v = typeof value === "string" ? value : undefined;
  if (!v || !v.startsWith("/") || v.startsWith("//") || v.startsWith("/\\")) return fallback;
  return v;
}

/**
 * What every dashboard page starts with: the session (or a redirect), the DomainContext of its
 * mode, its language, and `refused` (the permission the member's role lacks, or null) — a
 * refused page renders components/dashboard/RoleRefusal.tsx and nothing of its own.
 */
export async function dashboardPage(path: string, permission: Permission, searchParams?: SearchParams) {
  const { requireDashboardContext } = await import("@/lib/http/session");
  const [ctx, locale] = await Promise.all([requireDashboardContext(path, permission), pageLocale(searchParams)]);
  return { ctx, locale, refused: ctx.refused };
}

/**
 * The ops console's pages: a staff session (merchants get 404), the page's language and the
 * database its data comes from. `beforeTwoFactor`: the enrollment page, open to staff without it.
 */
export async function opsPage(path: string, searchParams?: SearchParams, options: { beforeTwoFactor?: boolean } = {}) {
  const { requireStaffSession } = await import("@/lib/http/session");
  const [{ user }, locale] = await Promise.all([requireStaffSession(path, options), pageLocale(searchParams)]);
  return { staff: user, locale, db: db() };
}

/**
 * The public pages (checkout, payment link, secure order, portal): no session, the visitor's
 * language (`?lang=`, the cookie, the browser) and the database the page reads. Like every page
 * served by our server, its queries run under the database deadline (server/page-outage.ts).
 */
export async function publicPage(searchParams?: SearchParams) {
  return { locale: await pageLocale(searchParams), db: db() };
}

/** What a public file route starts with (a logo: no language, no client address to read): the database. */
export function publicFile() {
  return { db: db() };
}

/**
 * What a public page's server action starts with: the database its work runs on and the
 * client's IP (the header the edge set), which the pipeline limits per address.
 */
export async function publicAction() {
  return { db: db(), clientIp: clientIpOf(await headers()) };
}
