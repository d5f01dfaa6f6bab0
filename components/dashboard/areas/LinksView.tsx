"use client";

import Link from "next/link";
import { useState } from "react";
import { Amount } from "@/components/ui/Amount";
import { Button, buttonClasses } from "@/components/ui/Button";
import { Field } from "@/components/ui/Field";
import { Alert } from "@/components/ui/Alert";
import { PageFrame } from "@/components/ui/PageFrame";
import { Spinner } from "@/components/ui/Spinner";
import { Section } from "@/components/ui/Section";
import type { Mode } from "@/db/schema";
import type { Locale } from "@/lib/i18n/locale";
import type { LinkResource } from "@/lib/links/schemas";
import { ConfirmInline } from "../ConfirmInline";
import { DateTime } from "../DateTime";
import { StatusBadge } from "../StatusBadge";
import { useHydrated } from "../useHydrated";
import { linksCopy, linkStatus } from "./links/copy";
import { useLinks, type LinksOverview } from "./links/use-links";

/**
 * One link as a card: name, status and amount first (they stay on a 360 px screen), then the
 * totals, the address, and the actions a member with the commerce permission may take.
 */
function LinkCard({
  link,
  locale,
  canEdit,
  onToggle,
  onArchive,
  archiving,
}: {
  link: LinkResource;
  locale: Locale;
  canEdit: boolean;
  onToggle: (active: boolean) => void;
  onArchive: () => void;
  archiving: boolean;
}) {
  const t = linksCopy[locale];
  const [showQr, setShowQr] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [copyStatus, setCopyStatus] = useState<"" | "ok" | "failed">("");
  const qr = `/v1/payment-links/${encodeURIComponent(link.slug)}/qr`;
  const toggleId = `active-${link.id}`;
  return (
    <li className="rounded-2xl border border-line bg-surface p-4" data-testid="link-card">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <h3 className="font-semibold break-words text-ink">{link.name}</h3>
            <span data-testid="link-status">
              <StatusBadge kind="link" status={linkStatus(link)} locale={locale} />
            </span>
          </div>
          <p className="text-sm text-ink" data-testid="link-amount">
            {link.mode === "FIXED" ? (
              <Amount value={link.amount ?? 0} />
            ) : (
              <>
                {t.openShort} : <Amount value={link.min_amount ?? 0} /> – <Amount value={link.max_amount ?? 0} />
              </>
            )}
          </p>
          <p className="mt-1 text-sm text-muted">
            {t.collected} : <Amount value={link.total_collected} className="font-semibold text-ink" /> · {t.payments(link.payment_count)} · {t.created_at}{" "}
            <DateTime value={link.created_at} locale={locale} />
          </p>
          <code className="mt-1 block font-mono text-xs break-all text-muted select-all">{link.url}</code>
        </div>
        {canEdit ? (
          <div className="flex items-center gap-2">
            <input
              id={toggleId}
              type="checkbox"
              role="switch"
              checked={link.is_active}
              onChange={(e) => onToggle(e.target.checked)}
              className="size-5 accent-[var(--color-brand,#0f766e)]"
            />
            <label htmlFor={toggleId} className="text-sm font-semibold text-ink">
              {t.activeToggle}
              <span className="sr-only"> {link.name}</span>
            </label>
          </div>
        ) : null}
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          variant="secondary"
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(link.url);
              setCopyStatus("ok");
            } catch {
              setCopyStatus("failed");
            }
          }}
        >
          {t.copy}
          <span className="sr-only"> {link.name}</span>
        </Button>
        <Button variant="secondary" aria-expanded={showQr} onClick={() => setShowQr((s) => !s)}>
          {showQr ? t.hideQr : t.showQr}
          <span className="sr-only"> {link.name}</span>
        </Button>
        <Link href={`/dashboard/links/${encodeURIComponent(link.id)}${locale === "en" ? "?lang=en" : ""}`} className={buttonClasses({ variant: "secondary" })}>
          {t.details}
          <span className="sr-only"> : {link.name}</span>
        </Link>
        {confirming || !canEdit ? null : (
          <Button variant="ghost" onClick={() => setConfirming(true)}>
            {t.archive}
            <span className="sr-only"> {link.name}</span>
          </Button>
        )}
      </div>
      <p role="status" className="mt-1 text-sm">
        {copyStatus === "ok" ? t.copied : copyStatus === "failed" ? t.copyFailed : ""}
      </p>
      {confirming ? (
        <ConfirmInline question={t.archiveConfirm} yes={t.archiveYes} no={t.cancel} busy={archiving} onYes={onArchive} onNo={() => setConfirming(false)} />
      ) : null}
      {showQr ? (
        <div className="mt-3 flex flex-wrap items-end gap-4">
          {/* eslint-disable-next-line @next/next/no-img-element -- served by our own QR endpoint, not an optimisable asset */}
          <img src={`${qr}?format=png&size=256`} alt={t.qrAlt(link.name)} width={160} height={160} className="rounded-lg border border-line bg-white" />
          <div className="flex flex-col gap-2">
            <a href={`${qr}?format=png`} download={`${link.slug}.png`} className="text-sm font-semibold text-brand underline">
              {t.downloadPng}
            </a>
            <a href={`${qr}?format=svg`} download={`${link.slug}.svg`} className="text-sm font-semibold text-brand underline">
              {t.downloadSvg}
            </a>
          </div>
        </div>
      ) : null}
    </li>
  );
}

