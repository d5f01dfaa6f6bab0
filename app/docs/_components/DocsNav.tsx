import type { Locale } from "@/lib/i18n/locale";
import { DOCS_NAV } from "./nav";

/**
 * The sidebar (a scrolling strip on phones), rendered on the server: the page passes its own path.
 * Links carry `?lang=` so a reader who arrived on a shared `?lang=en` link stays in English.
 */
export function DocsNav({ locale, current }: { locale: Locale; current: string }) {
  return (
    <nav aria-label={locale === "fr" ? "Sommaire de la documentation" : "Documentation contents"} className="lg:sticky lg:top-4">
      <ul className="flex gap-1 overflow-x-auto pb-2 lg:flex-col lg:overflow-visible lg:pb-0">
        {DOCS_NAV.map((item) => {
          const here = current === item.href || (item.href === "/docs/reference" && current.startsWith("/docs/reference/"));
          return (
            <li key={item.href} className="shrink-0">
              <a
                href={`${item.href}?lang=${locale}`}
                aria-current={current === item.href ? "page" : here ? "true" : undefined}
                className={[
                  "flex min-h-11 items-center rounded-lg px-3 py-1.5 text-sm leading-tight",
                  here ? "bg-brand-soft font-semibold text-brand" : "text-ink hover:bg-surface",
                ].join(" ")}
              >
                {item[locale]}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
