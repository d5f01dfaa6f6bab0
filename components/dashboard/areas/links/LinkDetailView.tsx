import Link from "next/link";
import type { ReactNode } from "react";
import { Amount } from "@/components/ui/Amount";
import type { Locale } from "@/lib/i18n/locale";
import type { LinkDetail } from "@/lib/links/dashboard";
import { DateTime } from "../../DateTime";
import { StatusBadge } from "../../StatusBadge";
import { linksCopy, linkStatus } from "./copy";
import { LinkEditPanel } from "./LinkEditPanel";
import { LinkPaymentsTable } from "./LinkPaymentsTable";
import { LinkSmsPanel } from "./LinkSmsPanel";

/** A link's page: what it is, its settings and "Send by SMS" (for members who may change them) and its payments. */
export function LinkDetailView({ detail, locale, canEdit, hrefFor }: { detail: LinkDetail; locale: Locale; canEdit: boolean; hrefFor: (page: number) => string }) {
  const t = linksCopy[locale];
  const { link } = detail;
  const facts: { label: string; value: ReactNode }[] = [
    {
      label: link.mode === "FIXED" ? t.price : t.bounds,
      value:
        link.mode === "FIXED" ? (
          <Amount value={link.amount ?? 0} />
        ) : (
          <>
            <Amount value={link.min_amount ?? 0} /> – <Amount value={link.max_amount ?? 0} />
          </>
        ),
    },
    {
      label: t.collected,
      value: (
        <>
          <Amount value={link.total_collected} /> · {t.payments(link.payment_count)}
        </>
      ),
    },
    { label: t.publicUrl, value: <code className="font-mono text-xs break-all select-all">{link.url}</code> },
    { label: t.redirect, value: link.success_redirect_url ? <span className="break-all">{link.success_redirect_url}</span> : t.redirectNone },
    { label: t.descriptionLabel, value: link.description ?? t.noDescription },
    { label: t.created_at, value: <DateTime value={link.created_at} locale={locale} /> },
  ];
  return (
    <div>
      <Link href={locale === "en" ? "/dashboard/links?lang=en" : "/dashboard/links"} className="text-sm font-semibold text-brand underline">
        ← {t.back}
      </Link>
      <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1">
        <h1 className="text-2xl font-bold break-words text-ink">{link.name}</h1>
        <span data-testid="link-status">
          <StatusBadge kind="link" status={linkStatus(link)} locale={locale} />
        </span>
      </div>
      <p className="mt-1 text-muted">{link.mode === "FIXED" ? t.fixed : t.openShort}</p>
      {link.archived ? <p className="mt-3 rounded-lg border border-line bg-canvas px-3 py-2 text-sm text-ink">{t.archivedNote}</p> : null}

      <section aria-labelledby="link-facts" className="mt-4 rounded-2xl border border-line bg-surface p-5">
        <h2 id="link-facts" className="sr-only">
          {t.facts}
        </h2>
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_minmax(0,1fr)] sm:gap-y-3">
          {facts.map(({ label, value }) => (
            <div key={label} className="contents">
              <dt className="font-semibold text-muted">{label}</dt>
              <dd className="min-w-0 pb-2 text-ink sm:pb-0">{value}</dd>
            </div>
          ))}
        </dl>
      </section>

      {canEdit && !link.archived ? <LinkEditPanel link={link} locale={locale} /> : null}
      {canEdit && link.is_active ? <LinkSmsPanel link={link} locale={locale} /> : null}
      <LinkPaymentsTable detail={detail} locale={locale} hrefFor={hrefFor} />
    </div>
  );
}
