import { DashboardFrame } from "@/components/dashboard/DashboardFrame";
import { BillingView } from "@/components/dashboard/areas/BillingView";
import { dashboardMetadata } from "@/components/dashboard/metadata";
import { RoleRefusal } from "@/components/dashboard/RoleRefusal";
import { ExportPanel } from "@/components/dashboard/books/ExportPanel";
import { dashboardPage, type SearchParams } from "@/lib/http/page";
import { can } from "@/lib/auth/permissions";
import { listCustomers } from "@/lib/billing/customers";
import { listPlans } from "@/lib/billing/plans";
import { listSubscriptions } from "@/lib/billing/subscriptions";

export const generateMetadata = dashboardMetadata("billing");

export default async function BillingPage({ searchParams }: { searchParams: SearchParams }) {
  const { ctx, locale, refused } = await dashboardPage("/dashboard/billing", "dashboard.read", searchParams);
  if (refused) return <RoleRefusal locale={locale} ctx={ctx} permission={refused} active="billing" />;
  // One query at a time, as the lib functions do: a request never holds two pooled connections.
  const plans = await listPlans(ctx, {});
  const subscriptions = (await listSubscriptions(ctx, { page: 1, limit: 50 })).items;
  const customers = await listCustomers(ctx, { page: 1, limit: 50 });
  const initialCustomers = { customers: customers.items, pagination: customers.pagination };
  return (
    <DashboardFrame locale={locale} mode={ctx.mode} merchantName={ctx.merchant.name} productionEnabled={ctx.merchant.productionEnabled} active="billing">
      <BillingView locale={locale} mode={ctx.mode} initial={{ plans, subscriptions }} initialCustomers={initialCustomers} />
      {can(ctx.user.merchantRole, "books") ? <ExportPanel locale={locale} type="subscriptions" /> : null}
    </DashboardFrame>
  );
}
