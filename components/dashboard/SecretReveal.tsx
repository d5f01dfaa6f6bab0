"use client";

import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/Button";
import { defineCopy } from "@/lib/i18n/dictionary";
import type { Locale } from "@/lib/i18n/locale";

const copy = defineCopy({
  fr: {
    key: {
      warning: "Copiez-la maintenant et gardez-la en lieu sûr : elle ne sera plus jamais affichée.",
      copy: "Copier la clé",
      copied: "Clé copiée dans le presse-papiers.",
      copyFailed: "Copie impossible : sélectionnez la clé et copiez-la à la main.",
      done: "J'ai enregistré la clé",
    },
    secret: {
      warning: "Copiez-le maintenant et gardez-le sur votre serveur : il ne sera plus jamais affiché.",
      copy: "Copier le secret",
      copied: "Secret copié dans le presse-papiers.",
      copyFailed: "Copie impossible : sélectionnez le secret et copiez-le à la main.",
      done: "J'ai enregistré le secret",
    },
  },
  en: {
    key: {
      warning: "Copy it now and keep it somewhere safe: it will never be shown again.",
      copy: "Copy key",
      copied: "Key copied to the clipboard.",
      copyFailed: "Could not copy: select the key and copy it by hand.",
      done: "I have saved the key",
    },
    secret: {
      warning: "Copy it now and keep it on your server: it will never be shown again.",
      copy: "Copy secret",
      copied: "Secret copied to the clipboard.",
      copyFailed: "Could not copy: select the secret and copy it by hand.",
      done: "I have saved the secret",
    },
  },
});

/**
 * A secret shown once (a new API key, a webhook signing secret): focus moves to it so
 * screen-reader and keyboard users land on it, with a copy button and an explicit dismissal.
 */
export function SecretReveal({ title, secret, locale, onDone, kind = "key" }: { title: string; secret: string; locale: Locale; onDone: () => void; kind?: "key" | "secret" }) {
  const t = copy[locale][kind];
  const heading = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  const [status, setStatus] = useState<"idle" | "copied" | "failed">("idle");

  useEffect(() => {
    heading.current?.focus();
  }, []);

  return (
    <section aria-labelledby={titleId} className="rounded-2xl border-2 border-warning-ink bg-warning p-5 text-warning-ink">
      <h2 id={titleId} ref={heading} tabIndex={-1} className="text-lg font-bold">
        {title}
      </h2>
      <p className="mt-1 text-sm">{t.warning}</p>
      <code data-testid="revealed-secret" className="mt-3 block rounded-lg border border-warning-ink/40 bg-surface px-3 py-2 font-mono text-sm break-all text-ink select-all">
        {secret}
      </code>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          variant="secondary"
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(secret);
              setStatus("copied");
            } catch {
              setStatus("failed");
            }
          }}
        >
          {t.copy}
        </Button>
        <Button onClick={onDone}>{t.done}</Button>
      </div>
      <p role="status" className="mt-2 text-sm font-medium">
        {status === "copied" ? t.copied : status === "failed" ? t.copyFailed : ""}
      </p>
    </section>
  );
}
