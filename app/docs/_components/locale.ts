import { cookies, headers } from "next/headers";
import { LANG_COOKIE, resolveLocale, type Locale } from "@/lib/i18n/locale";

export type DocsSearchParams = Promise<Record<string, string | string[] | undefined>>;
export type DocsPageProps = { searchParams: DocsSearchParams };

/** The language of a guide, chosen as on the hosted pages: `?lang=`, the `lang` cookie, the browser, then French. */
export async function docsLocale(searchParams?: DocsSearchParams): Promise<Locale> {
  const [params, cookieStore, headerList] = await Promise.all([searchParams ?? Promise.resolve({}), cookies(), headers()]);
  const lang = (params as Record<string, unknown>).lang;
  return resolveLocale({
    searchParamLang: typeof lang === "string" ? lang : undefined,
    cookieLang: cookieStore.get(LANG_COOKIE)?.value,
    acceptLanguage: headerList.get("accept-language") ?? undefined,
  });
}
