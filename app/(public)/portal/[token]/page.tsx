import type { Metadata } from "next";
import { Amount } from "@/components/ui/Amount";
import { PublicPageShell } from "@/components/ui/PublicPageShell";
import { portalCopy } from "@/components/portal/copy";
import { ProfileForm } from "@/components/portal/ProfileForm";
import { SubscriptionCard } from "@/components/portal/SubscriptionCard";
import { publicPage } from "@/lib/http/page";
import { merchantBrand } from "@/lib/branding/brand";
import { formatBamako } from "@/lib/format/date";
import { portalPage } from "@/lib/portal/sessions";
import { cancelAction, payNowAction, profileAction } from "./actions";

export const dynamic = "force-dynamic";

// The token in the URL is the customer's key: never indexed, never sent as a referrer.
export const metadata: Metadata = { title: "Espace client", robots: { index: false, follow: false }, referrer: "no-referrer" };

type Props = { params: Promise<{ token: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * The customer portal (the `url` of a portal session): the customer's subscriptions with this
 * merchant, their payments, cancel, pay an overdue period, fill in missing details. An expired or
 * unknown link shows only how to get a new one — never any data.
 */
export default async function PortalPage({ params, searchParams }: Props) {
  const [{ token }, { locale, db }] = await Promise.all([params, publicPage(searchParams)]);
  const t = portalCopy[locale];
  const found = await portalPage(db, token);
  if (found.state !== "open") {
    const expired = found.state === "expired";
    return (
      <PublicPageShell locale={locale}>
        <section className="rounded-2xl border border-line bg-surface p-6 shadow-sm">
          <h1 className="text-xl font-bold text-ink">{expired ? t.expiredTitle : t.unknownTitle}</h1>
          <p className="mt-2 text-muted">{expired ? t.expiredLead : t.unknownLead}</p>
        </section>
      </PublicPageShell>
    );
  }
  const { view } = found;
  const brand = await merchantBrand(db, view.merchantId);
  return (
    <PublicPageShell locale={locale} testMode={!view.livemode} width="wide" brand={brand}>
      <div className="mx-auto flex max-w-3xl flex-col gap-8">
        <header>
          {view.returnUrl ? (
            <a href={view.returnUrl} className="inline-flex min-h-11 items-center text-sm font-semibold text-brand underline-offset-2 hover:underline">
              ← {t.back}
            </a>
          ) : null}
          <h1 className="mt-1 text-2xl font-bold text-ink">{t.title}</h1>
          <p className="mt-1 text-muted">{t.with(view.merchantName)}</p>
        </header>

        <section aria-labelledby="subs-title">
          <h2 id="subs-title" className="text-lg font-semibold text-ink">
            {t.subscriptions}
          </h2>
          {view.subscriptions.length === 0 ? (
            <p className="mt-2 text-muted">{t.noSubscriptions}</p>
          ) : (
            <ul className="mt-3 flex flex-col gap-4">
              {view.subscriptions.map((sub) => (
                <SubscriptionCard key={sub.id} locale={locale} sub={sub} cancel={cancelAction.bind(null, token)} payNow={payNowAction.bind(null, token)} />
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby="payments-title">
          <h2 id="payments-title" className="text-lg font-semibold text-ink">
            {t.payments}
          </h2>
          {view.payments.length === 0 ? (
            <p className="mt-2 text-muted">{t.noPayments}</p>
          ) : (
            <div className="mt-3 overflow-x-auto rounded-2xl border border-line bg-surface">
              <table className="w-full text-left text-sm">
                <thead className="border-b border-line text-muted">
                  <tr>
                    <th scope="col" className="px-3 py-2 sm:px-4 font-semibold">{t.dateCol}</th>
                    <th scope="col" className="hidden px-3 py-2 sm:px-4 font-semibold sm:table-cell">{t.descriptionCol}</th>
                    <th scope="col" className="px-3 py-2 sm:px-4 text-right font-semibold">{t.amountCol}</th>
                    <th scope="col" className="px-3 py-2 sm:px-4 font-semibold">{t.statusCol}</th>
                  </tr>
                </thead>
                <tbody>
                  {view.payments.map((p) => (
                    <tr key={p.id} className="border-b border-line last:border-0">
                      <td className="px-3 py-2 sm:px-4">
                        <time dateTime={p.createdAt}>{formatBamako(p.createdAt, locale)}</time>
                      </td>
                      <td className="hidden px-3 py-2 sm:px-4 sm:table-cell">{p.description ?? "—"}</td>
                      <td className="px-3 py-2 text-right whitespace-nowrap sm:px-4">
                        <Amount value={p.amount} />
                      </td>
                      <td className="px-3 py-2 sm:px-4">{t.paymentStatus[p.status] ?? p.status}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>

        <section aria-labelledby="profile-title" className="rounded-2xl border border-line bg-surface p-5 shadow-sm">
          <h2 id="profile-title" className="text-lg font-semibold text-ink">
            {t.profile}
          </h2>
          <p className="mt-1 mb-4 text-sm text-muted">{t.profileLead}</p>
          <ProfileForm locale={locale} phone={view.customer.phone} name={view.customer.name} email={view.customer.email} save={profileAction.bind(null, token)} />
        </section>

        <p className="text-sm text-muted">{t.expiresAt(formatBamako(view.expiresAt, locale))}</p>
      </div>
    </PublicPageShell>
  );
}
