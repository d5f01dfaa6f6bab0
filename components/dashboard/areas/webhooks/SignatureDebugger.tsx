"use client";

import Link from "next/link";
import { useId, useState, type FormEvent, type TextareaHTMLAttributes } from "react";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { Field } from "@/components/ui/Field";
import { PageFrame } from "@/components/ui/PageFrame";
import type { Locale } from "@/lib/i18n/locale";
import type { Diagnosis } from "@/lib/webhooks/signature-diagnosis";
import { Select } from "../../Select";
import { useHydrated } from "../../useHydrated";
import { debuggerCopy, explainVerdict } from "./debugger-copy";
import { useSignatureCheck } from "./use-webhook-tools";

/** A labelled textarea for pasted text: monospace, no spell-check, its hint and error read with it. */
function PasteBox({ label, hint, error, ...props }: { label: string; hint: string; error?: string } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {label}
      </label>
      <textarea
        id={id}
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        className={`w-full rounded-lg border bg-surface px-3 py-2 font-mono text-sm text-ink ${error ? "border-danger" : "border-line-strong"}`}
        {...props}
      />
      <p id={`${id}-hint`} className="text-sm text-muted">
        {hint}
      </p>
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function Verdict({ locale, d }: { locale: Locale; d: Diagnosis }) {
  const t = debuggerCopy[locale];
  const ok = d.verdict === "valid";
  return (
    <div className={`rounded-xl border p-4 ${ok ? "border-brand bg-brand-soft" : "border-danger bg-danger-soft"}`} data-testid="signature-verdict" data-verdict={d.verdict}>
      <h3 className={`text-lg font-semibold ${ok ? "text-brand-strong" : "text-danger-strong"}`}>{t.verdictTitle[d.verdict]}</h3>
      {explainVerdict(locale, d, d.scheme).map((sentence) => (
        <p key={sentence} className="mt-1 text-sm text-ink">
          {sentence}
        </p>
      ))}
      {d.schemes.length > 1 ? (
        <>
          <h4 className="mt-3 text-sm font-semibold text-ink">{t.perScheme}</h4>
          <ul className="mt-1 space-y-1 text-sm text-ink" data-testid="signature-schemes">
            {d.schemes.map((s) => (
              <li key={s.scheme} className="break-words">
                <span className="font-mono text-xs">{t.scheme(s.scheme)}</span> : {t.verdictTitle[s.verdict]}
                {s.skew_seconds !== null ? ` · ${t.skew(s.skew_seconds)}` : ""}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

/**
 * The signature debugger: the merchant picks an endpoint (or pastes a secret), pastes the body and
 * headers its server received, and reads the verdict and why, never a signature.
 */
export function SignatureDebugger({ locale, endpoints }: { locale: Locale; endpoints: { id: string; url: string }[] }) {
  const t = debuggerCopy[locale];
  const hydrated = useHydrated();
  const [source, setSource] = useState<"endpoint" | "pasted">(endpoints.length ? "endpoint" : "pasted");
  const { mutation, fieldError, error } = useSignatureCheck(locale);
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const f = new FormData(event.currentTarget);
    const text = (name: string) => String(f.get(name) ?? "");
    mutation.mutate({
      ...(source === "endpoint" ? { endpoint_id: text("endpoint_id") } : { secret: text("secret").trim() }),
      body: text("body"),
      headers: text("headers"),
    });
  }
  return (
    <PageFrame title={t.title} description={t.intro}>
      <p className="mt-2">
        <Link href="/dashboard/webhooks" className="text-sm font-semibold text-brand underline-offset-2 hover:underline">
          {t.back}
        </Link>
      </p>
      <form method="post" onSubmit={onSubmit} noValidate className="mt-4 grid gap-4 rounded-2xl border border-line bg-surface p-5" data-testid="signature-form">
        <fieldset className="flex flex-col gap-2">
          <legend className="text-sm font-semibold text-ink">{t.secretSource}</legend>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            {(
              [
                ["endpoint", t.useEndpoint],
                ["pasted", t.usePasted],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="flex min-h-11 items-center gap-2 text-sm text-ink">
                <input type="radio" name="source" value={value} checked={source === value} onChange={() => setSource(value)} className="size-5" disabled={value === "endpoint" && endpoints.length === 0} />
                {label}
              </label>
            ))}
          </div>
          {endpoints.length === 0 ? <p className="text-sm text-muted">{t.noEndpoint}</p> : null}
        </fieldset>
        {source === "endpoint" ? (
          <Select label={t.endpoint} name="endpoint_id" hint={t.endpointHint} options={endpoints.map((e) => ({ value: e.id, label: e.url }))} className="max-w-xl" />
        ) : (
          <Field label={t.secret} name="secret" type="password" autoComplete="off" spellCheck={false} hint={t.secretHint} error={fieldError("secret")} className="max-w-xl" />
        )}
        <PasteBox label={t.body} name="body" rows={8} hint={t.bodyHint} error={fieldError("body")} />
        <PasteBox label={t.headers} name="headers" rows={6} hint={t.headersHint} error={fieldError("headers")} placeholder={"webhook-id: evt_…\nwebhook-timestamp: 1735689600\nwebhook-signature: v1,…"} />
        <div>
          <Button type="submit" loading={mutation.isPending} disabled={!hydrated}>
            {t.check}
          </Button>
        </div>
        {error ? <Alert>{error}</Alert> : null}
      </form>
      <section aria-labelledby="signature-result" aria-live="polite" className="mt-6">
        <h2 id="signature-result" className={mutation.data ? "text-lg font-semibold text-ink" : "sr-only"}>
          {t.result}
        </h2>
        {mutation.data ? (
          <div className="mt-2">
            <Verdict locale={locale} d={mutation.data} />
          </div>
        ) : null}
      </section>
    </PageFrame>
  );
}
