import type { Metadata } from "next";
import { cache } from "react";
import { linkCopy } from "@/components/links/copy";
import { LinkPayForm } from "@/components/links/LinkPayForm";
import { Amount } from "@/components/ui/Amount";
import { buttonClasses } from "@/components/ui/Button";
import { PublicPageShell } from "@/components/ui/PublicPageShell";
import { publicPage } from "@/lib/http/page";
import { merchantBrand } from "@/lib/branding/brand";
import { formatXof } from "@/lib/format/money";
import { linkPageView } from "@/lib/links/page";
import { linkCheckoutFromForm } from "./actions";

export const dynamic = "force-dynamic";

// Metadata and page share one read per request.
// The database comes from publicPage(); the page only names its type through the view it reads.
const viewOf = cache((db: Parameters<typeof linkPageView>[0], slug: string, paymentId?: string) => linkPageView(db, slug, paymentId));

type Props = { params: Promise<{ slug: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const [{ slug }, { locale, db }] = await Promise.all([params, publicPage(searchParams)]);
  const view = await viewOf(db, slug);
  const title = view.state === "open" ? `${view.link.name} · ${view.link.merchant_name}` : linkCopy[locale].title;
  return { title, robots: { index: false, follow: false } };
}

function Message({ title, lead }: { title: string; lead: string }) {
  return (
    <section className="rounded-2xl border border-line bg-surface p-6 shadow-sm">
      <h1 className="text-xl font-bold text-ink">{title}</h1>
      <p className="mt-2 text-muted">{lead}</p>
    </section>
  );
}

/**
 * The public page of a payment link (its `url`, what its QR code opens): who is paid, for what,
 * how much (or an amount field within the bounds of an OPEN link), the customer's number; then
 * the hosted checkout. A deactivated link says so; a deleted one says it no longer exists.
 */
export default async function LinkPage({ params, searchParams }: Props) {
  const [{ slug }, sp, { locale, db }] = await Promise.all([params, searchParams, publicPage(searchParams)]);
  const t = linkCopy[locale];
  const paymentParam = typeof sp.payment === "string" ? sp.payment : typeof sp.payment_id === "string" ? sp.payment_id : undefined;
  const view = paymentParam ? await viewOf(db, slug, paymentParam) : await viewOf(db, slug);

  if (view.state !== "open") {
    return (
      <PublicPageShell locale={locale}>
        {view.state === "archived" ? <Message title={t.archivedTitle} lead={t.archivedLead} /> : <Message title={t.missingTitle} lead={t.missingLead} />}
      </PublicPageShell>
    );
  }
  const { link, paid } = view;
  const brand = await merchantBrand(db, view.merchantId);
  return (
    <PublicPageShell locale={locale} testMode={!link.livemode} brand={brand}>
      <section className="rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-6" aria-labelledby="link-title">
        <p className="text-sm text-muted">
          {t.payTo} <span className="font-semibold text-ink">{link.merchant_name}</span>
        </p>
        <h1 id="link-title" className="mt-1 text-2xl font-bold break-words text-ink">
          {link.name}
        </h1>
        {link.description ? <p className="mt-2 whitespace-pre-line break-words text-muted">{link.description}</p> : null}
        {link.mode === "FIXED" && link.amount !== null ? <Amount value={link.amount} className="mt-4 block text-3xl font-bold text-ink" /> : null}
        {link.mode === "OPEN" && link.min_amount !== null && link.max_amount !== null ? (
          <p className="mt-4 text-lg font-semibold text-ink">
            {formatXof(link.min_amount)} – {formatXof(link.max_amount)}
          </p>
        ) : null}

        {paid ? (
          <div role="status" className="mt-6 rounded-xl border border-brand bg-brand-soft p-4">
            <h2 className="text-lg font-bold text-ink">{t.thanksTitle}</h2>
            <p className="mt-1 text-ink">{t.thanksLead(formatXof(paid.amount), link.merchant_name)}</p>
            <p className="mt-2 text-sm text-muted">
              {t.thanksRef} <span className="font-mono break-all">{paid.paymentId}</span>
            </p>
            {link.is_active ? (
              <a href={`/l/${link.slug}?lang=${locale}`} className={`mt-4 ${buttonClasses({ variant: "secondary" })}`}>
                {t.payAgain}
              </a>
            ) : null}
          </div>
        ) : link.is_active ? (
          <LinkPayForm locale={locale} action={linkCheckoutFromForm.bind(null, link.slug, locale)} mode={link.mode} amount={link.amount} minAmount={link.min_amount} maxAmount={link.max_amount} />
        ) : (
          <div role="status" className="mt-6 rounded-xl border-l-4 border border-warning-ink bg-warning p-4 text-warning-ink">
            <h2 className="font-semibold">{t.inactiveTitle}</h2>
            <p className="mt-1 text-sm">{t.inactiveLead(link.merchant_name)}</p>
          </div>
        )}
      </section>
    </PublicPageShell>
  );
}
