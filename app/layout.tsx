import type { Metadata, Viewport } from "next";
import { cookies, headers } from "next/headers";
import type { ReactNode } from "react";
import { LANG_COOKIE, resolveLocale } from "@/lib/i18n/locale";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Cauri", template: "%s · Cauri" },
  description: "Cauri : paiements mobile money pour les commerçants du Mali. Mobile money payments for merchants in Mali.",
  applicationName: "Cauri",
};

export const viewport: Viewport = {
  themeColor: "#0b6e4f",
};

// The layout cannot see `?lang=` (only pages receive searchParams), so <html lang> follows the
// remembered cookie and the browser; pages that render another language mark their own root
// with `lang` (PublicPageShell does) and LanguageSwitch aligns <html> after hydration.
export default async function RootLayout({ children }: { children: ReactNode }) {
  const [cookieStore, headerList] = await Promise.all([cookies(), headers()]);
  const locale = resolveLocale({
    cookieLang: cookieStore.get(LANG_COOKIE)?.value,
    acceptLanguage: headerList.get("accept-language") ?? undefined,
  });
  return (
    <html lang={locale}>
      <body>{children}</body>
    </html>
  );
}
