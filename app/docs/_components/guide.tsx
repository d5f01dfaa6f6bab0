import type { Metadata } from "next";
import type { ReactNode } from "react";
import type { Copy } from "@/lib/i18n/dictionary";
import { DocsShell } from "./DocsShell";
import { docsLocale, type DocsPageProps } from "./locale";
import { apiOrigin } from "./origin";
import { Prose } from "./Prose";

/** One guide: its title and its body, given the base URL the reader is on (samples paste as is). */
export type Guide = { title: string; body: (origin: string) => ReactNode };

/** The page and metadata of a guide written in both languages; the reader's language picks one. */
export function guidePage(path: string, copy: Copy<Guide>) {
  return {
    async generateMetadata({ searchParams }: DocsPageProps): Promise<Metadata> {
      return { title: copy[await docsLocale(searchParams)].title };
    },
    async Page({ searchParams }: DocsPageProps) {
      const [locale, origin] = await Promise.all([docsLocale(searchParams), apiOrigin()]);
      return (
        <DocsShell locale={locale} path={path}>
          <Prose>{copy[locale].body(origin)}</Prose>
        </DocsShell>
      );
    },
  };
}
