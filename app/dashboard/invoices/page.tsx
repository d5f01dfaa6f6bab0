import { DashboardFrame } from "@/components/dashboard/DashboardFrame";
import { InvoicesView } from "@/components/dashboard/areas/InvoicesView";
import { INVOICES_PAGE, type InvoiceFilters } from "@/components/dashboard/areas/invoices/list";
import { ExportPanel } from "@/components/dashboard/books/ExportPanel";
import { dashboardMetadata } from "@/components/dashboard/metadata";
import { RoleRefusal } from "@/components/dashboard/RoleRefusal";
import { dashboardPage, type SearchParams } from "@/lib/http/page";
import { can } from "@/lib/auth/permissions";
import { listInvoices } from "@/lib/invoices/queries";
import { listInvoicesQuerySchema } from "@/lib/invoices/schemas";

export const generateMetadata = dashboardMetadata("invoices");

const str = (v: string | string[] | undefined) => (typeof v === "string" && v !== "" ? v : undefined);

// ?status=, ?search=, ?customer_phone= (a customer's page links here) and ?page= open the list filtered;
// read with the API's own schema, and anything it refuses opens the unfiltered list instead.
export default async function InvoicesPage({ searchParams }: { searchParams: SearchParams }) {
  const { ctx, locale, refused } = await dashboardPage("/dashboard/invoices", "dashboard.read", searchParams);
  if (refused) return <RoleRefusal locale={locale} ctx={ctx} permission={refused} active="invoices" />;
  const sp = await searchParams;
  const asked = listInvoicesQuerySchema.safeParse({ status: str(sp.status), search: str(sp.search), customer_phone: str(sp.customer_phone), page: str(sp.page), limit: INVOICES_PAGE });
  const query = asked.success ? asked.data : listInvoicesQuerySchema.parse({ limit: INVOICES_PAGE });
  const r = await listInvoices(ctx, query);
  const filters: InvoiceFilters = { status: query.status ?? "", search: query.search ?? "", customer_phone: query.customer_phone ?? "", page: query.page };
  return (
    <DashboardFrame locale={locale} mode={ctx.mode} merchantName={ctx.merchant.name} productionEnabled={ctx.merchant.productionEnabled} active="invoices">
      <InvoicesView locale={locale} mode={ctx.mode} initial={{ invoices: r.items, pagination: r.pagination }} initialFilters={filters} canEdit={can(ctx.user.merchantRole, "commerce")} />
      {can(ctx.user.merchantRole, "books") ? <ExportPanel locale={locale} type="invoices" /> : null}
    </DashboardFrame>
  );
}