export function LinksView({ locale, mode, initial, canEdit }: { locale: Locale; mode: Mode; initial: LinksOverview; canEdit: boolean }) {
  const t = linksCopy[locale];
  const hydrated = useHydrated();
  const { amountMode, archive, create, error, fieldErrors, notice, onSubmit, query, setAmountMode, toggle } = useLinks({ locale, mode, initial });
  return (
    <PageFrame title={t.title} description={t.intro} actions={query.isFetching ? <Spinner label={t.loading} /> : null}>
      {error ? (
        <Alert className="mt-4">{error}</Alert>
      ) : null}

      {canEdit ? (
        <Section id="link-create" title={t.create} card className="mt-4">
          <form method="post" onSubmit={onSubmit} noValidate className="mt-3 grid gap-3 sm:grid-cols-2">
            <Field label={t.name} name="name" required maxLength={100} error={fieldErrors.name} />
            <Field label={t.description} name="description" maxLength={500} error={fieldErrors.description} />
            <fieldset className="sm:col-span-2">
              <legend className="text-sm font-semibold text-ink">{t.amountMode}</legend>
              <div className="mt-1 flex flex-wrap gap-4">
                {(["FIXED", "OPEN"] as const).map((m) => (
                  <label key={m} className="flex min-h-11 items-center gap-2 text-ink">
                    <input type="radio" name="mode" value={m} checked={amountMode === m} onChange={() => setAmountMode(m)} className="size-4" />
                    {m === "FIXED" ? t.fixed : t.open}
                  </label>
                ))}
              </div>
            </fieldset>
            {amountMode === "FIXED" ? (
              <Field label={t.amount} name="amount" inputMode="numeric" hint={t.amountHint} error={fieldErrors.amount} />
            ) : (
              <>
                <Field label={t.min} name="min_amount" inputMode="numeric" hint={t.amountHint} error={fieldErrors.min_amount} />
                <Field label={t.max} name="max_amount" inputMode="numeric" hint={t.amountHint} error={fieldErrors.max_amount} />
              </>
            )}
            <Field label={t.slug} name="slug" hint={t.slugHint} maxLength={64} autoCapitalize="none" error={fieldErrors.slug} />
            <div className="sm:col-span-2">
              <Button type="submit" loading={create.isPending} disabled={!hydrated}>
                {t.submit}
              </Button>
              <Alert tone="success" variant="inline" className="mt-2">
                {notice}
              </Alert>
            </div>
          </form>
        </Section>
      ) : (
        <p className="mt-4 rounded-lg border border-line bg-canvas px-3 py-2 text-sm text-ink">{t.readOnly}</p>
      )}

      <Section id="link-list" title={t.list} className="mt-8">
        {query.isError ? (
          <div role="alert" className="mt-2 text-sm text-danger-strong">
            {t.loadError}{" "}
            <Button variant="secondary" onClick={() => void query.refetch()}>
              {t.retry}
            </Button>
          </div>
        ) : null}
        {query.data.links.length === 0 ? (
          <p className="mt-2 text-sm text-muted">{t.none}</p>
        ) : (
          <ul className="mt-3 space-y-3">
            {query.data.links.map((l) => (
              <LinkCard
                key={l.id}
                link={l}
                locale={locale}
                canEdit={canEdit}
                onToggle={(active) => toggle.mutate({ id: l.id, active })}
                onArchive={() => archive.mutate(l.id)}
                archiving={archive.isPending && archive.variables === l.id}
              />
            ))}
          </ul>
        )}
      </Section>
    </PageFrame>
  );
}
