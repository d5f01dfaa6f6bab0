"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/Button";
import { defineCopy } from "@/lib/i18n/dictionary";
import type { Locale } from "@/lib/i18n/locale";

const copy = defineCopy({
  fr: { copy: "Copier", open: "Ouvrir", copied: "Lien copié.", failed: "Copie impossible : sélectionnez le lien à la main." },
  en: { copy: "Copy", open: "Open", copied: "Link copied.", failed: "Could not copy: select the link by hand." },
});

/**
 * A link to hand to someone (a payment link, a buyer or courier page): shown in full in a
 * read-only field that can be selected by hand, with copy and open buttons. `name` is read
 * after the buttons' text so each is unique on a page listing several links.
 */
export function CopyLink({ label, url, name, locale, testId }: { label: string; url: string; name?: string; locale: Locale; testId?: string }) {
  const t = copy[locale];
  const id = useId();
  const [status, setStatus] = useState<"" | "ok" | "failed">("");
  return (
    <div className="flex min-w-0 flex-col gap-1.5" data-testid={testId}>
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {label}
      </label>
      <div className="flex min-w-0 flex-col gap-2 sm:flex-row">
        <input
          id={id}
          readOnly
          value={url}
          onFocus={(e) => e.currentTarget.select()}
          className="min-h-11 w-full min-w-0 rounded-lg border border-line-strong bg-canvas px-3 font-mono text-sm text-ink"
        />
        <div className="flex shrink-0 gap-2">
          <Button
            variant="secondary"
            onClick={async () => {
              try {
                await navigator.clipboard.writeText(url);
                setStatus("ok");
              } catch {
                setStatus("failed");
              }
            }}
          >
            {t.copy}
            <span className="sr-only"> {name ?? label}</span>
          </Button>
          <a href={url} target="_blank" rel="noopener noreferrer" className="inline-flex min-h-11 items-center rounded-lg px-4 text-sm font-semibold text-brand underline hover:bg-brand-soft">
            {t.open}
            <span className="sr-only"> {name ?? label}</span>
          </a>
        </div>
      </div>
      <p role="status" className="text-sm text-ink">
        {status === "ok" ? t.copied : status === "failed" ? t.failed : ""}
      </p>
    </div>
  );
}
