"use client";

import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { PageFrame } from "@/components/ui/PageFrame";
import { Spinner } from "@/components/ui/Spinner";
import type { Mode } from "@/db/schema";
import type { Locale } from "@/lib/i18n/locale";
import { billingCopy, type BillingOverview, type CustomersPage } from "./billing/copy";
import { CustomersSection } from "./billing/CustomersSection";
import { PlansSection } from "./billing/PlansSection";
import { SubscriptionsSection } from "./billing/SubscriptionsSection";
import { useBilling } from "./billing/use-billing";

/**
 * The billing area: plans (create, edit, deactivate), subscriptions (subscribe a customer with
 * a payment link, filter, cancel) and customers, all of the dashboard's current mode.
 */
export function BillingView({ locale, mode, initial, initialCustomers }: { locale: Locale; mode: Mode; initial: BillingOverview; initialCustomers: CustomersPage }) {
  const t = billingCopy[locale];
  const { query, filters, setFilters, refresh } = useBilling({ mode, initial });
  const data = query.data;

  return (
    <PageFrame title={t.title} description={t.intro} actions={query.isFetching ? <Spinner label={t.loading} /> : null}>
      <nav aria-label={t.sections} className="mt-3">
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm font-semibold">
          {(
            [
              ["#plans", t.plans],
              ["#subscriptions", t.subs],
              ["#customers", t.customers],
            ] as const
          ).map(([href, label]) => (
            <li key={href}>
              <a href={href} className="inline-flex min-h-11 items-center text-brand underline">
                {label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {query.isError ? (
        <Alert as="div" className="mt-4 flex flex-wrap items-center gap-2">
          {t.loadError}
          <Button variant="secondary" onClick={() => void query.refetch()}>
            {t.retry}
          </Button>
        </Alert>
      ) : null}
      <PlansSection locale={locale} plans={data?.plans} onChanged={refresh} />
      <SubscriptionsSection
        locale={locale}
        plans={data?.plans}
        subscriptions={query.isPlaceholderData ? undefined : data?.subscriptions}
        filters={filters}
        onFilters={setFilters}
        onChanged={refresh}
      />
      <CustomersSection locale={locale} mode={mode} initial={initialCustomers} />
    </PageFrame>
  );
}
