import { notFound } from "next/navigation";
import { DashboardFrame } from "@/components/dashboard/DashboardFrame";
import { CustomerDetailView } from "@/components/dashboard/areas/customers/CustomerDetailView";
import { dashboardMetadata } from "@/components/dashboard/metadata";
import { RoleRefusal } from "@/components/dashboard/RoleRefusal";
import { dashboardPage, type SearchParams } from "@/lib/http/page";
import { can } from "@/lib/auth/permissions";
import { getCustomer } from "@/lib/billing/customers";
import { listInvoices } from "@/lib/invoices/queries";
import { dashboardPayments } from "@/lib/payments/dashboard";

// Customers live in the billing area (its customers list links here).
export const generateMetadata = dashboardMetadata("billing");

const LATEST = 10;

// Another merchant's customer, or the other mode's: the dashboard's 404.
export default async function CustomerPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: SearchParams }) {
  const { id } = await params;
  const { ctx, locale, refused } = await dashboardPage(`/dashboard/customers/${encodeURIComponent(id)}`, "dashboard.read", searchParams);
  if (refused) return <RoleRefusal locale={locale} ctx={ctx} permission={refused} active="billing" />;
  const customer = await getCustomer(ctx, id);
  if (!customer) notFound();
  // One query at a time: a request never holds two pooled connections at once.
  const invoices = await listInvoices(ctx, { customer_phone: customer.phone, page: 1, limit: LATEST });
  const payments = await dashboardPayments(ctx, { page: 1, limit: LATEST, customerPhone: customer.phone });
  return (
    <DashboardFrame locale={locale} mode={ctx.mode} merchantName={ctx.merchant.name} productionEnabled={ctx.merchant.productionEnabled} active="billing">
      <CustomerDetailView locale={locale} customer={customer} invoices={invoices} payments={payments} canInvoice={can(ctx.user.merchantRole, "commerce")} />
    </DashboardFrame>
  );
}
