"use client";

import { useId, useRef, type ReactNode } from "react";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Field } from "@/components/ui/Field";
import { PageFrame } from "@/components/ui/PageFrame";
import { accentVariables, MerchantMark } from "@/components/ui/PublicPageShell";
import type { BrandSettings } from "@/lib/branding/brand";
import { shownRatio } from "@/lib/branding/contrast";
import { LOGO_MAX_BYTES, LOGO_MAX_PIXELS } from "@/lib/branding/image";
import type { Locale } from "@/lib/i18n/locale";
import { useHydrated } from "../useHydrated";
import { brandingCopy } from "./BrandingCopy";
import { useBranding } from "./BrandingData";

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl border border-line bg-surface p-5">
      <h2 id={`${id}-title`} className="text-lg font-semibold text-ink">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** Logo and accent colour, with a preview of the public pages' header and main button. */
export function BrandingView({ locale, initial }: { locale: Locale; initial: BrandSettings }) {
  const t = brandingCopy[locale];
  const hydrated = useHydrated();
  const fileInput = useRef<HTMLInputElement>(null);
  const ids = { file: useId(), fileHint: useId(), fileError: useId(), colour: useId() };
  const { brand, uploadLogo, removeLogo, logoError, accent, setAccent, accentError, saveAccent, verdict, previewAccent } = useBranding({ locale, initial });
  const preview = { ...brand, accent: previewAccent };

  return (
    <PageFrame title={t.title} description={t.intro}>
      <div className="mt-4 space-y-6">
        <Section id="logo" title={t.logo}>
          <form
            method="post"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              const file = fileInput.current?.files?.[0];
              if (file) uploadLogo.mutate(file);
            }}
            className="flex flex-col gap-3"
          >
            <p className="text-sm text-muted">{brand.file ? t.current(brand.file.type, brand.file.bytes) : t.none}</p>
            <div className="flex flex-col gap-1.5">
              <label htmlFor={ids.file} className="text-sm font-semibold text-ink">
                {t.file}
              </label>
              <input
                ref={fileInput}
                id={ids.file}
                name="logo"
                type="file"
                accept="image/png,image/jpeg"
                aria-invalid={logoError ? true : undefined}
                aria-describedby={[ids.fileHint, logoError ? ids.fileError : ""].filter(Boolean).join(" ")}
                className="min-h-11 w-full max-w-full rounded-lg border border-line-strong bg-surface p-2 text-sm text-ink file:mr-3 file:rounded-md file:border-0 file:bg-brand-soft file:px-3 file:py-1.5 file:font-semibold file:text-brand"
              />
              <p id={ids.fileHint} className="text-sm text-muted">
                {t.logoHint(LOGO_MAX_BYTES, LOGO_MAX_PIXELS)}
              </p>
              {logoError ? (
                <p id={ids.fileError} role="alert" className="text-sm font-medium text-danger" data-testid="logo-error">
                  {logoError}
                </p>
              ) : null}
            </div>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" loading={uploadLogo.isPending} disabled={!hydrated}>
                {t.upload}
              </Button>
              {brand.logo ? (
                <Button type="button" variant="secondary" loading={removeLogo.isPending} disabled={!hydrated} onClick={() => removeLogo.mutate()}>
                  {t.remove}
                </Button>
              ) : null}
            </div>
            {uploadLogo.isSuccess ? (
              <Alert tone="success" variant="inline">
                {t.logoSaved}
              </Alert>
            ) : null}
          </form>
        </Section>

        <Section id="accent" title={t.accent}>
          <form
            method="post"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              saveAccent.mutate(accent.trim() === "" ? null : accent.trim());
            }}
            className="flex flex-col gap-3"
          >
            <div className="flex items-end gap-3">
              <div className="flex flex-col gap-1.5">
                <label htmlFor={ids.colour} className="text-sm font-semibold text-ink">
                  {t.accent}
                </label>
                <input id={ids.colour} type="color" value={verdict ? accent.toLowerCase() : (brand.accent ?? "#0b6e4f")} onChange={(e) => setAccent(e.target.value)} className="h-11 w-16 cursor-pointer rounded-lg border border-line-strong bg-surface p-1" />
              </div>
              <Field
                className="min-w-0 flex-1"
                label={t.accentText}
                name="accent"
                value={accent}
                onChange={(e) => setAccent(e.target.value)}
                placeholder="#0b6e4f"
                maxLength={7}
                autoComplete="off"
                spellCheck={false}
                error={accentError ?? undefined}
              />
            </div>
            <p className="text-sm text-muted">{t.accentHint}</p>
            {verdict ? (
              <p className={`text-sm font-medium ${verdict.readable ? "text-ink" : "text-danger"}`} aria-live="polite" data-testid="accent-contrast">
                {t.contrast(shownRatio(verdict.ratio), verdict.readable)}
              </p>
            ) : null}
            <div className="flex flex-wrap gap-2">
              <Button type="submit" loading={saveAccent.isPending && saveAccent.variables !== null} disabled={!hydrated}>
                {t.saveAccent}
              </Button>
              {brand.accent ? (
                <Button type="button" variant="secondary" loading={saveAccent.isPending && saveAccent.variables === null} disabled={!hydrated} onClick={() => saveAccent.mutate(null)}>
                  {t.resetAccent}
                </Button>
              ) : null}
            </div>
            {saveAccent.isSuccess ? (
              <Alert tone="success" variant="inline">
                {t.accentSaved}
              </Alert>
            ) : null}
          </form>
        </Section>

        <Section id="preview" title={t.preview}>
          <div
            className="overflow-hidden rounded-xl border border-line bg-canvas"
            style={accentVariables(preview.accent)}
            data-testid="brand-preview"
          >
            <div className={`border-b border-line bg-surface px-4 py-2 ${preview.accent ? "border-t-4 border-t-brand" : ""}`}>
              <MerchantMark brand={preview} />
            </div>
            <div className="p-4">
              <span className="inline-flex min-h-11 items-center rounded-lg bg-brand px-4 text-sm font-semibold text-white" aria-hidden="true">
                {t.previewButton}
              </span>
            </div>
          </div>
        </Section>
      </div>
    </PageFrame>
  );
}
