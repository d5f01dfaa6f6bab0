"use client";

import { Wordmark } from "@/components/ui/PublicPageShell";
import { buttonClasses } from "@/components/ui/Button";
import { errorCopy } from "@/lib/outage/copy";
import { LOCALES } from "@/lib/i18n/locale";

/**
 * What a page that failed shows (app/error.tsx, app/global-error.tsx): no detail and no stack, in
 * French then English (the error boundary cannot know which language the page was in), and a
 * retry that loads the page again from the server. A database outage never gets here when the
 * custom server runs: it answers the outage page with 503 instead (server/page-outage.ts).
 */
export function ErrorNotice() {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-line bg-surface">
        <div className="mx-auto flex w-full max-w-md items-center px-4 py-2">
          <Wordmark />
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-md flex-1 px-4 py-6">
        <section role="alert" className="rounded-2xl border border-line bg-surface p-6 shadow-sm">
          {LOCALES.map((locale, i) => (
            <div key={locale} lang={locale} className={i > 0 ? "mt-6 border-t border-line pt-6" : undefined}>
              <h1 className={i > 0 ? "text-lg font-bold text-ink" : "text-xl font-bold text-ink"}>{errorCopy[locale].title}</h1>
              <p className="mt-2 text-ink">{errorCopy[locale].lead}</p>
              <p className="mt-2 text-muted">{errorCopy[locale].paymentSafe}</p>
            </div>
          ))}
          <button type="button" onClick={() => window.location.reload()} className={`mt-6 ${buttonClasses({ size: "lg", fullWidth: true })}`}>
            {errorCopy.fr.retry} · <span lang="en">{errorCopy.en.retry}</span>
          </button>
        </section>
      </main>
    </div>
  );
}
