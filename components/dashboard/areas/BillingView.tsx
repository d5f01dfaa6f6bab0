"use client";

import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { PageFrame } from "@/components/ui/PageFrame";
import { Spinner } from "@/components/ui/Spinner";
import type { Mode } from "@/db/schema";
import type { Locale } from "@/lib/i18n/locale";
import { apiFetch } from "@/components/data/fetch-json";
import { billingCopy, type BillingOverview, type CustomersPage } from "./billing/copy";
import { CustomersSection } from "./billing/CustomersSection";
import { PlansSection } from "./billing/PlansSection";
import { SubscriptionsSection, type SubFilters } from "./billing/SubscriptionsSection";

const SUB_LIMIT = 50;

/**
 * The billing area: plans (create, edit, deactivate), subscriptions (subscribe a customer with
 * a payment link, filter, cancel) and customers, all of the dashboard's current mode. Every
 * change refetches everything under ["billing", mode]: subscriber counts, statuses and
 * customers move together.
 */
export function BillingView({ locale, mode, initial, initialCustomers }: { locale: Locale; mode: Mode; initial: BillingOverview; initialCustomers: CustomersPage }) {
  const t = billingCopy[locale];
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<SubFilters>({ status: "", plan_id: "" });
  const unfiltered = filters.status === "" && filters.plan_id === "";
  const query = useQuery({
    queryKey: ["billing", mode, "overview", filters.status, filters.plan_id],
    queryFn: () => {
      const params = new URLSearchParams({ limit: String(SUB_LIMIT) });
      if (filters.status) params.set("status", filters.status);
      if (filters.plan_id) params.set("plan_id", filters.plan_id);
      return apiFetch<BillingOverview>(`/dashboard-api/billing?${params}`);
    },
    initialData: unfiltered ? initial : undefined,
    // The plans stay on screen while the subscriptions of a new filter load.
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ["billing", mode] });
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
        <div role="alert" className="mt-4 flex flex-wrap items-center gap-2 rounded-lg border border-danger bg-danger-soft px-3 py-2 text-sm font-medium text-danger-strong">
          {t.loadError}
          <Button variant="secondary" onClick={() => void query.refetch()}>
            {t.retry}
          </Button>
        </div>
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
