import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { Wordmark } from "@/components/ui/PublicPageShell";
import { DocsNav } from "./_components/DocsNav";

export const metadata: Metadata = {
  title: { default: "Documentation", template: "%s · Documentation Cauri" },
  description: "Cauri API documentation: quick start, test mode, idempotency, webhooks, errors, going live, and the API reference.",
};

/** Documentation shell: English content for integrators, bilingual navigation. */
export default function DocsLayout({ children }: { children: ReactNode }) {
  return (
    <div lang="en" className="flex min-h-dvh flex-col">
      <a href="#main" className="sr-only rounded-md bg-surface px-3 py-2 font-semibold text-brand focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50">
        Skip to content
      </a>
      <header className="border-b border-line bg-surface">
        <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-2">
          <div className="flex items-center gap-3">
            <Link href="/" aria-label="Cauri, home" className="-mx-1 rounded-md px-1">
              <Wordmark />
            </Link>
            <span className="text-sm font-semibold text-muted">
              <span lang="fr">Documentation</span>
            </span>
          </div>
          <div className="flex items-center gap-2 text-sm">
            <a href="/v1/openapi.json" className="inline-flex min-h-11 items-center rounded-md px-2 font-medium text-brand hover:bg-brand-soft">
              openapi.json
            </a>
            <a href="/dashboard" className="inline-flex min-h-11 items-center rounded-md px-2 font-medium text-brand hover:bg-brand-soft">
              <span lang="fr">Tableau de bord</span>
            </a>
          </div>
        </div>
      </header>
      <div className="mx-auto grid w-full max-w-6xl flex-1 gap-6 px-4 py-6 lg:grid-cols-[15rem_1fr] lg:py-10">
        <aside className="min-w-0">
          <DocsNav />
        </aside>
        <main id="main" className="min-w-0">
          {children}
        </main>
      </div>
      <footer className="border-t border-line">
        <p className="mx-auto w-full max-w-6xl px-4 py-6 text-sm text-muted">
          <span className="font-semibold text-ink">Cauri</span> · Mobile money payments for merchants in Mali ·{" "}
          <span lang="fr">Paiements mobile money pour les commerçants du Mali</span>
        </p>
      </footer>
    </div>
  );
}
