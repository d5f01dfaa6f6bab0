"use client";

import { usePathname } from "next/navigation";
import { DOCS_NAV } from "./nav";

/** The sidebar (a scrolling strip on phones); the current page is marked for screen readers too. */
export function DocsNav() {
  const pathname = usePathname();
  return (
    <nav aria-label="Documentation" className="lg:sticky lg:top-4">
      <ul className="flex gap-1 overflow-x-auto pb-2 lg:flex-col lg:overflow-visible lg:pb-0">
        {DOCS_NAV.map((item) => {
          const current = pathname === item.href;
          return (
            <li key={item.href} className="shrink-0">
              {/* The reference is a page of its own (not this layout): a plain link loads it whole. */}
              <a
                href={item.href}
                aria-current={current ? "page" : undefined}
                className={[
                  "flex min-h-11 flex-col justify-center rounded-lg px-3 py-1.5 text-sm leading-tight",
                  current ? "bg-brand-soft font-semibold text-brand" : "text-ink hover:bg-surface",
                ].join(" ")}
              >
                <span lang="fr">{item.fr}</span>
                <span lang="en" className="text-xs text-muted">
                  {item.en}
                </span>
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
